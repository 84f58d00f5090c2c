package org.vramsheet.core.summary;

import java.util.ArrayList;
import java.util.List;
import org.vramsheet.core.compare.Comparison;
import org.vramsheet.core.result.Figure;
import org.vramsheet.core.result.FigureFormat;
import org.vramsheet.core.result.FigureKey;
import org.vramsheet.core.result.ScenarioFigure;
import org.vramsheet.core.result.SizingResult;
import org.vramsheet.core.result.Unit;
import org.vramsheet.core.sheet.Gpu;
import org.vramsheet.core.sheet.ScenarioId;
import org.vramsheet.core.sheet.SignOffStatus;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.core.units.Units;

/**
 * The decision a meeting takes from a sheet, as English text read off the core's figures (nothing is calculated
 * here): the verdict and the scenario it is for, the budget, the maximum concurrency at the context, each scenario,
 * each variant. The presentation view, the slide and the Markdown summary print it; the window translates it.
 *
 * @param verdict     "FITS", "DOES NOT FIT" or "unavailable"
 * @param verdictFor  "Limit: 16 x 32,768 tokens", or empty when the sizing scenario's figures are unavailable
 * @param gpus        "2 x H100 80GB HBM3"
 * @param gpuEach     the memory of one GPU ("79.19 GiB"), or empty when the sheet does not say
 * @param context     the context per sequence the concurrency is at ("32,768 tokens"), or "unavailable"
 * @param concurrencyHow where the concurrency comes from: "floor(concurrency ratio): 20 sequences of 8,192 tokens"
 *                    and its assumptions, or the reason it is unavailable (so for {@code budgetHow})
 * @param fingerprint the SHA-256 the summary names (the approved one on an approved sheet), or empty
 */
public record Decision(String model, String gpus, String gpuEach, String engine, String verdict, String verdictFor, String margin,
                       String budget, String gpuMemory, String context, String concurrency, String concurrencyHow,
                       String budgetHow, List<Line> scenarios,
                       List<Variant> variants, String fingerprint, boolean approved) {
    /** A scenario: "Typical", "16 x 4,096 tokens", whether it fits the KV pool, its share of the pool. */
    public record Line(String name, String load, String fits, String poolShare) { }

    /** A variant of the sheet at the shared context (the one in the form marked). */
    public record Variant(String name, boolean shown, String verdict, String concurrency, String budget, String margin) { }

    /**
     * @param table       the variants side by side (null or one column: a sheet without variants)
     * @param fingerprint the content's SHA-256 (the caller computes it: the core does no hashing of files)
     */
    public static Decision of(Worksheet ws, SizingResult r, Comparison.Table table, String fingerprint) {
        Figure ctx = r.get(FigureKey.POOL_CONTEXT_LENGTH);
        List<Line> lines = new ArrayList<>();
        for (ScenarioId id : ScenarioId.values()) {
            lines.add(new Line(id.label(), load(r, id), text(r.get(id, ScenarioFigure.FITS)),
                    text(r.get(id, ScenarioFigure.POOL_SHARE))));
        }
        List<Variant> variants = new ArrayList<>();
        if (table != null && !table.empty()) {
            for (Comparison.Column c : table.columns()) {
                variants.add(new Variant(c.name(), c.active(), verdict(c.result()), text(c.result().get(FigureKey.POOL_MAX_CONCURRENCY)),
                        text(c.result().get(FigureKey.RESULT_BUDGET_BYTES)), margin(c.result())));
            }
        }
        boolean approved = ws.signOff().status() == SignOffStatus.APPROVED;
        return new Decision(ws.model().modelId(), gpus(ws.gpu()),
                ws.gpu().totalBytes() == null ? "" : Units.gibText(ws.gpu().totalBytes()), ws.runtime().engine().label()
                + (ws.runtime().engineVersion().isBlank() ? "" : " " + ws.runtime().engineVersion()),
                verdict(r), load(r, ws.result().sizingScenario()).isEmpty() ? ""
                : ws.result().sizingScenario().label() + ": " + load(r, ws.result().sizingScenario()), margin(r),
                text(r.get(FigureKey.RESULT_BUDGET_BYTES)), text(r.get(FigureKey.RESULT_GPU_CAPACITY_BYTES)),
                ctx.available() ? FigureFormat.nonBytes(ctx, "", "") : "unavailable",
                text(r.get(FigureKey.POOL_MAX_CONCURRENCY)), how(r.get(FigureKey.POOL_MAX_CONCURRENCY)),
                how(r.get(FigureKey.RESULT_BUDGET_BYTES)), lines, variants,
                approved ? ws.signOff().approvedFingerprint() : fingerprint == null ? "" : fingerprint, approved);
    }

    /** A figure's formula, this sheet's numbers and its assumptions in one line, or why it is unavailable. */
    public static String how(Figure f) {
        if (!f.available()) {
            return f.reason() == null ? "" : f.reason();
        }
        var p = f.provenance();
        String s = p.formula().isEmpty() ? p.expression() : p.expression().isEmpty() ? p.formula() : p.formula() + ": " + p.expression();
        return p.assumptions().isEmpty() ? s : s + " (" + String.join("; ", p.assumptions()) + ")";
    }

    /** "FITS", "DOES NOT FIT" or "unavailable". */
    static String verdict(SizingResult r) {
        return verdictOf(r.get(FigureKey.RESULT_FITS));
    }

    /** The verdict of RESULT's fits figure: "FITS", "DOES NOT FIT" or "unavailable". */
    public static String verdictOf(Figure fits) {
        return !fits.available() ? "unavailable" : fits.isTrue() ? "FITS" : "DOES NOT FIT";
    }

    /** "margin 3.21 GiB (3.45 GB)", "short by ...", or empty when the margin is unavailable. */
    static String margin(SizingResult r) {
        Figure m = r.get(FigureKey.RESULT_MARGIN_BYTES);
        if (!m.available()) {
            return "";
        }
        return (m.value() >= 0 ? "margin " : "short by ") + bytes(Math.abs(m.value()));
    }

    /** "16 x 32,768 tokens" for a scenario, or empty when its figures are unavailable. */
    static String load(SizingResult r, ScenarioId id) {
        Figure seqs = r.get(id, ScenarioFigure.SEQUENCES);
        Figure len = r.get(id, ScenarioFigure.ACTIVE_TOKENS_PER_SEQUENCE);
        return seqs.available() && len.available() ? Units.grouped(seqs.value()) + " x " + Units.grouped(len.value()) + " tokens" : "";
    }

    /** "2 x H100 80GB HBM3". */
    static String gpus(Gpu g) {
        String name = g.name() == null || g.name().isBlank() ? "custom GPU" : g.name();
        String count = g.count() == null ? "?" : Units.grouped(g.count());
        return count + " x " + name;
    }

    /** A figure in one short text: "65.71 GiB (70.55 GB)", "46 sequences", "yes", "unavailable". */
    public static String text(Figure f) {
        if (!f.available()) {
            return "unavailable";
        }
        return f.unit() == Unit.BYTES && Math.abs(f.value()) >= Units.GIB / 4 ? bytes(f.value())
                : FigureFormat.nonBytes(f, "parameters", "no");
    }

    private static String bytes(long b) {
        return Units.gibText(b) + " (" + Units.gbText(b) + ")";
    }
}
