package org.vramsheet.report;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Calendar;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.util.DateConverter;
import org.vramsheet.core.sheet.Worksheet;

/**
 * A report rendered again from its attached worksheet, as verify compares it: the bytes, their canonical structure
 * ({@link PdfStructure}) and the strings each page shows ({@link PdfShownText}). The last two renderings are kept: a
 * rendering is a pure function of its inputs, and verifying the same report again (or many mutations of one, as the
 * fuzz tests do) then costs no rendering.
 */
record Rendering(byte[] pdf, List<String> structure, List<List<String>> shown, int lines) {
    private static final Map<String, Rendering> LAST = Collections.synchronizedMap(new LinkedHashMap<>(4, 0.75f, true) {
        private static final long serialVersionUID = 1L;

        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Rendering> eldest) {
            return size() > 2;
        }
    });

    /** The rendering of a worksheet (whose attached text hashes to {@code fingerprint}) as a report made at {@code when}. */
    static Rendering of(Worksheet ws, String fingerprint, String version, String generated, PDRectangle size, Calendar when)
            throws IOException {
        String key = fingerprint + " " + version + " " + generated + " " + size.getWidth() + " " + DateConverter.toString(when);
        Rendering r = LAST.get(key);
        if (r == null) {
            r = render(new ReportData(ws, version, generated), size, when);
            LAST.put(key, r);
        }
        return r;
    }

    private static Rendering render(ReportData d, PDRectangle size, Calendar when) throws IOException {
        byte[] pdf = PdfReport.render(d, size, when);
        try (PDDocument doc = Loader.loadPDF(pdf)) {
            List<List<String>> shown = new ArrayList<>();
            int lines = 0;
            for (PDPage p : doc.getPages()) {
                List<String> page = PdfShownText.page(p);
                shown.add(page);
                lines += page.size();
            }
            return new Rendering(pdf, PdfStructure.of(doc, false), shown, lines);
        }
    }
}
