package org.vramsheet.ui.model;

import java.util.ArrayList;
import java.util.List;
import org.vramsheet.core.result.Figure;
import org.vramsheet.core.result.FigureKey;
import org.vramsheet.core.result.SizingResult;
import org.vramsheet.core.sheet.MeasuredSetup;
import org.vramsheet.core.sheet.Validation;
import org.vramsheet.ui.text.Texts;

/**
 * VALIDATION's status line: whether the measurements are of this setup and used, stale (measured on another setup: shown
 * struck through, not used), or absent (the sheet estimates). From the calculation's validation.* figures.
 */
public final class MeasurementStatus {
    private MeasurementStatus() { }

    /** Whether the non-KV measurements (and their parts) are of another setup. */
    public static boolean nonKvStale(SizingResult r) { return flag(r, FigureKey.VALIDATION_STALE_NON_KV); }

    /** Whether the allocated KV, capacity, peak and preemption boundary are of another setup. */
    public static boolean poolStale(SizingResult r) { return flag(r, FigureKey.VALIDATION_STALE_POOL); }

    /** The line, in the window's language. */
    public static String text(SizingResult r, Validation v, Texts texts) {
        if (!v.hasMeasurement()) {
            return texts.t("No measurement yet: every figure is estimated before launch. Paste this setup's engine log to "
                    + "replace the estimates with the engine's own numbers.");
        }
        List<String> changes = new ArrayList<>();
        for (FigureKey k : List.of(FigureKey.VALIDATION_STALE_NON_KV, FigureKey.VALIDATION_STALE_POOL)) {
            Figure f = r.get(k);
            if (f != null && f.isTrue()) {
                for (String c : f.provenance().expression().split("; ")) {
                    if (!changes.contains(c)) {
                        changes.add(c);
                    }
                }
            }
        }
        MeasuredSetup s = v.setup();
        String on = s == null ? texts.t("setup not recorded") : s.shortText().isBlank() ? texts.t("the setup recorded")
                : s.shortText();
        if (!changes.isEmpty()) {
            List<String> shown = new ArrayList<>();
            for (String c : changes) {
                int i = c.indexOf(": ");
                shown.add(i < 0 ? c : texts.t(c.substring(0, i)) + ": " + c.substring(i + 2));
            }
            return texts.t("Measured on another setup, so struck through and not used; the sheet's estimate takes over:")
                    + " " + String.join("; ", shown) + ". " + texts.t("Apply this setup's engine log, or clear them.");
        }
        boolean used = flag(r, FigureKey.VALIDATION_MEASURED_USED);
        return (used ? texts.t("Measured on") : texts.t("Measured, not an input to the result, on")) + " " + on + ".";
    }

    private static boolean flag(SizingResult r, FigureKey k) {
        Figure f = r.get(k);
        return f != null && f.isTrue();
    }
}
