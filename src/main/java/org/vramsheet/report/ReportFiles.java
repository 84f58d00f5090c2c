package org.vramsheet.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZonedDateTime;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.io.json.AtomicFiles;

/** Writes the reports atomically (temp file, then move): a failure leaves any existing file as it was. */
public final class ReportFiles {
    /** What to write. */
    public record Request(Path xlsx, Path pdf, boolean letter, Path key, char[] password, String reason) { }

    private ReportFiles() { }

    /**
     * Both reports or neither: everything is rendered (and signed) in memory first, then both files are written in one
     * all-or-nothing step; any failure (a wrong key password, a full disk) leaves the targets as they were.
     */
    public static void export(Worksheet ws, String version, Request r, java.util.function.DoubleConsumer progress)
            throws IOException, PdfSigner.SigningException {
        ReportData d = new ReportData(ws, version, ZonedDateTime.now());
        progress.accept(0.1);
        java.util.List<org.vramsheet.io.json.AtomicFiles.Output> out = new java.util.ArrayList<>();
        if (r.pdf() != null) {
            byte[] p = PdfReport.render(d, r.letter() ? PDRectangle.LETTER : PDRectangle.A4);
            progress.accept(0.5);
            if (r.key() != null) {
                p = PdfSigner.sign(p, r.key(), r.password(), r.reason() == null ? "VRAM sizing report" : r.reason());
            }
            out.add(new org.vramsheet.io.json.AtomicFiles.Output(checked(r.pdf()), p));
        }
        if (r.xlsx() != null) {
            byte[] x = XlsxReport.render(d);
            progress.accept(0.8);
            out.add(0, new org.vramsheet.io.json.AtomicFiles.Output(checked(r.xlsx()), x));
        }
        org.vramsheet.io.json.AtomicFiles.writeAll(out);
        progress.accept(1.0);
    }

    private static Path checked(Path target) throws IOException {
        Path dir = target.toAbsolutePath().getParent();
        if (dir != null && !Files.isDirectory(dir)) {
            throw new IOException(dir + ": no such folder");
        }
        return target;
    }
}
