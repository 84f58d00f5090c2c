package org.vramsheet.report;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.DoubleConsumer;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.poi.ss.util.CellRangeAddress;
import org.apache.poi.xddf.usermodel.XDDFLineProperties;
import org.apache.poi.xddf.usermodel.XDDFShapeProperties;
import org.apache.poi.xddf.usermodel.chart.AxisPosition;
import org.apache.poi.xddf.usermodel.chart.ChartTypes;
import org.apache.poi.xddf.usermodel.chart.XDDFDataSourcesFactory;
import org.apache.poi.xssf.usermodel.XSSFFormulaEvaluator;
import org.apache.poi.xssf.usermodel.XSSFWorkbook;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.core.summary.SummaryMarkdown;
import org.vramsheet.io.json.AtomicFiles;

/**
 * Writes the reports atomically (temp file, then move) and, both together, as one unit under a journal
 * ({@link AtomicFiles#writeAll}): a failure leaves the existing files as they were, and a kill between the two moves is
 * completed by the next write to their folder or the app's next start.
 */
public final class ReportFiles {
    /** What to write. */
    public record Request(Path xlsx, Path pdf, boolean letter, Path key, char[] password, String reason) { }

    private ReportFiles() { }

    /**
     * Both reports or neither: everything is rendered (and signed) in memory first, then both files are written in one
     * all-or-nothing step; any failure (a wrong key password, a full disk) leaves the targets as they were.
     */
    public static void export(Worksheet ws, String version, Request r, DoubleConsumer progress)
            throws IOException, PdfSigner.SigningException {
        export(new ReportData(ws, version, ZonedDateTime.now()), r, progress);
    }

    /** As {@link #export(Worksheet, String, Request, DoubleConsumer)}, of a sheet already calculated (nothing again). */
    public static void export(ReportData d, Request r, DoubleConsumer progress)
            throws IOException, PdfSigner.SigningException {
        export(d, r, null, progress);
    }

    /**
     * As {@link #export(ReportData, Request, DoubleConsumer)}, and the slide ({@link PptxSlide}) to {@code pptx} (null:
     * none) in the same all-or-nothing step.
     */
    public static void export(ReportData d, Request r, Path pptx, DoubleConsumer progress)
            throws IOException, PdfSigner.SigningException {
        export(d, r, pptx, SummaryMarkdown.Language.ENGLISH, progress);
    }

    /** As {@link #export(ReportData, Request, Path, DoubleConsumer)}, the slide's words written by {@code slide}. */
    public static void export(ReportData d, Request r, Path pptx, SummaryMarkdown.Language slide, DoubleConsumer progress)
            throws IOException, PdfSigner.SigningException {
        progress.accept(0.1);
        // the workbook (POI's schemas load slowly the first time) renders on the other core while the PDF renders here
        CompletableFuture<byte[]> xlsx = r.xlsx() != null && r.pdf() != null
                ? CompletableFuture.supplyAsync(() -> {
                    try {
                        return XlsxReport.render(d);
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                }) : null;
        List<AtomicFiles.Output> out = new ArrayList<>();
        if (r.pdf() != null) {
            byte[] p = PdfReport.render(d, r.letter() ? PDRectangle.LETTER : PDRectangle.A4);
            progress.accept(0.5);
            if (r.key() != null) {
                p = PdfSigner.sign(p, r.key(), r.password(), r.reason() == null ? "VRAM sizing report" : r.reason());
            }
            out.add(new AtomicFiles.Output(checked(r.pdf()), p));
        }
        if (r.xlsx() != null) {
            byte[] x = xlsx == null ? XlsxReport.render(d) : join(xlsx);
            progress.accept(0.8);
            out.add(0, new AtomicFiles.Output(checked(r.xlsx()), x));
        }
        if (pptx != null) {
            out.add(new AtomicFiles.Output(checked(pptx), PptxSlide.render(d, slide)));
            progress.accept(0.9);
        }
        AtomicFiles.writeAll(out);
        progress.accept(1.0);
    }

    private static byte[] join(CompletableFuture<byte[]> f) throws IOException {
        try {
            return f.join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof UncheckedIOException u) {
                throw u.getCause();
            }
            throw e;
        }
    }

    /**
     * Loads what the first workbook needs (POI's OOXML schemas, the chart and formula classes) on a daemon thread, so a
     * command-line export can overlap it with reading the worksheet and computing the sheet.
     */
    public static void warmUp() {
        Thread t = new Thread(() -> {
            try (var wb = new XSSFWorkbook()) {
                var sheet = wb.createSheet("w");
                var row = sheet.createRow(0);
                row.createCell(0).setCellValue(1);
                row.createCell(1).setCellFormula("IF(ISNUMBER(A1),ROUNDUP(A1/2,0),0)");
                var chart = sheet.createDrawingPatriarch().createChart(sheet.createDrawingPatriarch().createAnchor(0, 0, 0, 0, 2, 2, 6, 8));
                var x = chart.createCategoryAxis(AxisPosition.BOTTOM);
                var y = chart.createValueAxis(AxisPosition.LEFT);
                var data = chart.createData(ChartTypes.LINE, x, y);
                var src = XDDFDataSourcesFactory.fromNumericCellRange(sheet,
                        new CellRangeAddress(0, 0, 0, 0));
                var series = data.addSeries(src, src);
                var props = new XDDFShapeProperties();
                props.setLineProperties(new XDDFLineProperties());
                series.setShapeProperties(props);
                chart.plot(data);
                XSSFFormulaEvaluator.evaluateAllFormulaCells(wb);
                wb.write(OutputStream.nullOutputStream());
            } catch (IOException | RuntimeException e) {
                // warming up is a courtesy: the real export reports its own errors
            }
        }, "xlsx-warm-up");
        t.setDaemon(true);
        t.start();
    }

    private static Path checked(Path target) throws IOException {
        Path dir = target.toAbsolutePath().getParent();
        if (dir != null && !Files.isDirectory(dir)) {
            throw new IOException(dir + ": no such folder");
        }
        return target;
    }
}
