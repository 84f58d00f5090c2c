package org.vramsheet.ui.model;

import java.util.List;
import org.vramsheet.core.compare.Comparison;
import org.vramsheet.core.summary.Decision;
import org.vramsheet.core.summary.SummaryMarkdown;
import org.vramsheet.io.json.Fingerprint;
import org.vramsheet.ui.text.Texts;

/**
 * The sheet's decision as the window last calculated it (Edit › Copy summary, the presentation view): read off that
 * calculation, only the other variants calculated again for their comparison, as the reports do.
 */
public final class DecisionText {
    /** The labels {@link SummaryMarkdown} passes through the language (each has its Russian in the bundle). */
    public static final List<String> LABELS = List.of("VRAM sizing", "(no model)", "GPUs per replica", "Verdict", "for",
            "Max concurrency", "at", "per sequence", "Production budget per replica", "GPU memory", "Scenarios",
            "fits the KV pool", "Variant", "shown", "Fingerprint (SHA-256)", "approved", "draft, not approved", "each",
            "FITS", "DOES NOT FIT", "unavailable");

    private DecisionText() { }

    /** The decision of the sheet as calculated ({@code c}), its variants compared at its context. */
    public static Decision of(SheetViewModel.Computed c) {
        return Decision.of(c.sheet(), c.outcome().result(), Comparison.of(c.sheet(), c.outcome()), Fingerprint.ofContent(c.sheet()));
    }

    /** Edit › Copy summary's Markdown in the window's language. */
    public static String markdown(SheetViewModel.Computed c, Texts texts) {
        return SummaryMarkdown.of(of(c), language(texts));
    }

    /** The window's language for the summary and the slide: labels, figures, and the core's sentences. */
    public static SummaryMarkdown.Language language(Texts texts) {
        return new SummaryMarkdown.Language(texts::t, texts::value, texts::message);
    }
}
