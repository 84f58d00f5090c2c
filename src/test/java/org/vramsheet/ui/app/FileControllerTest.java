package org.vramsheet.ui.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.vramsheet.io.json.WorksheetJson;
import org.vramsheet.ui.dialogs.DialogService;
import org.vramsheet.ui.dialogs.ScriptedDialogs;
import org.vramsheet.ui.model.SheetViewModel;

/** Files without the toolkit: save / reopen, unsaved-changes questions, recent files, autosave recovery. */
class FileControllerTest {
    @TempDir
    Path dir;

    private record Setup(SheetViewModel vm, ScriptedDialogs dialogs, FileController files, AppHome home) { }

    private Setup setup() {
        SheetViewModel vm = new SheetViewModel();
        ScriptedDialogs d = new ScriptedDialogs();
        AppHome home = new AppHome(dir.resolve("home"));
        FileController f = new FileController(vm, d, home);
        f.start();
        return new Setup(vm, d, f, home);
    }

    /** How many autosave copies another instance would be offered now (each released again after looking). */
    private int orphaned() {
        AppHome look = new AppHome(dir.resolve("home"));
        var found = look.recoveries();
        found.forEach(look::release);
        return found.size();
    }

    private long autosaveFiles() throws java.io.IOException {
        try (var files = Files.list(dir.resolve("home"))) {
            return files.filter(p -> p.getFileName().toString().matches("autosave-.*\\.json")).count();
        }
    }

    @Test
    void startsOnTheDefaultSampleNeverAnEmptyForm() {
        Setup s = setup();
        assertEquals("google/gemma-2-9b-it", s.vm().model.modelId.get(), "New opens the sample that fits");
        assertEquals("Untitled - VRAM Sheet", s.files().title());
    }

    /** Seen (issue 25): File › New kept the sample's 21.11 GiB measured on gemma-2-9b; a new sheet has no measurement. */
    @Test
    void newStartsWithoutTheSamplesMeasurements() {
        Setup s = setup();
        s.files().newSheet();
        assertFalse(s.vm().snapshot().validation().hasMeasurement(), "File › New: no measurement of the sample");
        assertEquals("google/gemma-2-9b-it", s.vm().model.modelId.get(), "the sample's model and workloads");
    }

    @Test
    void saveAndReopenGiveTheSameSheet() throws Exception {
        Setup s = setup();
        s.vm().kv.layers.textProperty().set("40");
        assertTrue(s.files().title().startsWith("*"));
        Path f = dir.resolve("mine.json");
        s.dialogs().saveAnswers.add(f);
        assertTrue(s.files().save());
        assertEquals("mine.json - VRAM Sheet", s.files().title());
        Setup other = setup();
        other.dialogs().openAnswers.add(f);
        other.files().open();
        assertEquals(s.vm().snapshot(), other.vm().snapshot());
        assertEquals(40, WorksheetJson.read(f).kv().layers());
        assertEquals(f.toAbsolutePath(), other.home().recent().get(0));
    }

    @Test
    void unsavedChangesAreAskedAbout() {
        Setup s = setup();
        s.vm().model.modelId.set("edited");
        s.dialogs().unsavedAnswers.add(DialogService.Unsaved.CANCEL);
        s.files().newSheet();
        assertEquals("edited", s.vm().model.modelId.get(), "cancel keeps the edit");
        s.dialogs().unsavedAnswers.add(DialogService.Unsaved.DISCARD);
        s.files().newSheet();
        assertEquals("google/gemma-2-9b-it", s.vm().model.modelId.get(), "New opens the sample that fits");
        assertEquals(2, s.dialogs().unsavedAsked);
    }

    @Test
    void aBadFileIsReportedAndTheSheetStays() throws Exception {
        Setup s = setup();
        s.vm().model.modelId.set("kept");
        s.vm().markSaved(null);
        Path bad = dir.resolve("bad.json");
        Files.writeString(bad, "{\"kv\": {\"layers\": \"many\"}}");
        s.dialogs().openAnswers.add(bad);
        s.files().open();
        assertEquals("kept", s.vm().model.modelId.get());
        assertEquals(1, s.dialogs().errors.size());
        assertTrue(s.dialogs().errors.get(0).contains("kv.layers"), s.dialogs().errors.get(0));
    }

    @Test
    void aFailedSaveLosesNothing() throws Exception {
        Setup s = setup();
        s.vm().model.modelId.set("precious");
        Path blocked = dir.resolve("blocked.json");
        Files.createDirectories(blocked.resolve("inside"));
        s.dialogs().saveAnswers.add(blocked);
        s.dialogs().overwrite = true;
        assertFalse(s.files().saveAs());
        assertEquals(1, s.dialogs().errors.size());
        assertTrue(s.vm().dirtyProperty().get());
        assertEquals("precious", s.vm().model.modelId.get());
    }

    @Test
    void existingFilesAreNotOverwrittenWithoutAsking() throws Exception {
        Setup s = setup();
        Path f = dir.resolve("exists.json");
        Files.writeString(f, "keep me");
        s.dialogs().overwrite = false;
        s.dialogs().saveAnswers.add(f);
        assertFalse(s.files().saveAs());
        assertEquals("keep me", Files.readString(f));
    }

    @Test
    void autosaveOffersRecoveryAfterACrash() {
        Setup s = setup();
        s.vm().model.modelId.set("unsaved work");
        s.files().autosave();
        s.home().dropAutosaveLock(); // the process dies here: no closed() call, the system releases its lock
        Setup next = setup();
        assertEquals("unsaved work", next.vm().model.modelId.get());
        assertTrue(next.vm().dirtyProperty().get());
        next.files().closed();
        Setup clean = setup();
        assertEquals("google/gemma-2-9b-it", clean.vm().model.modelId.get(), "a clean start opens the sample that fits");
    }

    /**
     * Seen: started with a file after a crash, Restore loaded the file on disk over the recovered sheet, and Ctrl+Q
     * then quit without asking and deleted the autosave.
     */
    @Test
    void recoveryWhenStartedWithAFileKeepsTheRecoveredWork() throws Exception {
        Path f = dir.resolve("team.json");
        Files.writeString(f, WorksheetJson.write(WorksheetJson.read(Path.of("assets/samples/seed003-70b-int4-80gib.json"))));
        SheetViewModel vm = new SheetViewModel();
        ScriptedDialogs d = new ScriptedDialogs();
        AppHome home = new AppHome(dir.resolve("home"));
        FileController files = new FileController(vm, d, home);
        files.start(f, false);
        vm.model.modelId.set("edited in the meeting");
        files.autosave();
        home.dropAutosaveLock(); // the JVM is killed here: no closed()
        SheetViewModel vm2 = new SheetViewModel();
        ScriptedDialogs d2 = new ScriptedDialogs();
        FileController again = new FileController(vm2, d2, new AppHome(dir.resolve("home")));
        again.start(f, false);
        assertEquals(1, d2.recoveryOffers.size(), "the autosave is offered first");
        assertEquals("edited in the meeting", vm2.model.modelId.get(), "the file on disk is not loaded over the recovered work");
        assertEquals(f.toAbsolutePath(), vm2.file.get().toAbsolutePath());
        assertTrue(vm2.dirtyProperty().get(), "recovered work is unsaved");
        d2.unsavedAnswers.add(DialogService.Unsaved.CANCEL);
        assertFalse(again.confirmDiscard(), "quitting with unsaved changes asks");
        assertEquals(1, d2.unsavedAsked);
        assertEquals(0, orphaned(), "the restored copy is this window's own now: no other instance is offered it");
        again.autosave();
        assertTrue(Files.exists(dir.resolve("home")) && autosaveFiles() == 1, "the autosave stays until a save or a discard");
        d2.saveAnswers.add(f);
        assertTrue(again.save());
        assertEquals(0, autosaveFiles(), "a successful save deletes the autosave");
        assertEquals("edited in the meeting", WorksheetJson.read(f).model().modelId());
    }

    @Test
    void decliningRecoveryIsAnExplicitDiscardAndOpensTheFile() throws Exception {
        Path f = dir.resolve("team.json");
        Files.writeString(f, WorksheetJson.write(WorksheetJson.read(Path.of("assets/samples/seed003-70b-int4-80gib.json"))));
        Setup s = setup();
        s.vm().model.modelId.set("lost on purpose");
        s.files().autosave();
        s.home().dropAutosaveLock();
        SheetViewModel vm2 = new SheetViewModel();
        ScriptedDialogs d2 = new ScriptedDialogs();
        d2.recover = false;
        new FileController(vm2, d2, new AppHome(dir.resolve("home"))).start(f, false);
        assertEquals(WorksheetJson.read(f).model().modelId(), vm2.model.modelId.get());
        assertFalse(vm2.dirtyProperty().get());
        assertEquals(0, orphaned());
        assertEquals(0, autosaveFiles(), "declining deleted the copy");
    }
}
