package org.vramsheet.ui.model;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.vramsheet.core.result.FigureKey;
import org.vramsheet.core.units.Units;
import org.vramsheet.io.json.WorksheetJson;
import org.vramsheet.ui.text.Texts;

/** Edit › Copy summary in the window: the figures the window shows, in its language (no toolkit needed). */
class DecisionTextTest {
    private static SheetViewModel sheet() throws Exception {
        SheetViewModel vm = new SheetViewModel();
        vm.open(WorksheetJson.read(Path.of("assets/samples/llama-3.1-70b-variants-bf16-fp8-int4.json")), null);
        return vm;
    }

    @Test
    void everyLabelOfTheSummaryHasRussian() {
        Texts ru = Texts.of("ru");
        for (String l : DecisionText.LABELS) {
            assertNotEquals(l, ru.t(l), "no Russian for '" + l + "'");
        }
    }

    @Test
    void theSummaryFollowsTheContextTheWindowShows() throws Exception {
        SheetViewModel vm = sheet();
        vm.setContext(4096);
        String md = DecisionText.markdown(vm.computed(), Texts.ENGLISH);
        long conc = vm.computed().outcome().result().get(FigureKey.POOL_MAX_CONCURRENCY).value();
        assertTrue(md.contains("- Max concurrency: " + Units.grouped(conc) + " sequences at 4,096 tokens per sequence"), md);
        assertTrue(md.contains("| Variant | Verdict |"), md);
    }

    @Test
    void inRussianTheLabelsAndNumbersAreRussianAndTheModelIdIsNot() throws Exception {
        SheetViewModel vm = sheet();
        vm.setContext(4096);
        Texts ru = Texts.of("ru");
        String md = DecisionText.markdown(vm.computed(), ru);
        String id = vm.computed().sheet().model().modelId();
        assertTrue(md.contains("**Расчёт VRAM: " + id + "**"), md);
        for (String l : DecisionText.LABELS) {
            if (l.length() > 3 && !l.equals("unavailable")) {
                assertFalse(md.contains(l + ":"), "'" + l + "' left in English: " + md);
            }
        }
        assertTrue(md.contains("4 096 токенов") || md.contains("4\u00a0096 токенов"), md);
    }
}
