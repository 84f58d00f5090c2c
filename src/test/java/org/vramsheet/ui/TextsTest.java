package org.vramsheet.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import org.junit.jupiter.api.Test;

class TextsTest {
    @Test
    void russianWordsAndNumbers() {
        Texts ru = Texts.of("ru");
        assertEquals("ВЕСА", ru.t("WEIGHTS"));
        assertEquals("Not translated yet", ru.t("Not translated yet"), "unknown text stays English");
        assertEquals("131,42 GiB", ru.value("131.42 GiB"));
        assertEquals("141\u00a0107\u00a0412\u00a0992 B", ru.value("141,107,412,992 B"));
        assertEquals("15 последовательностей", ru.value("15 sequences"));
        assertEquals("недоступно", ru.value("unavailable"));
        assertEquals("20 параллельных последовательностей (20,60x)", ru.value("20 concurrent sequences (20.60x)"));
        assertEquals("да", ru.value("yes"));
        assertEquals("unknown", ru.value("unknown"), "words inside words are left alone");
    }

    @Test
    void englishIsTheCodesOwnText() {
        assertSame(Texts.ENGLISH, Texts.of("en"));
        assertSame(Texts.ENGLISH, Texts.of("de"), "a language the window does not speak falls back to English");
        assertEquals("131.42 GiB", Texts.ENGLISH.value("131.42 GiB"));
    }
}
