package org.vramsheet.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.time.ZonedDateTime;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.text.PDFTextStripper;
import org.apache.poi.ss.usermodel.Row;
import org.apache.poi.ss.usermodel.Sheet;
import org.apache.poi.xssf.usermodel.XSSFWorkbook;
import org.junit.jupiter.api.Test;
import org.vramsheet.core.calc.Sheets;
import org.vramsheet.core.result.FigureKey;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.core.units.Units;

/** The reports' memory per device for llama.cpp: the PDF's RUNTIME PER DEVICE table and the XLSX "Devices" sheet. */
class DevicesReportTest {
    @Test
    void theReportsShowEveryDevicesRowsAsTheCoreComputedThem() throws IOException {
        Worksheet ws = Sheets.llamaCppTwoGpus(b -> b.gpuLayers(60).cacheTypeV(org.vramsheet.core.sheet.KvDtype.Q4_1));
        ReportData d = new ReportData(ws, "test", ZonedDateTime.now());
        byte[] pdf = PdfReport.render(d, PDRectangle.A4);
        String text;
        try (PDDocument doc = Loader.loadPDF(pdf)) {
            text = new PDFTextStripper().getText(doc).replaceAll("\\s+", " ");
        }
        assertTrue(text.contains("RUNTIME PER DEVICE (llama.cpp)"), "the section");
        assertTrue(text.contains("GPU 0 GPU 1 host (RAM)"), "a column per GPU and the host");
        assertTrue(text.contains("KV cache " + d.shortText(d.result.get(FigureKey.device("gpu0", "kvBytes")))), "GPU 0's KV");
        assertTrue(text.contains("q4_1 (llama.cpp)"), "the new V cache type's label");
        try (XSSFWorkbook wb = new XSSFWorkbook(new ByteArrayInputStream(XlsxReport.render(d)))) {
            Sheet s = wb.getSheet("Devices");
            assertNotNull(s, "the Devices sheet");
            Row kv = null;
            for (Row r : s) {
                if (r.getCell(0) != null && r.getCell(0).toString().equals("KV cache (GiB)")) {
                    kv = r;
                }
            }
            assertNotNull(kv);
            for (int i = 0; i < 2; i++) {
                long bytes = d.result.get(FigureKey.device("gpu" + i, "kvBytes")).value();
                assertEquals(bytes / (double) Units.GIB, kv.getCell(i + 1).getNumericCellValue(), 1e-9, "GPU " + i);
            }
            assertEquals(d.result.get(FigureKey.device("host", "kvBytes")).value() / (double) Units.GIB,
                    kv.getCell(3).getNumericCellValue(), 1e-9, "the host's share of the cache (-ngl 60)");
        }
    }

    @Test
    void anEngineThatHoldsTheSameOnEveryGpuHasNoDeviceRows() throws IOException {
        ReportData d = new ReportData(Sheets.llama70b(), "test", ZonedDateTime.now());
        try (PDDocument doc = Loader.loadPDF(PdfReport.render(d, PDRectangle.A4))) {
            assertFalse(new PDFTextStripper().getText(doc).contains("RUNTIME PER DEVICE"));
        }
        try (XSSFWorkbook wb = new XSSFWorkbook(new ByteArrayInputStream(XlsxReport.render(d)))) {
            assertNull(wb.getSheet("Devices"));
        }
    }

    /** An Ollama sheet: the planner's allocation per GPU as a row and its own estimate under the table; llama.cpp: none. */
    @Test
    void anOllamaSheetAddsThePlannersRowAndEstimate() throws IOException {
        Worksheet lc = Sheets.llamaCppTwoGpus(b -> b);
        Worksheet ws = lc.withRuntime(lc.runtime().toBuilder().engine(org.vramsheet.core.sheet.Engine.OLLAMA)
                .engineVersion("0.9.5").maxModelLen(null).maxNumSeqs(null).build());
        ReportData d = new ReportData(ws, "test", ZonedDateTime.now());
        String text;
        try (PDDocument doc = Loader.loadPDF(PdfReport.render(d, PDRectangle.A4))) {
            text = new PDFTextStripper().getText(doc).replaceAll("\\s+", " ");
        }
        assertTrue(text.contains("Ollama's planner " + d.shortText(d.result.get(FigureKey.device("gpu0", "ollamaPlanBytes")))),
                "the planner's GPU 0 allocation in the table");
        assertTrue(text.contains("= Ollama's planner (its own estimate): memory.required.full"), "the estimate under it");
        try (XSSFWorkbook wb = new XSSFWorkbook(new ByteArrayInputStream(XlsxReport.render(d)))) {
            Row plan = null;
            for (Row r : wb.getSheet("Devices")) {
                if (r.getCell(0) != null && r.getCell(0).toString().equals("Ollama's planner (GiB)")) {
                    plan = r;
                }
            }
            assertNotNull(plan, "the planner's row");
            assertEquals(d.result.get(FigureKey.device("gpu1", "ollamaPlanBytes")).value() / (double) Units.GIB,
                    plan.getCell(2).getNumericCellValue(), 1e-9, "GPU 1's allocation");
        }
        try (PDDocument doc = Loader.loadPDF(PdfReport.render(new ReportData(lc, "test", ZonedDateTime.now()), PDRectangle.A4))) {
            assertFalse(new PDFTextStripper().getText(doc).contains("Ollama's planner"), "llama.cpp: no planner");
        }
    }

    /** VALIDATION per device in both reports: each measured buffer, and the sheet's figure against it; "not compared" when stale. */
    @Test
    void theReportsShowTheBuffersMeasuredPerDevice() throws IOException {
        Worksheet lc = Sheets.llamaCppTwoGpus(b -> b);
        long kv = org.vramsheet.core.calc.SizingCalculator.calculate(lc).get(FigureKey.device("gpu0", "kvBytes")).value();
        Worksheet ws = org.vramsheet.core.calc.StaleMeasurements.recorded(lc.withValidation(lc.validation().toBuilder().devices(
                java.util.List.of(new org.vramsheet.core.sheet.MeasuredDevice("gpu0", "CUDA0", null, kv + (1L << 20), null, null,
                        null, null))).offloadedLayers(81).build()), "2026-12-02");
        ReportData d = new ReportData(ws, "test", ZonedDateTime.now());
        String error = d.shortText(d.result.get(FigureKey.measuredDevice("gpu0", "kvBytesError")));
        String text;
        try (PDDocument doc = Loader.loadPDF(PdfReport.render(d, PDRectangle.A4))) {
            text = new PDFTextStripper().getText(doc).replaceAll("\\s+", " ");
        }
        assertTrue(text.contains("VALIDATION PER DEVICE (the applied log against the sheet)"), "the section");
        assertTrue(text.contains("GPU 0 'CUDA0': KV buffer " + d.shortText(d.result.get(FigureKey.measuredDevice("gpu0", "kvBytes")))
                + " " + error), text);
        assertTrue(error.startsWith("-"), "the sheet 1 MiB under the measurement: " + error);
        try (XSSFWorkbook wb = new XSSFWorkbook(new ByteArrayInputStream(XlsxReport.render(d)))) {
            Row found = null;
            for (Row r : wb.getSheet("Devices")) {
                if (r.getCell(0) != null && r.getCell(0).toString().equals("GPU 0 'CUDA0': KV buffer")) {
                    found = r;
                }
            }
            assertNotNull(found, "the measured row");
            assertEquals(error, found.getCell(2).toString());
        }
        Worksheet stale = ws.withGpu(ws.gpu().withCount(3));
        try (PDDocument doc = Loader.loadPDF(PdfReport.render(new ReportData(stale, "test", ZonedDateTime.now()), PDRectangle.A4))) {
            String t = new PDFTextStripper().getText(doc).replaceAll("\\s+", " ");
            assertTrue(t.contains("not compared") && t.contains("GPUs 2 → 3"), t);
        }
    }
}
