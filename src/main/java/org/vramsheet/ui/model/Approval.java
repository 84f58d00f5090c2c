package org.vramsheet.ui.model;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.vramsheet.core.sheet.SignOffFlow;
import org.vramsheet.core.sheet.SignOffStatus;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.io.json.Fingerprint;

/** Approving a sheet and reopening it as a Draft (SignOffFlow), each shown as a boundary of the undo history. */
final class Approval {
    private final Supplier<Worksheet> sheet;
    private final BooleanSupplier inputProblems;
    private final Runnable endEdit;
    private final Consumer<Worksheet> boundary;

    /**
     * @param sheet         the sheet as the form shows it
     * @param inputProblems whether the calculation found input problems
     * @param endEdit       ends the edit in progress (an undo step before the approval)
     * @param boundary      shows a sheet as a fresh start of the history
     */
    Approval(Supplier<Worksheet> sheet, BooleanSupplier inputProblems, Runnable endEdit, Consumer<Worksheet> boundary) {
        this.sheet = sheet;
        this.inputProblems = inputProblems;
        this.endEdit = endEdit;
        this.boundary = boundary;
    }

    /** Approves with the content's fingerprint; what approval still needs (nothing approved then), else an empty list. */
    List<String> approve() {
        endEdit.run();
        Worksheet ws = sheet.get();
        List<String> out = problems();
        if (out.isEmpty()) {
            boundary.accept(SignOffFlow.approve(ws, Fingerprint.ofContent(ws)));
        }
        return out;
    }

    /** What stands in the way of approving the sheet as it is now (empty: nothing); approves nothing. */
    List<String> problems() {
        List<String> out = new ArrayList<>(SignOffFlow.missingForApproval(sheet.get().signOff()));
        if (inputProblems.getAsBoolean()) {
            out.add("the sheet has input problems: fix the marked fields first");
        }
        return out;
    }

    /** An Approved sheet becomes a Draft again; the approval goes to the sign-off history. Others stay as they are. */
    void reopenAsDraft() {
        Worksheet ws = sheet.get();
        if (ws.signOff().status() == SignOffStatus.APPROVED) {
            boundary.accept(SignOffFlow.reopen(ws, LocalDate.now().toString()));
        }
    }
}
