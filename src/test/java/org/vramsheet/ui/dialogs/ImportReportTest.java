package org.vramsheet.ui.dialogs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.vramsheet.ui.text.Texts;

/** The import dialog's "What was detected and assumed" in the window's language: headings and each line translated. */
class ImportReportTest {
    @Test
    void theReportOfAnOllamaImportIsShownInRussian() {
        String en = "Detected:\n  - Ollama model 'gemma3:1b' from the store '/home/a/.ollama/models': model blob 'sha256-ab' (0.75 GiB)\n"
                + "  - Other PARAMETER lines of the params blob (they change no memory): 'temperature 1.0'\n"
                + "Assumed:\n  - WEIGHTS › Encoder parameters: 500, the projector's 1,000 bytes at 2 bytes per parameter (its file"
                + " header counted with them)\n";
        String ru = ImportDialog.report(Texts.of("ru"), en);
        assertTrue(ru.startsWith("Обнаружено:\n  - "), ru);
        assertTrue(ru.contains("\nДопущено:\n  - ВЕСА › Параметры энкодеров: 500 — 1\u00a0000 байт проектора"), ru);
        assertTrue(!ru.contains("Ollama model '") && ru.contains("'gemma3:1b'") && ru.contains("'temperature 1.0'"), ru);
        assertEquals(en, ImportDialog.report(Texts.ENGLISH, en), "English as it is");
    }
}
