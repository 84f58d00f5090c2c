package org.vramsheet.ops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.vramsheet.core.sheet.SignOff;
import org.vramsheet.core.sheet.SignOffFlow;
import org.vramsheet.core.sheet.SignOffStatus;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.io.catalog.ModelCatalog;
import org.vramsheet.io.json.Fingerprint;
import org.vramsheet.io.json.WorksheetJson;
import org.vramsheet.io.model.ConfigImporter;
import org.vramsheet.ui.model.SheetViewModel;

/**
 * The sheet as a signed document, over random sequences of what a team does in a meeting: edit, undo, redo,
 * approve, reopen, import, estimate non-KV, switch the number style, save, open. After every step an Approved
 * sheet is read-only and carries the fingerprint of exactly its content; undo then redo gives the same sheet.
 */
class SignOffInvariantsTest {
    /** A vLLM startup log of the start sheet's model class (70B, GQA-8) on one 80 GiB GPU. */
    private static final String LOG = "(APIServer pid=1) INFO non-default args: {'max_model_len': 8192, "
            + "'gpu_memory_utilization': 0.9}\n(EngineCore_DP0 pid=2) INFO [gpu_worker.py:298] Available KV cache memory: "
            + "36.00 GiB\n(EngineCore_DP0 pid=2) INFO [kv_cache_utils.py:1087] GPU KV cache size: 117,964 tokens\n";

    enum Op { EDIT, UNDO, REDO, APPROVE, REOPEN, IMPORT, ESTIMATE, APPLY_LOG, LANGUAGE, SAVE, OPEN }

    private static Worksheet start() throws Exception {
        return WorksheetJson.read(Path.of("assets/samples/seed003-70b-int4-80gib.json"));
    }

    private static void fillSignOff(SheetViewModel vm) {
        vm.signOff.preparedBy.set("Ann");
        vm.signOff.preparedOn.set("2026-11-28");
        vm.signOff.reviewedBy.set("Bo");
        vm.signOff.reviewedOn.set("2026-11-29");
        vm.signOff.approvedBy.set("Cy");
        vm.signOff.approvedOn.set("2026-11-30");
        vm.checkpointNow();
    }

    private static void invariants(SheetViewModel vm, String after) {
        Worksheet ws = vm.snapshot();
        boolean approved = ws.signOff().status() == SignOffStatus.APPROVED;
        assertEquals(approved, vm.readOnlyProperty().get(), after + ": read-only exactly when Approved");
        assertTrue(SignOffFlow.consistent(ws, Fingerprint.ofContent(ws)), after + ": an Approved sheet carries the "
                + "fingerprint of its content");
    }

    @Property(tries = 120)
    void approvalHoldsThroughAnySequence(@ForAll("ops") List<Op> ops) throws Exception {
        SheetViewModel vm = new SheetViewModel();
        vm.open(start(), null);
        var imported = ConfigImporter.parse(ModelCatalog.configText(ModelCatalog.entries().get(3)), "catalog");
        int n = 0;
        StringBuilder done = new StringBuilder();
        for (Op op : ops) {
            done.append(op).append(' ');
            switch (op) {
                case EDIT -> {
                    if (!vm.readOnlyProperty().get()) {
                        vm.validation.notes.set("note " + n++);
                        vm.checkpointNow();
                    }
                }
                case UNDO -> vm.undo();
                case REDO -> vm.redo();
                case APPROVE -> {
                    if (!vm.readOnlyProperty().get()) {
                        fillSignOff(vm);
                        assertEquals(List.of(), vm.approve(), done.toString());
                        assertFalse(vm.canUndoProperty().get(), "approval is a boundary: nothing to undo into it");
                    }
                }
                case REOPEN -> vm.reopenAsDraft();
                case IMPORT -> vm.applyImport(imported);
                case ESTIMATE -> vm.estimateNonKv();
                case APPLY_LOG -> {
                    var lvm = new org.vramsheet.ui.dialogs.LogViewModel(vm, new org.vramsheet.ui.dialogs.ScriptedDialogs());
                    lvm.text.set(LOG);
                    lvm.read();
                    lvm.apply();
                }
                case LANGUAGE -> vm.setDecimalComma(n++ % 2 == 0);
                case SAVE -> vm.markSaved(Path.of("x.json"));
                case OPEN -> vm.open(WorksheetJson.parse(WorksheetJson.write(vm.snapshot()), "reopened"), null);
            }
            invariants(vm, done.toString());
        }
        // undo then redo is the identity wherever both are possible
        if (vm.canUndoProperty().get()) {
            Worksheet before = vm.snapshot();
            vm.undo();
            invariants(vm, done + "UNDO");
            vm.redo();
            assertEquals(before, vm.snapshot(), done + "UNDO REDO");
        }
    }

    @Provide
    Arbitrary<List<Op>> ops() {
        return Arbitraries.of(Op.values()).list().ofMinSize(1).ofMaxSize(25);
    }

    /** Seen: after "Reopen as Draft", Ctrl+Z set Status back to Approved but left the sheet editable. */
    @Example
    void undoAfterReopenNeverGivesAnEditableApprovedSheet() throws Exception {
        SheetViewModel vm = new SheetViewModel();
        vm.open(start(), null);
        fillSignOff(vm);
        assertEquals(List.of(), vm.approve());
        assertTrue(vm.readOnlyProperty().get(), "Approved locks at once, not when the file is reopened");
        vm.reopenAsDraft();
        vm.undo();
        assertEquals(SignOffStatus.DRAFT, vm.snapshot().signOff().status(), "undo does not cross the reopen");
        assertFalse(vm.readOnlyProperty().get());
        vm.kv.layers.textProperty().set("40");
        vm.checkpointNow();
        vm.undo();
        vm.undo();
        vm.redo();
        invariants(vm, "reopen, undo, edit, undo, undo, redo");
        assertEquals(SignOffStatus.DRAFT, vm.snapshot().signOff().status());
    }

    /** Seen: approved-by names and dates survived "Reopen as Draft"; now they go to the history. */
    @Example
    void reopenClearsTheApprovalIntoTheHistory() throws Exception {
        SheetViewModel vm = new SheetViewModel();
        vm.open(start(), null);
        fillSignOff(vm);
        vm.approve();
        String fp = vm.snapshot().signOff().approvedFingerprint();
        assertEquals(Fingerprint.ofContent(vm.snapshot()), fp);
        vm.reopenAsDraft();
        SignOff s = vm.snapshot().signOff();
        assertEquals("", s.approvedBy());
        assertEquals("", s.approvedOn());
        assertEquals("", s.reviewedBy());
        assertEquals("Ann", s.preparedBy(), "the preparer stays");
        assertEquals(1, s.history().size());
        assertEquals("Cy", s.history().get(0).approvedBy());
        assertEquals(fp, s.history().get(0).fingerprint());
    }

    @Example
    void approvalNeedsEverySignOffFieldAndRealDates() throws Exception {
        SheetViewModel vm = new SheetViewModel();
        vm.open(start(), null);
        List<String> missing = vm.approve();
        assertEquals(6, missing.size(), missing.toString());
        assertFalse(vm.readOnlyProperty().get());
        fillSignOff(vm);
        vm.signOff.reviewedOn.set("29.11.2026");
        vm.checkpointNow();
        assertTrue(vm.approve().stream().anyMatch(m -> m.contains("Reviewed on")), "a date that is not ISO is refused");
        assertEquals(SignOffStatus.DRAFT, vm.snapshot().signOff().status());
        assertThrows(IllegalStateException.class, () -> SignOffFlow.approve(start(), "abc"));
    }

    /** Import, estimate and apply-log do nothing to an Approved sheet (the window disables them too). */
    @Example
    void anApprovedSheetIsNotChangedByOperations() throws Exception {
        SheetViewModel vm = new SheetViewModel();
        vm.open(start(), null);
        fillSignOff(vm);
        vm.approve();
        Worksheet approved = vm.snapshot();
        vm.estimateNonKv();
        vm.applyImport(ConfigImporter.parse(ModelCatalog.configText(ModelCatalog.entries().get(0)), "catalog"));
        assertEquals(approved, vm.snapshot());
    }
}
