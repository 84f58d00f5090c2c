package org.vramsheet.ui.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.file.Path;
import java.time.ZonedDateTime;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.poi.xslf.usermodel.XMLSlideShow;
import org.apache.poi.xslf.usermodel.XSLFShape;
import org.apache.poi.xslf.usermodel.XSLFTable;
import org.apache.poi.xslf.usermodel.XSLFTextShape;
import org.junit.jupiter.api.Test;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.io.json.WorksheetJson;
import org.vramsheet.report.PptxSlide;
import org.vramsheet.report.ReportData;
import org.vramsheet.ui.text.Texts;

/**
 * Issue 31: the slide (File › Export slide...) was English in the Russian window. Written in the window's language
 * ({@link DecisionText#language}, the same texts bundle), read back with POI's XSLF: its labels, verdicts, figures and the
 * chart's titles in Russian, no English word left but names (model, GPU, engine, units, the fingerprint's line).
 */
class SlideLanguageTest {
    static String texts(byte[] pptx) throws Exception {
        StringBuilder b = new StringBuilder();
        try (XMLSlideShow ppt = new XMLSlideShow(new ByteArrayInputStream(pptx))) {
            for (XSLFShape s : ppt.getSlides().get(0).getShapes()) {
                if (s instanceof XSLFTextShape t) {
                    b.append(t.getText()).append('\n');
                } else if (s instanceof XSLFTable t) {
                    t.getRows().forEach(r -> r.getCells().forEach(c -> b.append(c.getText()).append(" | ")));
                    b.append('\n');
                }
            }
        }
        return b.toString();
    }

    private static ReportData data(String sample) throws Exception {
        Worksheet ws = WorksheetJson.read(Path.of("assets/samples", sample));
        return new ReportData(ws, "test", ZonedDateTime.now());
    }

    @Test
    void theSlideOfVariantsIsRussianInTheRussianWindow() throws Exception {
        String ru = texts(PptxSlide.render(data("llama-3.1-70b-variants-bf16-fp8-int4.json"), DecisionText.language(Texts.of("ru"))));
        for (String word : List.of("НЕ ПОМЕЩАЕТСЯ", "Макс. параллельность при", "на последовательность", "Бюджет на реплику",
                "Память GPU", "Вариант | Вердикт | Макс. параллельность", "Максимальная параллельность в зависимости от контекста",
                "длина контекста на посл. (токены, лог. шкала)", "посл. (лог. шкала)", "черновик, не утверждено")) {
            assertTrue(ru.contains(word), word + " in\n" + ru);
        }
        assertNoEnglish(ru);
        String en = texts(PptxSlide.render(data("llama-3.1-70b-variants-bf16-fp8-int4.json")));
        assertTrue(en.contains("Max concurrency at") && en.contains("DOES NOT FIT"), "English stays English:\n" + en);
    }

    @Test
    void theSlideOfScenariosIsRussianInTheRussianWindow() throws Exception {
        String ru = texts(PptxSlide.render(data("gemma-2-9b-sliding-window-h100.json"), DecisionText.language(Texts.of("ru"))));
        for (String word : List.of("Сценарий", "Обычная", "Тяжёлая", "Предельная", "ПОМЕЩАЕТСЯ")) {
            assertTrue(ru.contains(word), word + " in\n" + ru);
        }
        assertNoEnglish(ru);
    }

    /** Latin words left, beyond the names a Russian slide keeps (model, GPU, engine, dtypes, units, the footer's names). */
    private static void assertNoEnglish(String ru) {
        Pattern latin = Pattern.compile("\\b[a-z]{4,}\\b");
        String words = ru.replaceAll("(?m)^.*SHA-256.*$", "").replaceAll("(?m)^meta-llama/.*$|^google/.*$", "");
        Matcher m = latin.matcher(words);
        StringBuilder left = new StringBuilder();
        while (m.find()) {
            if (!List.of("floor", "ceil").contains(m.group())) { // the formulas' functions, as the window writes them
                left.append(m.group()).append(' ');
            }
        }
        assertEquals("", left.toString().trim(), "English words on the Russian slide:\n" + ru);
    }
}
