package org.vramsheet.ui.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.vramsheet.core.input.Issue;
import org.vramsheet.core.result.Figure;
import org.vramsheet.core.result.FigureKey;
import org.vramsheet.core.result.ScenarioFigure;
import org.vramsheet.core.result.SizingResult;
import org.vramsheet.core.result.Unit;
import org.vramsheet.core.sheet.ScenarioId;

/** The field to fix for an unavailable figure: explicit lookups from the figure's reason to the input. */
class FieldToFixTest {
    private static final Issue HEADS = new Issue("kv.kvHeads", "KV ARCHITECTURE › KV heads", "must be at least 1");
    /** Its text contains the other's: a search in the reason's text would take either. */
    private static final Issue WINDOW_HEADS = new Issue("kv.windowKvHeads", "KV ARCHITECTURE › Window KV heads",
            "must be at least 1");

    private static SizingResult result(List<Issue> issues, Figure... figures) {
        Map<String, Figure> m = new LinkedHashMap<>();
        for (Figure f : figures) {
            m.put(f.key(), f);
        }
        return new SizingResult(m, issues, null);
    }

    private static Figure blocked(FigureKey key, String label, String reason) {
        return Figure.unavailable(key, label, Unit.BYTES, reason);
    }

    @Test
    void aFigureBlockedByAProblemGoesToThatProblemsInput() {
        Figure kv = blocked(FigureKey.KV_CACHE_BYTES_PER_TOKEN, "KV bytes per token", WINDOW_HEADS.text());
        SizingResult r = result(List.of(HEADS, WINDOW_HEADS), kv);
        assertEquals("kv.windowKvHeads", FieldToFix.of(kv, r), "the problem it names, not one whose text it contains");
    }

    @Test
    void aFigureThatNeedsABlockedFigureGoesToTheSameInput() {
        Figure kv = blocked(FigureKey.KV_CACHE_BYTES_PER_TOKEN, "KV bytes per token", WINDOW_HEADS.text());
        Figure pool = blocked(FigureKey.POOL_CAPACITY_TOKENS, "KV capacity", "needs KV bytes per token: " + WINDOW_HEADS.text());
        Figure kvBytes = blocked(FigureKey.scenario(ScenarioId.TYPICAL, ScenarioFigure.KV_BYTES),
                "Typical: raw KV", pool.reason());
        SizingResult r = result(List.of(HEADS, WINDOW_HEADS), kv, pool, kvBytes);
        assertEquals("kv.windowKvHeads", FieldToFix.of(pool, r));
        assertEquals("kv.windowKvHeads", FieldToFix.of(kvBytes, r), "a chain keeps its first 'needs'");
    }

    @Test
    void anotherReasonGoesToTheFirstProblemAndNoProblemGoesNowhere() {
        Figure odd = blocked(FigureKey.POOL_REQUESTED_BYTES, "Requested", "only vLLM requests utilization x total up front");
        assertEquals("kv.kvHeads", FieldToFix.of(odd, result(List.of(HEADS, WINDOW_HEADS), odd)));
        assertNull(FieldToFix.of(odd, result(List.of(), odd)));
    }

    @Test
    void anIssueFieldMapsToTheFormsInputForIt() {
        Issue cache = new Issue("runtime.cacheImplementation", "RUNTIME › Cache implementation", "inconsistent");
        Figure pool = blocked(FigureKey.POOL_KV_POOL_BYTES, "KV pool", cache.text());
        assertEquals("runtime.cache", FieldToFix.of(pool, result(List.of(cache), pool)), "the choice's id is runtime-cache");
        assertEquals("kv.kvHeads", FieldToFix.inputOf("kv.kvHeads"), "the rest are their own input");
        assertFalse(FieldToFix.INPUT_OF_ISSUE.containsKey("kv.kvHeads"));
    }

    @Test
    void theWindowFindsTheFieldWhoseTextIsNotANumber() throws Exception {
        SheetViewModel vm = SheetViewModelTest.open("llama-3.1-70b-bf16-h200.json");
        vm.kv.kvHeads.textProperty().set("eight");
        assertEquals("kv.kvHeads", vm.fieldToFix(SheetViewModelTest.fig(vm, FigureKey.KV_CACHE_BYTES_PER_TOKEN)));
        assertEquals("kv.kvHeads", vm.fieldToFix(SheetViewModelTest.fig(vm, FigureKey.POOL_MAX_CONCURRENCY)));
    }
}
