package org.vramsheet.report;

import org.vramsheet.core.placement.Planner;
import org.vramsheet.core.result.FigureFormat;
import org.vramsheet.core.result.FigureKey;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Calendar;
import java.util.GregorianCalendar;
import java.util.List;
import java.util.Locale;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.pdmodel.font.PDType0Font;
import org.vramsheet.core.curves.ConcurrencyTarget;
import org.vramsheet.core.curves.Curves;
import org.vramsheet.core.input.InputDecl;
import org.vramsheet.core.input.InputDecl.Section;
import org.vramsheet.core.input.InputText;
import org.vramsheet.core.input.Inputs;
import org.vramsheet.core.result.Figure;
import org.vramsheet.core.sheet.Engine;
import org.vramsheet.core.sheet.SignOff;
import org.vramsheet.core.sheet.SignOffStatus;
import org.vramsheet.core.units.Units;
import org.vramsheet.core.result.SizingResult;
import org.vramsheet.core.validation.LogComparison;
import org.vramsheet.io.json.Fingerprint;

/**
 * The signed-off PDF: title block, every SS-007 section as a table, the scenarios side by side, the
 * charts as vector drawings, the provenance of each result, the validation comparison and the sign-off
 * block; page numbers and the worksheet fingerprint on every page, and a DRAFT mark on each page of a Draft; the
 * worksheet JSON attached; an archival PDF/A-3b file (PDF/A-2b plus the attachment) with embedded fonts, XMP and an
 * sRGB intent.
 */
public final class PdfReport {
    /** The name of the attached worksheet. */
    public static final String ATTACHMENT = PdfArchive.ATTACHMENT;

    /** What page 1 says the worksheet's fingerprint is (the footers print it as "Fingerprint: ..."). */
    static final String WORKSHEET_HASH = "Worksheet file SHA-256 (all sections, as attached; the footers' Fingerprint):";
    /** What the sign-off block says the approval's fingerprint is (io.json.Fingerprint.ofContent). */
    static final String APPROVED_HASH = "Approved content SHA-256 (every section but SIGN-OFF; verify checks it):";

    private PdfReport() { }

    /** The PDF bytes, unsigned. */
    public static byte[] render(ReportData d, PDRectangle size) throws IOException {
        return render(d, size, new GregorianCalendar());
    }

    /**
     * The PDF bytes, unsigned, made at {@code when} (its creation date, the XMP dates and the attachment's dates): verify
     * renders a report again at the time it says it was made, and the two must be the same.
     */
    static byte[] render(ReportData d, PDRectangle size, Calendar when) throws IOException {
        try (PDDocument doc = new PDDocument()) {
            PDType0Font font;
            try (InputStream in = PdfReport.class.getResourceAsStream("/org/vramsheet/report/fonts/NanumGothic.ttf")) {
                font = PDType0Font.load(doc, in, true);
            }
            try (PdfCanvas c = new PdfCanvas(doc, font, size)) {
                title(c, d);
                PdfDecision.page(c, d);
                signOff(c, d.signOff());
                c.newPage(); // page 1 is the decision; the details follow
                for (ReportData.Section s : d.sections()) {
                    section(c, d, s);
                    if (s.title().equals("KV ARCHITECTURE")) {
                        workloads(c, d);
                    }
                }
                PdfDevices.print(c, d);
                validation(c, d);
                PdfMeasuredLatency.print(c, d);
                placement(c, d);
                PdfVariants.print(c, d);
                charts(c, d);
                provenance(c, d);
            }
            PdfArchive.footers(doc, font, d);
            if (d.signOff().status() != SignOffStatus.APPROVED) {
                PdfDraftMark.apply(doc, font);
            }
            PdfArchive.attach(doc, d, when);
            PdfArchive.archival(doc, d, when);
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            doc.save(out);
            return out.toByteArray();
        }
    }

    private static void heading(PdfCanvas c, String s) throws IOException {
        c.heading(s, 60);
    }

    private static void title(PdfCanvas c, ReportData d) throws IOException {
        var m = d.sheet.model();
        c.y -= 10;
        c.text(PdfCanvas.MARGIN, c.y, "VRAM sizing report (SS-007)", 19, PdfPalette.TEXT);
        c.y -= 8;
        var r = d.sheet.runtime();
        String status = d.signOff().status().name().charAt(0) + d.signOff().status().name().substring(1).toLowerCase(Locale.ROOT);
        float[] cols = {0, 0.24f};
        String[][] rows = {{"Model", m.modelId() + (m.revision().isEmpty() ? "" : " @ " + m.revision())},
            {"GPU", d.sheet.gpu().count() + " x " + d.sheet.gpu().name()},
            {"Engine", r.engine().label() + " " + r.engineVersion() + ", TP " + r.tensorParallel() + " x PP "
                + r.pipelineParallel()},
            {"Variant", "'" + d.sheet.variants().active() + "' of " + String.join(", ", d.sheet.variants().names())
                + " (all under VARIANTS)"}, {"Date", d.generatedAt}, {"Status", status}};
        for (String[] row : rows) {
            if (!row[0].equals("Variant") || !d.comparison.empty()) {
                c.row(row, cols, 10, PdfPalette.TEXT, false);
            }
        }
        c.paragraph(WORKSHEET_HASH + " " + d.fingerprint, 8.5f, PdfPalette.TEXT, 0);
        c.y -= 6;
        Figure fits = d.figure(FigureKey.RESULT_FITS);
        String verdict = !fits.available() ? "Budget unavailable: " + fits.reason()
                : (fits.isTrue() ? "FITS: " : "DOES NOT FIT: ") + "production budget " + d.text(FigureKey.RESULT_BUDGET_BYTES)
                + " against " + d.text(FigureKey.RESULT_GPU_CAPACITY_BYTES) + " per replica (" + d.basis.markFor(fits) + ")";
        c.paragraph(verdict, 11, !fits.available() ? PdfPalette.MUTED : fits.isTrue() ? PdfPalette.GOOD : PdfPalette.BAD, 0);
        Figure seqs = d.figure(FigureKey.POOL_MAX_CONCURRENCY);
        String mark = d.basis.markFor(seqs);
        c.paragraph("Max concurrency at " + d.text(FigureKey.POOL_CONTEXT_LENGTH) + ": " + d.text(seqs) + " ("
                + d.text(FigureKey.POOL_CONCURRENCY_RATIO) + ")" + (mark.isEmpty() ? "" : ", " + mark)
                + ". Memory capacity is not a latency SLA.", 10, PdfPalette.TEXT, 0);
        if (!d.basis.staleNote().isEmpty()) {
            c.paragraph(d.basis.staleNote(), 9, PdfPalette.BAD, 0);
        }
    }

    private static void section(PdfCanvas c, ReportData d, ReportData.Section s) throws IOException {
        heading(c, s.title());
        float[] cols = {0, 0.42f};
        inputs(c, d, PdfInputs.section(s.title()), cols);
        for (FigureKey k : s.resultKeys()) {
            Figure f = d.figure(k);
            c.row(new String[] {"= " + f.label(), d.text(k)}, cols, 9, f.available() ? PdfPalette.TEXT : PdfPalette.MUTED, true);
        }
        if (s.title().equals(Section.RUNTIME.title())) {
            heading(c, Section.GPU.title());
            inputs(c, d, Section.GPU, cols);
        }
    }

    /** The section's declared inputs, one row each (Inputs). */
    private static void inputs(PdfCanvas c, ReportData d, Section section, float[] cols) throws IOException {
        for (String[] row : section == null ? List.<String[]>of() : PdfInputs.rows(d.sheet, section)) {
            c.row(row, cols, 9, PdfPalette.TEXT, true);
        }
    }

    private static void workloads(PdfCanvas c, ReportData d) throws IOException {
        c.need(200);
        heading(c, "TYPICAL / HEAVY / LIMIT WORKLOADS");
        float[] cols = {0, 0.34f, 0.56f, 0.78f};
        c.row(new String[] {"", "Typical", "Heavy", "Limit"}, cols, 9, PdfPalette.MUTED, true);
        for (String[] row : PdfInputs.workloads(d.sheet)) {
            c.row(row, cols, 9, PdfPalette.TEXT, true);
        }
        for (List<String> row : d.workloadRows().subList(1, d.workloadRows().size())) {
            if (!PdfInputs.isInput(row.get(0))) {
                c.row(row.toArray(String[]::new), cols, 9, PdfPalette.TEXT, true);
            }
        }
    }

    private static void validation(PdfCanvas c, ReportData d) throws IOException {
        var v = d.sheet.validation();
        if (v.allocatedKvBytes() == null && v.kvCapacityTokens() == null && v.measuredNonKvBytes() == null) {
            return;
        }
        heading(c, "VALIDATION: PREDICTED AGAINST MEASURED");
        float[] cols = {0, 0.36f, 0.62f, 0.84f};
        if (v.hasPrediction()) {
            c.row(new String[] {"", "Predicted before launch", "Measured", "Error"}, cols, 9, PdfPalette.MUTED, true);
            frozen(c, cols, "KV memory per GPU", v.predictedKvPoolBytes(), v.allocatedKvBytes(),
                    d.figure(FigureKey.VALIDATION_KV_POOL_ERROR));
            frozen(c, cols, "KV capacity (tokens)", v.predictedKvCapacityTokens(), v.kvCapacityTokens(),
                    d.figure(FigureKey.VALIDATION_KV_CAPACITY_ERROR));
            frozen(c, cols, "Non-KV per GPU", v.predictedNonKvBytes(), v.measuredNonKvBytes(), d.figure(FigureKey.VALIDATION_NON_KV_ERROR));
            c.paragraph("The prediction was frozen when the engine's log was first applied; the sheet now uses the measured "
                    + "non-KV memory (it holds the weights).", 7.5f, PdfPalette.MUTED, 0);
            return;
        }
        // the sheet's own estimate, as the log dialog's "Predicted": never the measurement compared with itself
        SizingResult own = LogComparison.estimate(d.sheet);
        c.row(new String[] {"", "Predicted", "Measured", "Difference"}, cols, 9, PdfPalette.MUTED, true);
        compare(c, cols, "KV memory per GPU", own.get(FigureKey.POOL_KV_POOL_BYTES), v.allocatedKvBytes(), true);
        compare(c, cols, "KV capacity (tokens)", own.get(FigureKey.POOL_CAPACITY_TOKENS), v.kvCapacityTokens(), false);
        compare(c, cols, "Non-KV per GPU (measured is used)", own.get(FigureKey.POOL_NON_KV_BYTES), v.measuredNonKvBytes(), true);
    }

    /** One row of the frozen prediction against the measurement; the error is the core's figure. */
    private static void frozen(PdfCanvas c, float[] cols, String label, Long predicted, Long measured, Figure error)
            throws IOException {
        if (predicted == null || measured == null) {
            return;
        }
        boolean bytes = !label.contains("tokens");
        c.row(new String[] {label, bytes ? Units.gibText(predicted) : Units.grouped(predicted), bytes ? Units.gibText(measured)
                : Units.grouped(measured), error.available() ? FigureFormat.nonBytes(error, "", "") : "-"}, cols, 9, PdfPalette.TEXT, true);
    }

    private static void placement(PdfCanvas c, ReportData d) throws IOException {
        heading(c, "PLACEMENT (SS-006)");
        float[] cols = {0, 0.42f};
        for (FigureKey k : List.of(FigureKey.PLACEMENT_GPUS_PER_REPLICA, FigureKey.PLACEMENT_REPLICAS, FigureKey.PLACEMENT_TOTAL_GPUS,
                FigureKey.WEIGHTS_BYTES_PER_GPU, FigureKey.KV_CACHE_BYTES_PER_TOKEN_PER_GPU, FigureKey.POOL_NON_KV_BYTES,
                FigureKey.POOL_KV_POOL_BYTES, FigureKey.PLACEMENT_FLEET_CONCURRENCY, FigureKey.PLACEMENT_REPLICAS_FOR_TARGET,
                FigureKey.PLACEMENT_ATTENTION_DATA_PARALLEL, FigureKey.PLACEMENT_EXPERT_PARALLEL_SIZE,
                FigureKey.PLACEMENT_EXPERTS_PER_GPU, FigureKey.PLACEMENT_EXPERT_WEIGHTS_BYTES_PER_GPU,
                FigureKey.PLACEMENT_ATTENTION_WEIGHTS_BYTES_PER_GPU, FigureKey.PLACEMENT_ENGINE_CAPACITY_TOKENS,
                FigureKey.PLACEMENT_ENGINE_MAX_CONCURRENCY)) {
            if (!d.result.figures().containsKey(k.id())) {
                continue; // the expert rows: a mixture of experts only
            }
            Figure f = d.figure(k);
            c.row(new String[] {f.label(), d.text(k)}, cols, 9, f.available() ? PdfPalette.TEXT : PdfPalette.MUTED, true);
        }
        for (Planner.Fit f : Planner.recommend(d.sheet, 8)) {
            c.row(new String[] {"Fewest GPUs for " + f.scenario().label(), f.layout() == null ? f.reason()
                    : f.layout().gpus() + " x " + d.sheet.gpu().name() + " (" + f.layout() + ")"}, cols, 9, PdfPalette.TEXT, true);
        }
    }

    private static void compare(PdfCanvas c, float[] cols, String label, Figure f, Long measured, boolean bytes)
            throws IOException {
        if (measured == null || !f.available()) {
            return;
        }
        long p = f.value();
        Double delta = new LogComparison.Row(label, f.unit(), (double) p, measured.doubleValue()).delta();
        String diff = delta == null ? "-" : String.format(Locale.ROOT, "%+.2f %%", delta * 100);
        c.row(new String[] {label, bytes ? Units.gibText(p) : Units.grouped(p), bytes ? Units.gibText(measured)
                : Units.grouped(measured), diff}, cols, 9, PdfPalette.TEXT, true);
    }

    private static void charts(PdfCanvas c, ReportData d) throws IOException {
        Curves.Charts ch = d.charts;
        if (ch == null) {
            return;
        }
        float h = 190;
        c.heading("KV CACHE AGAINST CONTEXT LENGTH", h + 56);
        double yMax = ch.poolBytes();
        for (Curves.Series s : ch.kvSeries()) {
            for (Curves.Point p : s.points()) {
                yMax = Math.max(yMax, p.y());
            }
        }
        PdfCharts.line(c, c.y - h - 10, h, new PdfCharts.Line(ch.kvSeries(), yMax / Units.GIB, Units.GIB, "GiB",
                ch.poolBytes() / (double) Units.GIB, ch.maxContext()));
        c.y -= h + 50;
        StringBuilder lim = new StringBuilder();
        for (Curves.Limit l : ch.limits()) {
            lim.append(lim.length() == 0 ? "" : "; ").append(l.scenario().label()).append(" (").append(l.sequences())
                    .append(" seq): ").append(l.alwaysFits() ? "fits up to the max" : l.lastFittingContext() == 0 ? "never fits"
                            : "fits up to " + Units.grouped(l.lastFittingContext()) + " tokens");
        }
        c.paragraph("Dashed: the KV pool (" + Units.gibText(ch.poolBytes()) + "). " + lim, 8.5f, PdfPalette.MUTED, 0);
        c.heading("MAXIMUM CONCURRENCY AGAINST CONTEXT LENGTH", h + 56);
        double cmax = 1;
        for (Curves.Point p : ch.concurrency().points()) {
            cmax = Math.max(cmax, p.y());
        }
        PdfCharts.line(c, c.y - h - 10, h, PdfCharts.Line.concurrency(List.of(ch.concurrency()), cmax, ch.maxContext(), false,
                ConcurrencyTarget.of(d.sheet)));
        c.y -= h + 50;
        c.heading("GPU MEMORY OF ONE GPU", 150);
        PdfCharts.stack(c, d, 110);
    }

    private static void provenance(PdfCanvas c, ReportData d) throws IOException {
        heading(c, "WHERE EACH NUMBER COMES FROM");
        for (Figure f : d.result.figures().values()) {
            if (!f.available()) {
                c.paragraph(f.label() + ": unavailable (" + f.reason() + ")", 8, PdfPalette.MUTED, 0);
                continue;
            }
            c.paragraph(f.label() + " = " + d.text(f), 8.5f, PdfPalette.TEXT, 0);
            if (!f.provenance().formula().isEmpty()) {
                c.paragraph("Formula: " + f.provenance().formula(), 7.5f, PdfPalette.MUTED, 12);
            }
            if (!f.provenance().expression().isEmpty()) {
                c.paragraph("With this sheet: " + f.provenance().expression(), 7.5f, PdfPalette.MUTED, 12);
            }
            for (String a : f.provenance().assumptions()) {
                c.paragraph("- " + a, 7.5f, PdfPalette.MUTED, 12);
            }
        }
    }

    private static void signOff(PdfCanvas c, SignOff s) throws IOException {
        c.heading("SIGN-OFF", 120);
        float[] cols = {0, 0.18f, 0.46f, 0.62f};
        c.row(new String[] {"Role", "Name", "Date", "Signature"}, cols, 9, PdfPalette.MUTED, true);
        String[][] roles = {{"Prepared by", s.preparedBy(), s.preparedOn()}, {"Reviewed by", s.reviewedBy(), s.reviewedOn()},
            {"Approved by", s.approvedBy(), s.approvedOn()}};
        for (String[] role : roles) {
            c.y -= 7;
            c.row(new String[] {role[0], dash(role[1]), dash(role[2]), "Signature: ____________________"}, cols, 10, PdfPalette.TEXT, true);
        }
        c.y -= 28; // room under the last line for a visible digital signature
        c.row(new String[] {"Status", s.status() == SignOffStatus.APPROVED ? "Approved" : "Draft", "", ""},
                cols, 10, PdfPalette.TEXT, true);
        c.paragraph(s.status() == SignOffStatus.APPROVED ? APPROVED_HASH + " " + s.approvedFingerprint()
                : "Approved content SHA-256: none (a Draft is not approved)", 8, PdfPalette.TEXT, 0);
        InputDecl history = Inputs.get("signOff.history");
        for (SignOff.Approval a : s.history()) {
            c.paragraph(history.label() + ": " + InputText.of(history, List.of(a)), 7.5f, PdfPalette.MUTED, 0);
        }
    }

    private static String dash(String s) { return s == null || s.isBlank() ? "-" : s; }

}
