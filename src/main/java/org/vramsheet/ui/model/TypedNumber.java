package org.vramsheet.ui.model;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.vramsheet.core.units.Units;

/**
 * Reads a number as the form's fields take it (README, "Typing numbers"), and writes bytes so that they read back.
 *
 * <p>Decimal mark, one rule per language. English: a dot is the decimal mark; a comma (or a space or "_") only
 * groups thousands, in threes: "1,234.5"; "1,5" is refused, never read as 15. Russian: a comma or a dot is the
 * decimal mark (Russian has no dot between thousands); a space, a non-breaking space or "_" groups thousands, in
 * threes: "1 234,5"; a comma never groups, so "131,072" is 131.072.
 *
 * <p>Bytes: a number alone is in the unit the field shows (GiB or MiB); B, KB, MB, GB, TB are powers of 10 and
 * KiB, MiB, GiB, TiB (or Ki, Mi, Gi, Ti) powers of 2, in any case; a bare K, M, G or T is refused, since vLLM reads
 * "1G" as GiB and "1g" as GB. Rounded to whole bytes.
 *
 * <p>Whole numbers (tokens and counts) read suffixes as vLLM reads --max-model-len (human_readable_int in
 * vllm/engine/arg_utils.py: lowercase k, m are 10^3, 10^6; uppercase K, M are 2^10, 2^20; no fraction with an
 * uppercase one), plus Ki and Mi for 2^10 and 2^20. A fraction that leaves no whole number is refused.
 */
final class TypedNumber {
    /** A value, or why there is none; both null: the field is empty. */
    record Read(Number value, String error) { }

    /** Longer text is not a number anyone typed (and would cost time to read). */
    private static final int MAX_LENGTH = 40;
    private static final Read EMPTY = new Read(null, null);
    private static final String GROUP = "[_ \\u00a0\\u202f]";
    private static final Pattern SHAPE = Pattern.compile("(-?)\\s*([0-9.,_ \\u00a0\\u202f]*[0-9])\\s*([A-Za-z%]*)");
    private static final Pattern ENGLISH = Pattern.compile("(?:\\d{1,3}(?:[,_ \\u00a0\\u202f]\\d{3})+|\\d*)(?:\\.\\d+)?");
    private static final Pattern RUSSIAN = Pattern.compile("(?:\\d{1,3}(?:" + GROUP + "\\d{3})+|\\d*)(?:[.,]\\d+)?");
    private static final BigDecimal LONG_MAX = BigDecimal.valueOf(Long.MAX_VALUE);

    private TypedNumber() { }

    static Read read(String text, NumberInput.Kind kind, String unit, boolean decimalComma) {
        if (text == null || text.isBlank()) {
            return EMPTY;
        }
        String t = text.trim();
        Matcher m = SHAPE.matcher(t);
        if (t.length() > MAX_LENGTH || !m.matches()) {
            return refused(kind, t, unit);
        }
        String digits = m.group(2);
        if (!(decimalComma ? RUSSIAN : ENGLISH).matcher(digits).matches()) {
            return new Read(null, marks(t, digits, decimalComma));
        }
        // the pattern has checked the groups: what separates them can go; a Russian comma is the decimal mark
        String plain = decimalComma ? digits.replaceAll(GROUP, "").replace(',', '.') : digits.replaceAll("[,_ \\u00a0\\u202f]", "");
        BigDecimal n = new BigDecimal(plain);
        if (!m.group(1).isEmpty()) {
            n = n.negate();
        }
        String suffix = m.group(3);
        return switch (kind) {
            case DECIMAL -> suffix.isEmpty() || suffix.equals("%") ? new Read(n.doubleValue(), null) : refused(kind, t, unit);
            case BYTES -> bytes(t, n, suffix, unit);
            case COUNT, TOKENS -> whole(t, n, suffix);
        };
    }

    /** The bytes one unit of a byte field stands for: "GiB" or "MiB". */
    static long unitBytes(String unit) {
        return switch (unit) {
            case "GiB" -> Units.GIB;
            case "MiB" -> Units.MIB;
            default -> throw new IllegalArgumentException("a byte field shows GiB or MiB, not '" + unit + "'");
        };
    }

    /**
     * Bytes in the field's unit when two decimals say them exactly ("79.19 GiB"), else in MiB, else in bytes
     * ("18,447,248,982 B"): always with the unit, so the text reads back to the same bytes.
     */
    static String bytesText(long b, String unit) {
        long shown = unitBytes(unit);
        for (long u : shown == Units.GIB ? new long[] {Units.GIB, Units.MIB} : new long[] {Units.MIB}) {
            BigDecimal v = BigDecimal.valueOf(b).divide(BigDecimal.valueOf(u), 2, RoundingMode.HALF_UP).stripTrailingZeros();
            if (v.multiply(BigDecimal.valueOf(u)).setScale(0, RoundingMode.HALF_UP).longValue() == b) {
                return grouped(v) + (u == Units.GIB ? " GiB" : " MiB");
            }
        }
        return Units.grouped(b) + " B";
    }

    private static String grouped(BigDecimal v) {
        String plain = v.toPlainString();
        int dot = plain.indexOf('.');
        String whole = dot < 0 ? plain : plain.substring(0, dot);
        String g = Units.grouped(Long.parseLong(whole));
        return (whole.startsWith("-") && !g.startsWith("-") ? "-" : "") + g + (dot < 0 ? "" : plain.substring(dot));
    }

    private static Read bytes(String t, BigDecimal n, String suffix, String unit) {
        long mult = switch (suffix.toLowerCase(Locale.ROOT)) {
            case "" -> unitBytes(unit);
            case "b" -> 1L;
            case "kb" -> 1_000L;
            case "mb" -> 1_000_000L;
            case "gb" -> 1_000_000_000L;
            case "tb" -> 1_000_000_000_000L;
            case "kib", "ki" -> Units.KIB;
            case "mib", "mi" -> Units.MIB;
            case "gib", "gi" -> Units.GIB;
            case "tib", "ti" -> Units.TIB;
            case "k", "m", "g", "t" -> 0L;
            default -> -1L;
        };
        if (mult == 0) {
            String u = suffix.toUpperCase(Locale.ROOT);
            return new Read(null, "not a size: '" + t + "' (write '" + u + "B' for powers of 10 or '" + u + "iB' for powers of 2)");
        }
        if (mult < 0) {
            return refused(NumberInput.Kind.BYTES, t, unit);
        }
        BigDecimal v = n.multiply(BigDecimal.valueOf(mult)).setScale(0, RoundingMode.HALF_UP);
        if (v.abs().compareTo(LONG_MAX) > 0) {
            return new Read(null, "too large: '" + t + "' (at most " + Units.grouped(Long.MAX_VALUE) + " bytes)");
        }
        return new Read(v.longValueExact(), null);
    }

    private static Read whole(String t, BigDecimal n, String suffix) {
        long mult = switch (suffix) {
            case "" -> 1L;
            case "k" -> 1_000L;
            case "m" -> 1_000_000L;
            case "K", "Ki", "ki", "KI" -> Units.KIB;
            case "M", "Mi", "mi", "MI" -> Units.MIB;
            default -> -1L;
        };
        if (mult < 0) {
            return new Read(null, "not a whole number: '" + t + "' (k = 1,000; K or Ki = 1,024; m = 1,000,000; M or Mi = 1,048,576)");
        }
        if (mult == Units.KIB || mult == Units.MIB) {
            if (n.stripTrailingZeros().scale() > 0) {
                boolean kilo = mult == Units.KIB;
                return new Read(null, "not a whole number: '" + t + "' ('" + suffix + "' = " + Units.grouped(mult)
                        + " takes no fraction, as in vLLM; a fraction goes with '" + (kilo ? "k' = 1,000)" : "m' = 1,000,000)"));
            }
        }
        BigDecimal v = n.multiply(BigDecimal.valueOf(mult));
        if (v.stripTrailingZeros().scale() > 0) {
            return new Read(null, "not a whole number: '" + t + "'");
        }
        if (v.abs().compareTo(LONG_MAX) > 0) {
            return new Read(null, "too large: '" + t + "' (a whole number up to " + Units.grouped(Long.MAX_VALUE) + ")");
        }
        return new Read(v.longValueExact(), null);
    }

    /** Why the decimal marks or thousands separators do not follow the language's rule. */
    private static String marks(String t, String digits, boolean decimalComma) {
        if (!decimalComma && digits.indexOf(',') >= 0) {
            return "not a number: '" + t + "' (in English the decimal mark is a dot, 1.5; a comma groups thousands, 1,234)";
        }
        if (decimalComma && digits.replaceAll("[^.,]", "").length() > 1) {
            return "not a number: '" + t + "' (one decimal mark, a comma or a dot; spaces group thousands)";
        }
        return "not a number: '" + t + "' (thousands are grouped in threes)";
    }

    private static Read refused(NumberInput.Kind kind, String t, String unit) {
        return new Read(null, switch (kind) {
            case BYTES -> "not a size: '" + t + "' (a number of " + unit + ", or a size such as 141 GB or 512 MiB)";
            case DECIMAL -> "not a number: '" + t + "'";
            case COUNT, TOKENS -> t.replaceAll("[ _,.\\u00a0\\u202f]", "").matches("-?\\d{19,}")
                    ? "too large: '" + t + "' (a whole number up to " + Units.grouped(Long.MAX_VALUE) + ")"
                    : "not a whole number: '" + t + "'";
        });
    }
}
