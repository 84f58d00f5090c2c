package org.vramsheet.ui.dialogs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.List;
import org.apache.poi.ss.usermodel.CellType;
import org.apache.poi.ss.usermodel.Row;
import org.apache.poi.xssf.usermodel.XSSFWorkbook;
import org.apache.poi.xslf.usermodel.XMLSlideShow;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.vramsheet.core.compare.Comparison;
import org.vramsheet.core.curves.Curves;
import org.vramsheet.report.ReportData;
import org.vramsheet.report.XlsxReport;
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
        evm.export(vm.computed(), Runnable::run, Runnable::run, () -> done[0] = true);
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
        evm.export(vm.computed(), Runnable::run, Runnable::run, () -> { });
        assertTrue(evm.error.get().contains("no such folder"), evm.error.get());
        assertFalse(evm.busy.get());
        Path existing = dir.resolve("keep.pdf");
        Files.writeString(existing, "old");
        evm.pdf.set(existing.toString());
        evm.sign.set(true);
        evm.key.set(SelfSigned.create(dir, "X", "right".toCharArray()).toString());
        evm.password.set("wrong");
        evm.export(vm.computed(), Runnable::run, Runnable::run, () -> { });
        assertTrue(evm.error.get().contains("password"), evm.error.get());
        assertEquals("old", Files.readString(existing), "the old file is untouched");
    }

    @Test
    void exportSlideWritesOnlyTheSlideInTheBackgroundAndSaysSo() throws Exception {
        SheetViewModel vm = SheetViewModelTest.open("gemma-2-9b-sliding-window-h100.json");
        ExportViewModel evm = new ExportViewModel("test");
        evm.suggestSlide(dir.resolve("sheet.json"), "");
        assertEquals(dir.resolve("sheet.pptx").toString(), evm.pptx.get());
        assertEquals("", evm.xlsx.get());
        assertEquals("", evm.pdf.get());
        List<Runnable> background = new ArrayList<>();
        evm.export(vm.computed(), background::add, Runnable::run, () -> { });
        assertTrue(evm.busy.get(), "running");
        assertFalse(Files.exists(dir.resolve("sheet.pptx")), "not on the calling (FX) thread");
        background.forEach(Runnable::run);
        assertFalse(evm.busy.get(), evm.error.get());
        assertEquals("Wrote '" + dir.resolve("sheet.pptx") + "'", evm.status.get());
        assertEquals(1.0, evm.progress.get(), 1e-9);
        try (var ppt = new XMLSlideShow(Files.newInputStream(dir.resolve("sheet.pptx")))) {
            assertEquals(1, ppt.getSlides().size());
        }
        assertEquals(List.of(dir.resolve("sheet.pptx")), evm.existing(), "asked before it is replaced");
    }

    @Test
    void exportPrintsTheWindowsOwnCalculationNotANewOne() throws Exception {
        SheetViewModel vm = SheetViewModelTest.open("gemma-2-9b-sliding-window-h100.json");
        assertNull(vm.newVariant(), "with variants, the comparison's shown column is the window's calculation too");
        List<ReportData> written = new ArrayList<>();
        ExportViewModel evm = new ExportViewModel("test", (d, r, s, p) -> written.add(d));
        evm.xlsx.set(dir.resolve("r.xlsx").toString());
        evm.export(vm.computed(), Runnable::run, Runnable::run, () -> { });
        assertEquals(1, written.size(), evm.error.get());
        ReportData d = written.get(0);
        SheetViewModel.Computed shown = vm.computed();
        assertSame(shown.sheet(), d.sheet);
        assertSame(shown.outcome().result(), d.result, "the result the window shows, not a recalculation");
        assertNotNull(d.charts);
        assertSame(shown.charts(), d.charts, "the window's charts");
        Comparison.Column active = d.comparison.columns().stream().filter(Comparison.Column::active).findFirst().orElseThrow();
        assertSame(shown.outcome().result(), active.result(), "the shown variant is not calculated again for the comparison");
        Comparison.Table fresh = Comparison.of(shown.sheet());
        for (int i = 0; i < fresh.columns().size(); i++) {
            for (var key : Comparison.RESULTS) {
                assertEquals(fresh.columns().get(i).result().get(key), d.comparison.columns().get(i).result().get(key),
                        "the same table as one calculated afresh: " + key);
            }
        }
    }

    @Test
    void noExportWhileAFieldIsNotANumber() throws Exception {
        SheetViewModel vm = SheetViewModelTest.open("gemma-2-9b-sliding-window-h100.json");
        vm.kv.kvHeads.textProperty().set("eight");
        List<ReportData> written = new ArrayList<>();
        ExportViewModel evm = new ExportViewModel("test", (d, r, s, p) -> written.add(d));
        evm.xlsx.set(dir.resolve("r.xlsx").toString());
        evm.export(vm.computed(), Runnable::run, Runnable::run, () -> { });
        assertTrue(evm.error.get().contains("KV heads"), evm.error.get());
        assertTrue(written.isEmpty(), "the report could not show the typed text");
    }

    @Test
    void theWindowAndTheReportsDrawTheSamePoints() throws Exception {
        SheetViewModel vm = SheetViewModelTest.open("gemma-2-9b-sliding-window-h100.json");
        Curves.Charts window = vm.computed().charts();
        List<Long> xs = Curves.contexts(window.maxContext(), Curves.POINTS);
        assertEquals(xs, window.concurrency().points().stream().map(Curves.Point::x).toList(), "the window: Curves.POINTS");
        ReportData cli = new ReportData(vm.computed().sheet(), "test", ZonedDateTime.now());
        assertEquals(window, cli.charts, "a report that calculates the sheet itself (the command line) draws the same curves");
        assertEquals(window.concurrency().points(), cli.comparison.columns().get(0).concurrency().points(),
                "and the same comparison curve");
        try (XSSFWorkbook wb = new XSSFWorkbook(new ByteArrayInputStream(XlsxReport.render(cli)))) {
            List<Long> rows = new ArrayList<>();
            for (Row r : wb.getSheet("Chart data")) {
                if (r.getRowNum() > 0 && r.getCell(0) != null && r.getCell(0).getCellType() == CellType.NUMERIC) {
                    rows.add((long) r.getCell(0).getNumericCellValue());
                }
            }
            assertEquals(xs, rows, "the XLSX chart's contexts are the window's");
        }
    }
}
