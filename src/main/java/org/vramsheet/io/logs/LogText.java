package org.vramsheet.io.logs;

import java.math.BigDecimal;
import java.math.RoundingMode;
import org.vramsheet.core.units.Units;

/** How engines print numbers in their logs: GiB with decimals, thousands separators, ratios; linear substring helpers. */
final class LogText {
    private LogText() { }

    static long gib(String s) { return Units.gib(Double.parseDouble(s)); }

    /** MiB as llama.cpp prints them, exactly; past a long it throws (the line is not read) instead of saturating. */
    static long mib(String s) {
        return BigDecimal.valueOf(Double.parseDouble(s)).multiply(BigDecimal.valueOf(Units.MIB)).setScale(0, RoundingMode.HALF_UP)
                .longValueExact();
    }

    static long num(String s) {
        long v = Long.parseLong(s.replace(",", ""));
        if (v < 0) {
            throw new IllegalArgumentException("a negative count: " + s); // no engine prints one: the line stays unread
        }
        return v;
    }

    /** A ratio the log printed; not a finite, plausible number (Infinity, NaN, out of range) refuses the line. */
    static Double ratio(String s, double max) {
        double v = Double.parseDouble(s);
        if (!Double.isFinite(v) || v < 0 || v > max) {
            throw new IllegalArgumentException("implausible " + s);
        }
        return v;
    }

    /** The text between {@code start} and the last {@code end} after it, or null; linear (no regex backtracking). */
    static String between(String line, String start, char end) {
        int i = line.indexOf(start);
        if (i < 0) {
            return null;
        }
        int j = line.lastIndexOf(end);
        return j > i + start.length() ? line.substring(i + start.length(), j) : null;
    }

    /** The text after {@code key} that follows {@code marker} on the line, or null; linear. */
    static String after(String line, String marker, String key) {
        int i = line.indexOf(marker);
        int j = i < 0 ? -1 : line.indexOf(key, i + marker.length());
        return j < 0 ? null : line.substring(j + key.length());
    }
}
