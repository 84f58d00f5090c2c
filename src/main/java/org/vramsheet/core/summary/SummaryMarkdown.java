package org.vramsheet.core.summary;

import java.util.function.UnaryOperator;

/**
 * Edit › Copy summary: a sheet's decision as short Markdown for a chat or a ticket (model, GPUs, verdict, scenarios,
 * concurrency, budget, fingerprint). Labels pass through {@code words} and figures through {@code values}, so the
 * window can give it in its language; the model ID, the GPU's name and the fingerprint are copied as they are.
 */
public final class SummaryMarkdown {
    /**
     * How the caller writes a label ({@code t}), a figure's text ({@code value}) and a sentence of the core's with
     * numbers in it ({@code message}: a figure's "how", the slide's); English keeps all three.
     */
    public record Language(UnaryOperator<String> t, UnaryOperator<String> value, UnaryOperator<String> message) {
        public static final Language ENGLISH = new Language(s -> s, s -> s, s -> s);

        /** Labels and figures only: a sentence passes through {@code t}. */
        public Language(UnaryOperator<String> t, UnaryOperator<String> value) {
            this(t, value, t);
        }
    }

    private SummaryMarkdown() { }

    public static String of(Decision d) { return of(d, Language.ENGLISH); }

    public static String of(Decision d, Language l) {
        UnaryOperator<String> t = l.t();
        UnaryOperator<String> v = l.value();
        StringBuilder b = new StringBuilder();
        b.append("**").append(t.apply("VRAM sizing")).append(": ").append(d.model().isBlank() ? t.apply("(no model)") : d.model())
                .append("**\n\n");
        item(b, t.apply("GPUs per replica"), gpus(d, t, v) + ", " + d.engine());
        item(b, t.apply("Verdict"), "**" + t.apply(d.verdict()) + "**" + (d.verdictFor().isEmpty() ? ""
                : " " + t.apply("for") + " " + scenario(d.verdictFor(), t, v)) + (d.margin().isEmpty() ? "" : ", " + v.apply(d.margin())));
        item(b, t.apply("Max concurrency"), v.apply(d.concurrency()) + " " + t.apply("at") + " " + v.apply(d.context())
                + " " + t.apply("per sequence"));
        item(b, t.apply("Production budget per replica"), v.apply(d.budget()) + " (" + t.apply("GPU memory") + " "
                + v.apply(d.gpuMemory()) + ")");
        b.append("- ").append(t.apply("Scenarios")).append(":\n");
        for (Decision.Line s : d.scenarios()) {
            b.append("  - ").append(t.apply(s.name())).append(": ").append(s.load().isEmpty() ? t.apply("unavailable") : v.apply(s.load()))
                    .append("; ").append(t.apply("fits the KV pool")).append(": ").append(v.apply(s.fits()))
                    .append(" (").append(v.apply(s.poolShare())).append(")\n");
        }
        if (!d.variants().isEmpty()) {
            b.append("\n| ").append(t.apply("Variant")).append(" | ").append(t.apply("Verdict")).append(" | ")
                    .append(t.apply("Max concurrency")).append(" | ").append(t.apply("Production budget per replica")).append(" |\n")
                    .append("|---|---|---:|---:|\n");
            for (Decision.Variant x : d.variants()) {
                b.append("| ").append(x.name()).append(x.shown() ? " (" + t.apply("shown") + ")" : "").append(" | ")
                        .append(t.apply(x.verdict())).append(" | ").append(v.apply(x.concurrency())).append(" | ")
                        .append(v.apply(x.budget())).append(" |\n");
            }
            b.append('\n');
        }
        item(b, t.apply("Fingerprint (SHA-256)"), (d.fingerprint().isEmpty() ? t.apply("unavailable") : "`" + d.fingerprint() + "`")
                + " (" + t.apply(d.approved() ? "approved" : "draft, not approved") + ")");
        return b.toString();
    }

    private static void item(StringBuilder b, String label, String value) {
        b.append("- ").append(label).append(": ").append(value).append('\n');
    }

    /** "2 x H100 80GB HBM3 (79.19 GiB each)": the memory in the language, the GPU's name as it is. */
    private static String gpus(Decision d, UnaryOperator<String> t, UnaryOperator<String> v) {
        return d.gpus() + (d.gpuEach().isEmpty() ? "" : " (" + v.apply(d.gpuEach()) + " " + t.apply("each") + ")");
    }

    /** "Limit: 16 x 32,768 tokens" with the scenario's name translated. */
    private static String scenario(String s, UnaryOperator<String> t, UnaryOperator<String> v) {
        int i = s.indexOf(": ");
        return t.apply(s.substring(0, i)) + ": " + v.apply(s.substring(i + 2));
    }
}
