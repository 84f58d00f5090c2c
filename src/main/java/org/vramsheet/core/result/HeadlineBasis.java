package org.vramsheet.core.result;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.vramsheet.core.sheet.MeasuredSetup;

/**
 * What the headline figures rest on (issue 25), in the words page 1 of the PDF, the XLSX and the window's summary strip
 * print: "estimated before launch", or "measured on vLLM 0.19.0, 2026-11-30" while a VALIDATION measurement of this setup
 * is an input ({@code validation.measuredUsed}); and, when VALIDATION holds measurements of another setup
 * ({@code validation.staleNonKv} / {@code stalePool}), what changed since.
 *
 * @param measured whether a measurement of this setup is an input to the result
 * @param words    {@link #ESTIMATED}, {@link #MEASURED_ON}, {@link #NOT_RECORDED} or {@link #NO_ENGINE}: the words to translate
 * @param on       the engine and date after {@link #MEASURED_ON} ("vLLM 0.19.0, 2026-11-30"), else ""
 * @param stale    what changed since VALIDATION's unused measurements were taken, one "what: then → now" each
 *                 ("engine version: 0.19.0 → 0.21.0"); empty when VALIDATION holds none of another setup
 */
public record HeadlineBasis(boolean measured, String words, String on, List<String> stale) {
    public static final String ESTIMATED = "estimated before launch";
    public static final String MEASURED_ON = "measured on";
    public static final String NOT_RECORDED = "measured (setup not recorded)";
    public static final String NO_ENGINE = "measured (engine and date not recorded)";
    /** Followed by what changed. */
    public static final String STALE = "VALIDATION holds measurements of another setup (not used):";
    /** The figures the mark is for: the verdict, max concurrency, margin, budget, KV pool and capacity, non-KV memory. */
    public static final List<FigureKey> HEADLINE = List.of(FigureKey.RESULT_FITS, FigureKey.POOL_MAX_CONCURRENCY,
            FigureKey.RESULT_MARGIN_BYTES, FigureKey.RESULT_BUDGET_BYTES, FigureKey.POOL_KV_POOL_BYTES,
            FigureKey.POOL_CAPACITY_TOKENS, FigureKey.RESULT_NON_KV_BYTES, FigureKey.POOL_NON_KV_BYTES);

    public HeadlineBasis {
        on = on == null ? "" : on;
        stale = stale == null ? List.of() : List.copyOf(stale);
    }

    /**
     * From the result's validation figures and the setup VALIDATION recorded.
     *
     * @param setup {@code worksheet.validation().setup()}, null when none is recorded
     */
    public static HeadlineBasis of(SizingResult result, MeasuredSetup setup) {
        boolean measured = flag(result, FigureKey.VALIDATION_MEASURED_USED) != null;
        Set<String> changes = new LinkedHashSet<>(); // the pool's changes repeat the non-KV ones
        for (FigureKey k : List.of(FigureKey.VALIDATION_STALE_NON_KV, FigureKey.VALIDATION_STALE_POOL)) {
            Figure f = flag(result, k);
            if (f != null && !f.provenance().expression().isBlank()) {
                changes.addAll(List.of(f.provenance().expression().split("; ")));
            }
        }
        List<String> stale = List.copyOf(changes);
        if (!measured) {
            return new HeadlineBasis(false, ESTIMATED, "", stale);
        }
        if (setup == null) {
            return new HeadlineBasis(true, NOT_RECORDED, "", stale);
        }
        String on = setup.shortText();
        return new HeadlineBasis(true, on.isBlank() ? NO_ENGINE : MEASURED_ON, on, stale);
    }

    /** The figure when it is there and true, else null. */
    private static Figure flag(SizingResult result, FigureKey key) {
        Figure f = result.figures().get(key.id());
        return f != null && f.isTrue() ? f : null;
    }

    /** "estimated before launch", "measured on vLLM 0.19.0, 2026-11-30", "measured (setup not recorded)". */
    public String mark() { return on.isEmpty() ? words : words + " " + on; }

    /** "VALIDATION holds measurements of another setup (not used): engine version: 0.19.0 → 0.21.0", or "". */
    public String staleNote() { return stale.isEmpty() ? "" : STALE + " " + String.join("; ", stale); }

    /** The mark for one figure: for a headline figure that is available, else "" (inputs and the rest are not marked). */
    public String markFor(Figure f) {
        return f.available() && HEADLINE.stream().anyMatch(k -> k.id().equals(f.key())) ? mark() : "";
    }
}
