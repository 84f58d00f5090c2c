package org.vramsheet.core.engine.llamacpp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.vramsheet.core.sheet.KvDtype;
import org.vramsheet.core.units.Units;

/** llama.cpp's cache arithmetic against ggml's type sizes and against published llama.cpp allocations. */
class LlamaCppCacheTest {
    @Test
    void rowSizesAreGgmls() {
        assertEquals(4 * 128, LlamaCppCacheType.F32.rowBytes(128));
        assertEquals(2 * 128, LlamaCppCacheType.F16.rowBytes(128));
        assertEquals(2 * 128, LlamaCppCacheType.BF16.rowBytes(128));
        assertEquals(34 * 4, LlamaCppCacheType.Q8_0.rowBytes(128));
        assertEquals(18 * 4, LlamaCppCacheType.Q4_0.rowBytes(128));
        assertEquals(20 * 4, LlamaCppCacheType.Q4_1.rowBytes(128));
        assertEquals(22 * 4, LlamaCppCacheType.Q5_0.rowBytes(128));
        assertEquals(24 * 4, LlamaCppCacheType.Q5_1.rowBytes(128));
        assertEquals(18 * 4, LlamaCppCacheType.IQ4_NL.rowBytes(128));
        assertThrows(IllegalArgumentException.class, () -> LlamaCppCacheType.Q8_0.rowBytes(100), "not whole blocks");
        assertTrue(LlamaCppCacheType.Q8_0.quantized() && !LlamaCppCacheType.F16.quantized(), "quantized V needs flash attention");
        assertEquals(LlamaCppCacheType.Q5_1, LlamaCppCacheType.of("q5_1"));
        assertEquals(KvDtype.Q8_0, LlamaCppCacheType.Q8_0.kvDtype());
        assertEquals(KvDtype.Q5_1, LlamaCppCacheType.Q5_1.kvDtype(), "every cache type has its sheet dtype");
        assertNull(LlamaCppCacheType.of("q3_k"));
    }

    /**
     * unslothai/unsloth PR #7530 (danielhanchen, 2026-07-28), measured on a live llama-server (build 10107) with
     * gemma-3-270m (18 layers, 1 KV head of 256, window 512, f16): ctx 1024 with 3 slots allocates 1536 cells / 27.0 MiB,
     * with 4 slots 1024 cells / 18.0 MiB. Slots here are not unified (one stream per slot).
     */
    @Test
    void paddingPerStreamMatchesAPublishedAllocation() {
        for (int slots : new int[] {3, 4}) {
            LlamaCppCache.Shape base = LlamaCppCache.base(1024, slots, false, LlamaCppCache.Padding.B7108, true);
            LlamaCppCache.Shape swa = LlamaCppCache.swa(base, 512, slots, 512, LlamaCppCache.Padding.B7108, true);
            long full = LlamaCppCache.kvBytes(base, 3, 256, 256, LlamaCppCacheType.F16, LlamaCppCacheType.F16);
            long window = LlamaCppCache.kvBytes(swa, 15, 256, 256, LlamaCppCacheType.F16, LlamaCppCacheType.F16);
            assertEquals(slots == 3 ? 1536 : 1024, base.totalCells());
            assertEquals(slots == 3 ? 27 * Units.MIB : 18 * Units.MIB, full + window, slots + " slots");
        }
    }

    @Test
    void theTwoPaddingRules() {
        // b7108 on: n_ctx and the SWA cache padded to 256; before: 32 without flash attention, SWA min(base, pad(want))
        assertEquals(4352, LlamaCppCache.base(4100, 1, true, LlamaCppCache.Padding.B7108, false).cells());
        assertEquals(4128, LlamaCppCache.base(4100, 1, true, LlamaCppCache.Padding.B6840, false).cells());
        LlamaCppCache.Shape big = LlamaCppCache.base(65536, 1, true, LlamaCppCache.Padding.B7108, true);
        assertEquals(1280, LlamaCppCache.swa(big, 700, 1, 512, LlamaCppCache.Padding.B7108, true).cells(), "700 + 512 padded to 256");
        assertEquals(4 * 512 + 512, LlamaCppCache.swa(big, 512, 4, 512, LlamaCppCache.Padding.B7108, true).cells(),
                "unified: the window once per sequence");
        LlamaCppCache.Shape small = LlamaCppCache.base(900, 1, true, LlamaCppCache.Padding.B6840, false);
        assertEquals(928, LlamaCppCache.swa(small, 1024, 1, 512, LlamaCppCache.Padding.B6840, false).cells(), "capped by the base");
    }

    /** PR #23792's log: "size = 299.25 MiB (2 cells, 64 layers, 2 seqs), R (f32): 11.25 MiB, S (f32): 288.00 MiB". */
    @Test
    void recurrentStateIsF32PerSequence() {
        // R and S per cell and layer from the printed split: 11.25 MiB / 2 cells / 64 layers = 92,160 B = 23,040 f32 values
        long r = 11_796_480L / 2 / 64 / 4;
        long s = 301_989_888L / 2 / 64 / 4;
        assertEquals(Math.round(299.25 * Units.MIB), LlamaCppCache.stateBytes(64, r, s, 2));
    }
}
