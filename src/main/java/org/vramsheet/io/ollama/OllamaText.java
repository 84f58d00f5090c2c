package org.vramsheet.io.ollama;

import java.util.Locale;
import org.vramsheet.io.Messages;

/**
 * How io.ollama's messages show a value from the store (a name, a key, a Modelfile word, a parser's detail): in single
 * quotes, which the window's translation takes as a value to keep (ui.text.Texts: every 'quoted' part is a placeholder),
 * so each message has one Russian template whatever the value. An apostrophe inside becomes ’ (it would end the quote);
 * a long value is cut as {@link Messages#quote} cuts it.
 */
final class OllamaText {
    private static final int SHOWN = 40;
    private static final int CUT = 32;

    private OllamaText() { }

    static String quote(String value) {
        String v = Messages.oneLine(value).replace('\'', '’');
        if (v.length() <= SHOWN) {
            return "'" + v + "'";
        }
        return "'" + v.substring(0, CUT) + "…' (" + String.format(Locale.ROOT, "%,d", v.length()) + " characters)";
    }

    /** A detail (a parser's or the file system's message, a path) in single quotes, whole. */
    static String detail(Object value) {
        return "'" + Messages.oneLine(String.valueOf(value)).replace('\'', '’') + "'";
    }
}
