package org.vramsheet.core.units;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses and prints whole quantities as people type them: "79.19 GiB", "141 GB", "32_768",
 * "131,072". K/M/G/T are powers of 10, Ki/Mi/Gi/Ti powers of 2. Exact: fractions round to the
 * nearest unit. A dot is the only decimal mark, in every locale (files are locale-free).
 */
public final class Quantities {
    /**
     * Digits, optionally grouped by threes with one separator used throughout ("131,072", "32_768", "1 234"), an
     * optional fraction after a dot (the only decimal mark: "139,81" is refused, never read as 13,981), a unit.
     */
    private static final Pattern P = Pattern.compile(
            "((?:[0-9]{1,3}(?:([,_\\u00a0 ])[0-9]{3})(?:\\2[0-9]{3})*|[0-9]+)(?:\\.[0-9]+)?)\\s*([A-Za-z]*)");
    /** Longer text is not a quantity anyone typed (and would cost time to parse). */
    public static final int MAX_LENGTH = 40;

    private Quantities() { }

    /** The value, or null when the text is not a quantity (or overflows a long). */
    public static Long parse(String text) {
        if (text == null) {
            return null;
        }
        String s = text.trim();
        if (s.length() > MAX_LENGTH) {
            return null;
        }
        boolean negative = s.startsWith("-");
        if (negative) {
            s = s.substring(1).trim();
        }
        Matcher m = P.matcher(s);
        if (!m.matches()) {
            return null;
        }
        BigDecimal n;
        try {
            n = new BigDecimal(m.group(1).replaceAll("[_,\\u00a0 ]", ""));
        } catch (NumberFormatException e) {
            return null;
        }
        long mult = switch (m.group(3).toLowerCase(Locale.ROOT)) {
            case "", "b" -> 1L;
            case "k", "kb" -> 1_000L;
            case "m", "mb" -> 1_000_000L;
            case "g", "gb" -> 1_000_000_000L;
            case "t", "tb" -> 1_000_000_000_000L;
            case "ki", "kib" -> 1L << 10;
            case "mi", "mib" -> 1L << 20;
            case "gi", "gib" -> 1L << 30;
            case "ti", "tib" -> 1L << 40;
            default -> -1L;
        };
        if (mult < 0) {
            return null;
        }
        try {
            long v = n.multiply(BigDecimal.valueOf(mult)).setScale(0, RoundingMode.HALF_UP).longValueExact();
            return negative ? -v : v;
        } catch (ArithmeticException e) {
            return null;
        }
    }

    /** Bytes as the shortest exact text: "80 GiB", "79.19 GiB" when that reads back to the same bytes, else grouped bytes. */
    public static String bytes(long b) {
        for (long unit : new long[] {Units.TIB, Units.GIB, Units.MIB}) {
            if (Math.abs(b) >= unit) {
                String name = unit == Units.TIB ? "TiB" : unit == Units.GIB ? "GiB" : "MiB";
                BigDecimal v = BigDecimal.valueOf(b).divide(BigDecimal.valueOf(unit), 2, RoundingMode.HALF_UP).stripTrailingZeros();
                String text = v.toPlainString() + " " + name;
                Long back = parse(text);
                if (back != null && back == b) {
                    return text;
                }
            }
        }
        return Units.grouped(b);
    }
}
