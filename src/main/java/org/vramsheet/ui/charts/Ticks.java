package org.vramsheet.ui.charts;

/**
 * Tick arithmetic for the window's charts. Labels use the notation the form reads, so typing a label gives the tick's
 * value: tokens in vLLM's K = 1,024 and M = 1,048,576, written only where exact ("8K" is 8,192; "8k" would be 8,000);
 * counts of sequences in digits, since a count takes no suffix (issue 26).
 */
final class Ticks {
    private Ticks() { }

    /** The nice step (1, 2, 2.5 or 5 times a power of ten) at or above {@code raw}; 1 for anything not positive. */
    static double nice(double raw) {
        if (!(raw > 0) || Double.isInfinite(raw)) {
            return 1;
        }
        double p = Math.pow(10, Math.floor(Math.log10(raw)));
        for (double m : new double[] {1, 2, 2.5, 5, 10}) {
            if (m * p >= raw * 0.999_999) {
                return m * p;
            }
        }
        return 10 * p;
    }

    /** log2 of a count for the concurrency axis; below 1 (0 sequences included) sits at -1, the axis's floor. */
    static double countPosition(double count) {
        return count >= 1 ? Math.log(count) / Math.log(2) : -1;
    }

    /** The tick label of a log2 count axis: 1, 2, 4 ... 16384, and "0" at the floor. */
    static String countLabel(double position) {
        if (position < -0.5) {
            return "0";
        }
        return Long.toString(Math.round(Math.pow(2, position)));
    }

    /** The tick label of a log2 token axis: 512, 1K, 8K, 128K, 1M. */
    static String tokenLabel(double position) {
        return binaryLabel(Math.round(Math.pow(2, position)), 1024);
    }

    /** A whole number as "8K" (times 1,024) or "1M" (times 1,048,576) from {@code from} up where exact, else its digits. */
    static String binaryLabel(long v, long from) {
        if (v >= 1_048_576 && v % 1_048_576 == 0) {
            return v / 1_048_576 + "M";
        }
        return v >= from && v % 1024 == 0 ? v / 1024 + "K" : Long.toString(v);
    }
}
