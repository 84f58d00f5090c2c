package org.vramsheet.core.units;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The sheet's one number grammar, by what a number counts (README, "Typing numbers"; docs/worksheet-format.md). The
 * window reads its language's decimal mark and hands the number and its suffix to {@link #scale}; files and the CLI
 * are read whole by {@link #read}, with a dot as the only decimal mark.
 *
 * <p>BYTES: B; KB, MB, GB, TB (powers of 10); KiB, MiB, GiB, TiB or Ki ... Ti (powers of 2); in any case. A bare K, M,
 * G or T is refused (vLLM reads "1G" as GiB and "1g" as GB). A fraction of a larger unit rounds to the nearest byte; a
 * fraction of a byte is refused. TOKENS: as vLLM reads --max-model-len (human_readable_int): k = 10^3, m = 10^6; K or
 * Ki = 2^10, M or Mi = 2^20, with no fraction. PARAMS (a parameter count): K, M, B, T = thousand, million, billion,
 * trillion in either case, so 70B is 70,000,000,000 and 1.5B 1,500,000,000. COUNT: a whole number, no suffix. Every
 * kind is a whole number (a fraction the suffix does not make whole is refused) and fits a long.
 */
public final class NumberGrammar {
    /** What a number counts, which decides its suffixes. */
    public enum Kind { BYTES, TOKENS, COUNT, PARAMS }

    /** A value, or why there is none; both null: nothing was written. */
    public record Read(Long value, String error) {
        public boolean ok() { return error == null; }
    }

    /** What a number without a unit means in a byte field: bytes in files, the unit a field shows in the window. */
    public record Bare(long bytes, String name) {
        public static final Bare BYTE = new Bare(1, "bytes");
    }

    /** Longer text is not a number anyone wrote (and would cost time to read). */
    public static final int MAX_LENGTH = 40;
    private static final Read EMPTY = new Read(null, null);
    private static final Pattern SHAPE = Pattern.compile("(-?)\\s*([0-9.,_ \\u00a0\\u202f]*[0-9])\\s*([A-Za-z%]*)");
    /** Digits, grouped in threes by commas, spaces or "_" ("131,072", "32_768", "1 234"); a fraction after a dot. */
    private static final Pattern FILE = Pattern.compile("(?:\\d{1,3}(?:[,_ \\u00a0\\u202f]\\d{3})+|\\d*)(?:\\.\\d+)?");
    private static final BigDecimal LONG_MAX = BigDecimal.valueOf(Long.MAX_VALUE);
    private static final String TOKEN_SUFFIXES = "k = 1,000; K or Ki = 1,024; m = 1,000,000; M or Mi = 1,048,576";
    private static final String PARAM_SUFFIXES = "K, M, B, T = thousand, million, billion, trillion: 70B = 70,000,000,000";

    private NumberGrammar() { }

    /** Text as files and the CLI hold it: a dot is the decimal mark; a number without a unit in a byte field is bytes. */
    public static Read read(String text, Kind kind) {
        if (text == null || text.isBlank()) {
            return EMPTY;
        }
        String t = text.trim();
        Matcher m = SHAPE.matcher(t);
        if (t.length() > MAX_LENGTH || !m.matches()) {
            return refused(t, kind, Bare.BYTE);
        }
        String digits = m.group(2);
        if (!FILE.matcher(digits).matches()) {
            return new Read(null, "not a number: '" + t + "' (a dot is the decimal mark; a comma, a space or _ groups "
                    + "thousands, in threes)");
        }
        BigDecimal n = new BigDecimal(digits.replaceAll("[,_ \\u00a0\\u202f]", ""));
        return scale(t, m.group(1).isEmpty() ? n : n.negate(), m.group(3), kind, Bare.BYTE);
    }

    /**
     * A number already read ({@code n}, exact, signed) with the suffix written after it: the whole value its kind
     * makes of it, or why it is refused. {@code text} is what was written, for the message.
     */
    public static Read scale(String text, BigDecimal n, String suffix, Kind kind, Bare bare) {
        return switch (kind) {
            case BYTES -> bytes(text, n, suffix, bare);
            case TOKENS -> tokens(text, n, suffix);
            case PARAMS -> params(text, n, suffix);
            case COUNT -> suffix.isEmpty() ? whole(text, n, 1)
                    : new Read(null, "not a whole number: '" + text + "' (a count takes no unit or suffix)");
        };
    }

    /** Why a text that is not a number of this kind at all is refused. */
    public static Read refused(String text, Kind kind, Bare bare) {
        String t = text.length() > MAX_LENGTH ? text.substring(0, MAX_LENGTH) + "…" : text;
        if (text.replaceAll("[ _,.\\u00a0\\u202f]", "").matches("-?\\d{19,}")) {
            return new Read(null, kind == Kind.BYTES ? tooLargeBytes(t) : tooLarge(t));
        }
        return new Read(null, switch (kind) {
            case BYTES -> "not a size: '" + t + "' (a number of " + bare.name() + ", or a size such as 141 GB or 512 MiB)";
            case PARAMS -> "not a parameter count: '" + t + "' (" + PARAM_SUFFIXES + ")";
            case TOKENS, COUNT -> "not a whole number: '" + t + "'";
        });
    }

    private static Read bytes(String t, BigDecimal n, String suffix, Bare bare) {
        long mult = switch (suffix.toLowerCase(Locale.ROOT)) {
            case "" -> bare.bytes();
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
            return refused(t, Kind.BYTES, bare);
        }
        if (mult == 1 && n.stripTrailingZeros().scale() > 0) {
            return new Read(null, "not a whole number: '" + t + "' (bytes are whole: a fraction goes with a larger unit, "
                    + "such as KiB or GiB)");
        }
        BigDecimal v = n.multiply(BigDecimal.valueOf(mult)).setScale(0, RoundingMode.HALF_UP);
        return v.abs().compareTo(LONG_MAX) > 0 ? new Read(null, tooLargeBytes(t)) : new Read(v.longValueExact(), null);
    }

    private static Read tokens(String t, BigDecimal n, String suffix) {
        long mult = switch (suffix) {
            case "" -> 1L;
            case "k" -> 1_000L;
            case "m" -> 1_000_000L;
            case "K", "Ki", "ki", "KI" -> Units.KIB;
            case "M", "Mi", "mi", "MI" -> Units.MIB;
            default -> -1L;
        };
        if (mult < 0) {
            return new Read(null, "not a whole number: '" + t + "' (" + TOKEN_SUFFIXES + ")");
        }
        if ((mult == Units.KIB || mult == Units.MIB) && n.stripTrailingZeros().scale() > 0) {
            boolean kilo = mult == Units.KIB;
            return new Read(null, "not a whole number: '" + t + "' ('" + suffix + "' = " + Units.grouped(mult)
                    + " takes no fraction, as in vLLM; a fraction goes with '" + (kilo ? "k' = 1,000)" : "m' = 1,000,000)"));
        }
        return whole(t, n, mult);
    }

    private static Read params(String t, BigDecimal n, String suffix) {
        long mult = switch (suffix.toUpperCase(Locale.ROOT)) {
            case "" -> 1L;
            case "K" -> 1_000L;
            case "M" -> 1_000_000L;
            case "B" -> 1_000_000_000L;
            case "T" -> 1_000_000_000_000L;
            default -> -1L;
        };
        if (mult < 0) {
            return new Read(null, "not a parameter count: '" + t + "' (" + PARAM_SUFFIXES + ")");
        }
        return whole(t, n, mult);
    }

    private static Read whole(String t, BigDecimal n, long mult) {
        BigDecimal v = n.multiply(BigDecimal.valueOf(mult));
        if (v.stripTrailingZeros().scale() > 0) {
            return new Read(null, "not a whole number: '" + t + "'");
        }
        return v.abs().compareTo(LONG_MAX) > 0 ? new Read(null, tooLarge(t)) : new Read(v.longValueExact(), null);
    }

    /** "too large: '...' (a whole number up to 9,223,372,036,854,775,807)". */
    public static String tooLarge(String t) {
        return "too large: '" + t + "' (a whole number up to " + Units.grouped(Long.MAX_VALUE) + ")";
    }

    private static String tooLargeBytes(String t) {
        return "too large: '" + t + "' (at most " + Units.grouped(Long.MAX_VALUE) + " bytes)";
    }
}
