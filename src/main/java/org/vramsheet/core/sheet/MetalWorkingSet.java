package org.vramsheet.core.sheet;

import java.util.Map;

/**
 * macOS's default Metal working set ({@code MTLDevice.recommendedMaxWorkingSetSize} with {@code iogpu.wired_limit_mb} 0)
 * for the RAM sizes it was seen at: a fraction of the RAM rounded up to a 16 KiB page. Read from llama.cpp's start-up lines
 * (src/test/resources/unified/metal-working-sets.txt): before macOS 26, 2/3 at 16 and 32 GiB and 3/4 at 64 GiB; on
 * macOS 26, 0.74 at 16 and 18 GiB, 0.78 at 32, 36 and 48 GiB, 0.84 at 128 GiB. Other sizes were not seen: null.
 */
public final class MetalWorkingSet {
    /** Apple silicon's page, the unit the working set is rounded up to. */
    public static final long PAGE = 16_384;

    /** Which macOS set the default. */
    public enum Generation { BEFORE_MACOS_26, MACOS_26 }

    private static final Map<Integer, long[]> BEFORE_26 = Map.of(16, new long[] {2, 3}, 32, new long[] {2, 3},
            64, new long[] {3, 4});
    private static final Map<Integer, long[]> MACOS_26 = Map.of(16, new long[] {74, 100}, 18, new long[] {74, 100},
            32, new long[] {78, 100}, 36, new long[] {78, 100}, 48, new long[] {78, 100}, 128, new long[] {84, 100});

    private MetalWorkingSet() { }

    /** The fraction (numerator, denominator) seen at this RAM, or null when it was not seen. */
    public static long[] fraction(int ramGib, Generation g) {
        long[] f = (g == Generation.MACOS_26 ? MACOS_26 : BEFORE_26).get(ramGib);
        return f == null ? null : f.clone();
    }

    /** ceil(RAM x num / den / 16 KiB) x 16 KiB. */
    public static long rounded(long ramBytes, long num, long den) {
        long v = Math.floorDiv(Math.addExact(Math.multiplyExact(ramBytes, num), den - 1), den);
        return Math.multiplyExact(Math.floorDiv(v + PAGE - 1, PAGE), PAGE);
    }

    /** The default working set of a Mac with this many GiB of RAM, or null when that size was not seen. */
    public static Long defaultBytes(int ramGib, Generation g) {
        long[] f = fraction(ramGib, g);
        return f == null ? null : rounded((long) ramGib << 30, f[0], f[1]);
    }
}
