package org.vramsheet.core.engine.ollama;

import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * Bytes as Ollama's log prints them ({@code format.HumanBytes2}, format/bytes.go): one decimal of GiB, MiB or KiB
 * ({@code %.1f}, 2^30 / 2^20 / 2^10), plain bytes below 1 KiB ("0 B"). Go rounds the float64's exact value to
 * the nearest tenth, a tie to even (0.25 GiB prints "0.2 GiB"); so does this.
 */
public final class OllamaBytes {
    private OllamaBytes() { }

    public static String human(long b) {
        if (b >= 1L << 30) {
            return tenth(b / (double) (1L << 30)) + " GiB";
        }
        if (b >= 1L << 20) {
            return tenth(b / (double) (1L << 20)) + " MiB";
        }
        if (b >= 1L << 10) {
            return tenth(b / (double) (1L << 10)) + " KiB";
        }
        return b + " B";
    }

    /** Always in MiB with one decimal ("696.0 MiB"), for the planner's explanations (one wording per text). */
    public static String mib(long b) {
        return tenth(b / (double) (1L << 20)) + " MiB";
    }

    private static String tenth(double v) {
        return new BigDecimal(v).setScale(1, RoundingMode.HALF_EVEN).toPlainString();
    }
}
