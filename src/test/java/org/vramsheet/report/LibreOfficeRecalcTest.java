package org.vramsheet.report;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.io.FileInputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZonedDateTime;
import java.util.concurrent.TimeUnit;
import org.apache.poi.ss.usermodel.CellType;
import org.apache.poi.ss.util.AreaReference;
import org.apache.poi.xssf.usermodel.XSSFWorkbook;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.vramsheet.External;
import org.vramsheet.core.result.Figure;

/**
 * LibreOffice recalculates the XLSX and gets the app's numbers. CI installs LibreOffice and sets
 * VRAMSHEET_REQUIRE_LIBREOFFICE, so there a missing soffice fails; on a developer's machine without it, skipped.
 */
@External
class LibreOfficeRecalcTest {

    static String soffice() {
        for (String p : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            if (new File(p, "soffice").canExecute()) {
                return new File(p, "soffice").getPath();
            }
        }
        return null;
    }

    @Test
    void libreOfficeRecalculatesToTheSameNumbers(@TempDir Path dir) throws Exception {
        String soffice = soffice();
        if (System.getenv("VRAMSHEET_REQUIRE_LIBREOFFICE") != null) {
            assertNotNull(soffice, "VRAMSHEET_REQUIRE_LIBREOFFICE is set (CI) but soffice is not on the PATH");
        }
        assumeTrue(soffice != null, "LibreOffice (soffice) is not installed: skipping the recalculation check");
        ReportData d = new ReportData(XlsxReportTest.sample("gemma-2-9b-sliding-window-h100.json"), "test", ZonedDateTime.now());
        Path in = dir.resolve("in.xlsx");
        Files.write(in, XlsxReport.render(d));
        Path out = Files.createDirectories(dir.resolve("out"));
        Process p = new ProcessBuilder(soffice, "--headless", "-env:UserInstallation=file://" + dir.resolve("profile"),
                "--convert-to", "xlsx", "--outdir", out.toString(), in.toString()).redirectErrorStream(true).start();
        assertTrue(p.waitFor(180, TimeUnit.SECONDS), "LibreOffice did not finish in time");
        Path recalculated = out.resolve("in.xlsx");
        assertTrue(Files.exists(recalculated), "LibreOffice did not write a file: " + new String(p.getInputStream().readAllBytes()));
        try (XSSFWorkbook wb = new XSSFWorkbook(new FileInputStream(recalculated.toFile()))) {
            for (var e : XlsxReportTest.CHECKS.entrySet()) {
                Figure f = d.figure(e.getValue());
                if (!f.available()) {
                    continue;
                }
                var ref = new AreaReference(wb.getName(e.getKey()).getRefersToFormula(), wb.getSpreadsheetVersion()).getFirstCell();
                var c = wb.getSheet(ref.getSheetName()).getRow(ref.getRow()).getCell(ref.getCol());
                assertEquals(CellType.NUMERIC, c.getCachedFormulaResultType(), e.getKey());
                assertEquals((double) f.value(), c.getNumericCellValue(), 0.5, "LibreOffice: " + e.getKey());
            }
        }
    }
}
