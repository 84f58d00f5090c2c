package org.vramsheet.io;

import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * Messages that quote what a stranger's file said: one line, at most {@link #MAX} characters, control characters
 * escaped (no ANSI sequence from a file reaches the terminal).
 */
public final class Messages {
    /** The longest message line. */
    public static final int MAX = 300;

    private Messages() { }

    /** One line: newlines and tabs become spaces, other control characters {@code \\uXXXX}, cut at {@link #MAX}. */
    public static String oneLine(String s) {
        if (s == null) {
            return "";
        }
        StringBuilder b = new StringBuilder(Math.min(s.length(), MAX + 16));
        for (int i = 0; i < s.length() && b.length() < MAX; i++) {
            char c = s.charAt(i);
            if (c == '\n' || c == '\r' || c == '\t') {
                if (b.length() > 0 && b.charAt(b.length() - 1) != ' ') {
                    b.append(' ');
                }
            } else if (Character.isISOControl(c) || c == '\u2028' || c == '\u2029') {
                b.append(String.format("\\u%04x", (int) c));
            } else {
                b.append(c);
            }
        }
        String out = b.toString().strip();
        if (out.length() >= MAX || b.length() >= MAX) {
            return out.substring(0, Math.min(out.length(), MAX - 1)) + "…";
        }
        return out;
    }

    /** A quoted value from a file, cut short when long: {@code "1111…" (1,000,000 characters)}. */
    public static String quote(String value) {
        if (value.length() <= 40) {
            return "\"" + oneLine(value) + "\"";
        }
        return "\"" + oneLine(value.substring(0, 32)) + "…\" (" + String.format(Locale.ROOT, "%,d", value.length())
                + " characters)";
    }

    /** Text for a terminal: every control character but newline escaped as {@code \\uXXXX} (ANSI sequences included). */
    public static String escapeControls(String s) {
        StringBuilder b = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c != '\n' && (Character.isISOControl(c) || c == '\u2028' || c == '\u2029')) {
                b.append(String.format("\\u%04x", (int) c));
            } else {
                b.append(c);
            }
        }
        return b.toString();
    }

    /** A stream whose every println is one such line (the CLI's stderr). */
    public static PrintStream oneLinePerPrint(PrintStream out) {
        return new PrintStream(out, true, StandardCharsets.UTF_8) {
            @Override
            public void println(String x) {
                super.println(oneLine(x));
            }

            @Override
            public void println(Object x) {
                super.println(oneLine(String.valueOf(x)));
            }
        };
    }
}
