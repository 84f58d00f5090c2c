package org.vramsheet.report;

import java.io.IOException;
import java.util.List;
import org.vramsheet.core.result.Figure;
import org.vramsheet.core.result.FigureKey;

/**
 * The report's RUNTIME PER DEVICE section (llama.cpp): the window's table, a column per GPU and the host, a row per
 * buffer, then whether the fullest GPU fits, what is left on it, the host memory and the -ngl that fits. Printed only for
 * an engine that places memory per device; every figure's provenance is in the PROVENANCE section.
 */
final class PdfDevices {
    private PdfDevices() { }

    static void print(PdfCanvas c, ReportData d) throws IOException {
        List<String> devices = DeviceRows.devices(d.result);
        if (devices.isEmpty()) {
            return;
        }
        c.heading("RUNTIME PER DEVICE (" + d.sheet.runtime().engine().label() + ")", 80 + 14 * DeviceRows.rows(d.result).size());
        int n = devices.size();
        float[] cols = new float[n + 1];
        for (int i = 0; i < n; i++) {
            cols[i + 1] = 0.3f + i * 0.7f / Math.max(4, n);
        }
        String[] head = new String[n + 1];
        head[0] = "";
        for (int i = 0; i < n; i++) {
            head[i + 1] = DeviceRows.title(devices.get(i));
        }
        c.row(head, cols, 9, PdfPalette.ACCENT, true);
        for (String row : DeviceRows.rows(d.result)) {
            String[] cells = new String[n + 1];
            cells[0] = DeviceRows.label(d.result, devices, row);
            for (int i = 0; i < n; i++) {
                Figure f = DeviceRows.figure(d.result, devices.get(i), row);
                cells[i + 1] = f == null ? "-" : d.shortText(f);
            }
            c.row(cells, cols, 8, PdfPalette.TEXT, true);
        }
        float[] two = {0, 0.42f};
        for (FigureKey k : DeviceRows.summary(d.result)) {
            Figure f = d.figure(k);
            c.row(new String[] {"= " + f.label(), d.text(k)}, two, 9, f.available() ? PdfPalette.TEXT : PdfPalette.MUTED, true);
        }
        c.y -= 8;
        measured(c, d);
    }

    /** VALIDATION PER DEVICE: each buffer an applied log printed, and the sheet's figure of that device against it. */
    private static void measured(PdfCanvas c, ReportData d) throws IOException {
        List<String> keys = DeviceRows.measured(d.result);
        if (keys.isEmpty()) {
            return;
        }
        c.heading("VALIDATION PER DEVICE (the applied log against the sheet)", 60 + 14 * keys.size());
        float[] cols = {0, 0.5f, 0.72f};
        c.row(new String[] {"", "measured", "the sheet against it"}, cols, 9, PdfPalette.ACCENT, true);
        for (String k : keys) {
            Figure m = d.result.figures().get(k);
            Figure a = DeviceRows.against(d.result, k);
            c.row(new String[] {m.label().replace(", measured", ""), d.shortText(m), a == null ? "-" : a.available()
                    ? d.shortText(a) : "not compared"}, cols, 8, a != null && a.available() ? PdfPalette.TEXT : PdfPalette.MUTED,
                    true);
        }
        Figure stale = d.figure(FigureKey.VALIDATION_STALE_DEVICES);
        if (stale != null && stale.isTrue()) {
            c.row(new String[] {"= " + stale.label() + ": " + stale.provenance().expression()}, new float[] {0}, 8, PdfPalette.MUTED,
                    true);
        }
        c.y -= 8;
    }
}
