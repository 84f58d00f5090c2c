package org.vramsheet.core.units;

import java.math.BigDecimal;
import java.math.RoundingMode;

/** Byte units and number formatting. GB = 10^9 bytes, GiB = 2^30 bytes; never mixed. */
public final class Units {
    public static final long KIB = 1L << 10;
    public static final long MIB = 1L << 20;
    public static final long GIB = 1L << 30;
    public static final long TIB = 1L << 40;
    public static final long GB = 1_000_000_000L;

    private Units() { }

    /** Exact bytes for a decimal number of GiB, rounded to the nearest byte. */
    public static long gib(double gib) {
        return BigDecimal.valueOf(gib).multiply(BigDecimal.valueOf(GIB)).setScale(0, RoundingMode.HALF_UP).longValueExact();
    }

    public static long gb(double gb) {
        return BigDecimal.valueOf(gb).multiply(BigDecimal.valueOf(GB)).setScale(0, RoundingMode.HALF_UP).longValueExact();
    }

    public static double toGib(long bytes) { return bytes / (double) GIB; }

    public static double toGb(long bytes) { return bytes / (double) GB; }

    /** "327,680" (hand-rolled: this runs on every keystroke, String.format is too slow). */
    public static String grouped(long n) {
        if (n == Long.MIN_VALUE) {
            return "-9,223,372,036,854,775,808";
        }
        String digits = Long.toString(Math.abs(n));
        StringBuilder b = new StringBuilder(digits.length() + 8);
        if (n < 0) {
            b.append('-');
        }
        int first = digits.length() % 3 == 0 ? 3 : digits.length() % 3;
        b.append(digits, 0, first);
        for (int i = first; i < digits.length(); i += 3) {
            b.append(',').append(digits, i, i + 3);
        }
        return b.toString();
    }

    /** A value with two decimals and thousands separators: "1,234.57". */
    public static String fixed2(double v) {
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            return "unavailable";
        }
        long hundredths = Math.round(Math.abs(v) * 100);
        String sign = v < 0 && hundredths != 0 ? "-" : "";
        long frac = hundredths % 100;
        return sign + grouped(hundredths / 100) + (frac < 10 ? ".0" : ".") + frac;
    }

    /** A value with one decimal and thousands separators: "1,234.6". */
    public static String fixed1(double v) {
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            return "unavailable";
        }
        long tenths = Math.round(Math.abs(v) * 10);
        return (v < 0 && tenths != 0 ? "-" : "") + grouped(tenths / 10) + "." + tenths % 10;
    }

    /** "130.39 GiB". */
    public static String gibText(long bytes) { return fixed2(toGib(bytes)) + " GiB"; }

    /** "140.00 GB". */
    public static String gbText(long bytes) { return fixed2(toGb(bytes)) + " GB"; }

    /** Bytes in the friendliest binary unit: "320 KiB", "1.50 MiB", "12.21 GiB". */
    public static String binary(long bytes) {
        long abs = Math.abs(bytes);
        if (abs >= GIB) {
            return fixed2(bytes / (double) GIB) + " GiB";
        }
        if (abs >= MIB) {
            return trim(bytes / (double) MIB) + " MiB";
        }
        if (abs >= KIB) {
            return trim(bytes / (double) KIB) + " KiB";
        }
        return bytes + " B";
    }

    /** "327,680 B (320 KiB)". */
    public static String bytesText(long bytes) {
        return grouped(bytes) + " B" + (Math.abs(bytes) >= KIB ? " (" + binary(bytes) + ")" : "");
    }

    private static String trim(double v) {
        String s = fixed2(v);
        if (s.endsWith(".00")) {
            return s.substring(0, s.length() - 3);
        }
        return s;
    }

    /** A ratio with two decimals, as engines print it: "15.75". */
    public static String two(double v) { return fixed2(v).replace(",", ""); }
}
