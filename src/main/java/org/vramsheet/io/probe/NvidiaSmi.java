package org.vramsheet.io.probe;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The peak of {@code nvidia-smi --query-gpu=memory.used,memory.total --format=csv} output: one sample or a
 * {@code -lms} series, with or without the header and units. The peak is the largest memory.used of any GPU in any
 * sample (the sheet's measured peak is per GPU).
 */
public final class NvidiaSmi {
    /** The peak used and the GPU's total, in bytes, over {@code samples} readings; null when the text has none. */
    public record Peak(long usedBytes, long totalBytes, int samples) { }

    private static final Pattern ROW = Pattern.compile(
            "^\\s*(\\d+)(?:\\s*MiB)?\\s*,\\s*(\\d+)(?:\\s*MiB)?\\s*$");

    private NvidiaSmi() { }

    public static Peak parse(String text) {
        long used = -1;
        long total = -1;
        int samples = 0;
        for (String line : text.split("\\R")) {
            Matcher m = ROW.matcher(line);
            if (!m.matches()) {
                continue;
            }
            long u = Long.parseLong(m.group(1));
            long t = Long.parseLong(m.group(2));
            if (u > t || t == 0 || t > 16L << 20) {
                continue; // not a used / total pair in MiB
            }
            samples++;
            used = Math.max(used, u);
            total = Math.max(total, t);
        }
        return samples == 0 ? null : new Peak(used << 20, total << 20, samples);
    }
}
