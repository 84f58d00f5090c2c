package org.vramsheet.ui.model;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.vramsheet.core.units.NumberGrammar;
import org.vramsheet.core.units.Units;

/**
 * Reads a number as the form's fields take it (README, "Typing numbers"), and writes bytes so that they read back.
 *
 * <p>Decimal mark, one rule per language. English: a dot is the decimal mark; a comma (or a space or "_") only
 * groups thousands, in threes: "1,234.5"; "1,5" is refused, never read as 15. Russian: a comma or a dot is the
 * decimal mark (Russian has no dot between thousands); a space, a non-breaking space or "_" groups thousands, in
 * threes: "1 234,5"; a comma never groups, so "131,072" is 131.072.
 *
 * <p>Then the sheet's one grammar reads the number by its field's kind ({@link NumberGrammar}: the units of sizes,
 * vLLM's k / K on tokens, K / M / B / T on parameter counts, nothing on other counts), the same as in files and the
 * CLI. The window's only addition: a number alone in a byte field is in the unit the field shows (GiB or MiB).
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
        if (kind == NumberInput.Kind.DECIMAL) {
            return suffix.isEmpty() || suffix.equals("%") ? new Read(n.doubleValue(), null) : refused(kind, t, unit);
        }
        return of(NumberGrammar.scale(t, n, suffix, grammar(kind), bare(kind, unit)));
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
        if (kind == NumberInput.Kind.DECIMAL) {
            return new Read(null, "not a number: '" + t + "'");
        }
        return of(NumberGrammar.refused(t, grammar(kind), bare(kind, unit)));
    }

    /** The sheet's grammar a field kind reads by. */
    static NumberGrammar.Kind grammar(NumberInput.Kind kind) {
        return switch (kind) {
            case BYTES -> NumberGrammar.Kind.BYTES;
            case TOKENS -> NumberGrammar.Kind.TOKENS;
            case PARAMS -> NumberGrammar.Kind.PARAMS;
            case COUNT, DECIMAL -> NumberGrammar.Kind.COUNT;
        };
    }

    /** A number alone in a byte field is in the unit the field shows. */
    private static NumberGrammar.Bare bare(NumberInput.Kind kind, String unit) {
        return kind == NumberInput.Kind.BYTES ? new NumberGrammar.Bare(unitBytes(unit), unit) : NumberGrammar.Bare.BYTE;
    }

    private static Read of(NumberGrammar.Read r) {
        return new Read(r.value(), r.error());
    }
}
