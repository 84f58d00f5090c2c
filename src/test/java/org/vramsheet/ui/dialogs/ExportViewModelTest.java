package org.vramsheet.ui.dialogs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.vramsheet.report.ReportVerifier;
import org.vramsheet.report.SelfSigned;
import org.vramsheet.ui.app.AppHome;
import org.vramsheet.ui.app.FileController;
import org.vramsheet.ui.model.SheetViewModel;
import org.vramsheet.ui.model.SheetViewModelTest;

/** Export from the window's ViewModel (background work run inline here), and opening a report as a worksheet. */
class ExportViewModelTest {
    @TempDir
    Path dir;

    @Test
    void exportsBothFilesSignedAndTheReportOpensAsTheSheet() throws Exception {
        SheetViewModel vm = SheetViewModelTest.open("gemma-2-9b-sliding-window-h100.json");
        ExportViewModel evm = new ExportViewModel("test");
        evm.suggest(dir.resolve("gemma.json"), "");
        assertEquals(dir.resolve("gemma.xlsx").toString(), evm.xlsx.get());
        evm.sign.set(true);
        evm.key.set(SelfSigned.create(dir, "Window User", "pw".toCharArray()).toString());
        evm.password.set("pw");
        boolean[] done = {false};
        evm.export(vm.computed().sheet(), Runnable::run, Runnable::run, () -> done[0] = true);
        assertTrue(done[0], evm.error.get());
        assertEquals("", evm.password.get(), "the password is not kept");
        assertTrue(Files.size(dir.resolve("gemma.xlsx")) > 1000);
        var r = ReportVerifier.verify(Files.readAllBytes(dir.resolve("gemma.pdf")), "test");
        assertTrue(r.ok(), r.lines().toString());
        assertEquals(2, evm.existing().size(), "a second export would ask before replacing");
        SheetViewModel other = new SheetViewModel();
        FileController files = new FileController(other, new ScriptedDialogs(), new AppHome(dir.resolve("home")));
        assertTrue(files.load(dir.resolve("gemma.pdf")));
        assertEquals(vm.computed().sheet(), other.snapshot());
    }

    @Test
    void aFailedExportSaysWhyAndLeavesNothingHalfWritten() throws Exception {
        SheetViewModel vm = SheetViewModelTest.open("seed003-70b-int4-80gib.json");
        ExportViewModel evm = new ExportViewModel("test");
        evm.pdf.set(dir.resolve("missing-folder/report.pdf").toString());
        evm.export(vm.computed().sheet(), Runnable::run, Runnable::run, () -> { });
        assertTrue(evm.error.get().contains("no such folder"), evm.error.get());
        assertFalse(evm.busy.get());
        Path existing = dir.resolve("keep.pdf");
        Files.writeString(existing, "old");
        evm.pdf.set(existing.toString());
        evm.sign.set(true);
        evm.key.set(SelfSigned.create(dir, "X", "right".toCharArray()).toString());
        evm.password.set("wrong");
        evm.export(vm.computed().sheet(), Runnable::run, Runnable::run, () -> { });
        assertTrue(evm.error.get().contains("password"), evm.error.get());
        assertEquals("old", Files.readString(existing), "the old file is untouched");
    }
}
