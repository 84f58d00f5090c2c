package org.vramsheet.core;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Locale;

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

    /** "327,680". */
    public static String grouped(long n) { return String.format(Locale.ROOT, "%,d", n); }

    /** "130.39 GiB". */
    public static String gibText(long bytes) { return String.format(Locale.ROOT, "%,.2f GiB", toGib(bytes)); }

    /** "140.00 GB". */
    public static String gbText(long bytes) { return String.format(Locale.ROOT, "%,.2f GB", toGb(bytes)); }

    /** Bytes in the friendliest binary unit: "320 KiB", "1.50 MiB", "12.21 GiB". */
    public static String binary(long bytes) {
        long abs = Math.abs(bytes);
        if (abs >= GIB) {
            return String.format(Locale.ROOT, "%,.2f GiB", bytes / (double) GIB);
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
        String s = String.format(Locale.ROOT, "%,.2f", v);
        if (s.endsWith(".00")) {
            return s.substring(0, s.length() - 3);
        }
        return s;
    }

    /** A ratio with two decimals, as engines print it: "15.75". */
    public static String two(double v) { return String.format(Locale.ROOT, "%.2f", v); }
}
