package org.vramsheet.core.summary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.vramsheet.core.calc.SizingCalculator;
import org.vramsheet.core.compare.Comparison;
import org.vramsheet.core.result.FigureKey;
import org.vramsheet.core.result.SizingResult;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.core.units.Units;
import org.vramsheet.io.json.Fingerprint;
import org.vramsheet.io.json.WorksheetJson;

/** Edit › Copy summary's Markdown: the sheet's own figures, each scenario, the variants, the fingerprint. */
class SummaryMarkdownTest {
    private static Worksheet sample(String name) throws Exception {
        return WorksheetJson.read(Path.of("assets/samples", name));
    }

    private static String markdown(Worksheet ws) {
        SizingCalculator.Outcome o = SizingCalculator.compute(ws);
        return SummaryMarkdown.of(Decision.of(ws, o.result(), Comparison.of(ws, o), Fingerprint.ofContent(ws)));
    }

    @Test
    void itSaysTheModelTheGpusTheVerdictTheConcurrencyTheBudgetAndTheFingerprint() throws Exception {
        Worksheet ws = sample("llama-3.1-70b-bf16-h200.json");
        SizingResult r = SizingCalculator.compute(ws).result();
        String md = markdown(ws);
        assertTrue(md.startsWith("**VRAM sizing: " + ws.model().modelId() + "**\n"), md);
        assertTrue(md.contains("- GPUs per replica: " + ws.gpu().count() + " x " + ws.gpu().name() + " ("
                + Units.gibText(ws.gpu().totalBytes()) + " each), vLLM"), md);
        String verdict = r.get(FigureKey.RESULT_FITS).isTrue() ? "**FITS**" : "**DOES NOT FIT**";
        assertTrue(md.contains("- Verdict: " + verdict + " for Limit: "), md);
        long conc = r.get(FigureKey.POOL_MAX_CONCURRENCY).value();
        long ctx = r.get(FigureKey.POOL_CONTEXT_LENGTH).value();
        assertTrue(md.contains("- Max concurrency: " + Units.grouped(conc) + " sequences at " + Units.grouped(ctx)
                + " tokens per sequence"), md);
        long budget = r.get(FigureKey.RESULT_BUDGET_BYTES).value();
        assertTrue(md.contains("- Production budget per replica: " + Units.gibText(budget) + " (" + Units.gbText(budget)
                + ") (GPU memory "), md);
        for (String s : new String[] {"  - Typical: ", "  - Heavy: ", "  - Limit: "}) {
            assertTrue(md.contains(s), s + " in " + md);
        }
        assertTrue(md.contains("`" + Fingerprint.ofContent(ws) + "` (draft, not approved)"), md);
        assertFalse(md.contains("| Variant |"), "no variants table for a sheet without variants");
        assertFalse(md.contains("null"), md);
    }

    @Test
    void aSheetWithVariantsGetsTheirTable() throws Exception {
        Worksheet ws = sample("llama-3.1-70b-variants-bf16-fp8-int4.json");
        String md = markdown(ws);
        Comparison.Table t = Comparison.of(ws, SizingCalculator.compute(ws));
        assertTrue(md.contains("| Variant | Verdict | Max concurrency | Production budget per replica |"), md);
        for (Comparison.Column c : t.columns()) {
            long conc = c.result().get(FigureKey.POOL_MAX_CONCURRENCY).value();
            assertTrue(md.contains("| " + c.name() + (c.active() ? " (shown)" : "") + " | "), c.name() + " in " + md);
            assertTrue(md.contains(" | " + Units.grouped(conc) + " sequences | "), c.name() + ": " + conc + " in " + md);
        }
    }

    @Test
    void labelsAndFiguresGoThroughTheLanguageButTheModelIdStaysAsItIs() throws Exception {
        Worksheet ws = sample("llama-3.1-70b-bf16-h200.json");
        SizingCalculator.Outcome o = SizingCalculator.compute(ws);
        Decision d = Decision.of(ws, o.result(), null, "abc");
        String md = SummaryMarkdown.of(d, new SummaryMarkdown.Language(s -> s.toUpperCase(Locale.ROOT), s -> s.replace('.', ',')));
        assertTrue(md.contains("**VRAM SIZING: " + ws.model().modelId() + "**"), "the model ID keeps its dots: " + md);
        assertTrue(md.contains("- MAX CONCURRENCY: "), md);
        assertTrue(md.contains(Units.gibText(ws.gpu().totalBytes()).replace('.', ',')), "figures in the language: " + md);
    }

    @Test
    void anUnavailableFigureSaysSoAndNeverPrintsNull() throws Exception {
        Worksheet ws = sample("llama-3.1-70b-bf16-h200.json");
        Worksheet bad = ws.withGpu(ws.gpu().withTotalBytes(null));
        String md = markdown(bad);
        assertTrue(md.contains("- Verdict: **unavailable**"), md);
        assertTrue(md.contains(" (GPU memory unavailable)"), md);
        assertFalse(md.contains("null"), md);
    }
}
