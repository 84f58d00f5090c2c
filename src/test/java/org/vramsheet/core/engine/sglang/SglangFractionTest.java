package org.vramsheet.core.engine.sglang;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.vramsheet.core.sheet.Engine;
import org.vramsheet.core.sheet.RuntimeSettings;
import org.vramsheet.core.units.Units;

/** SGLang's default-fraction arithmetic against what its logs print (the sheet-level checks are in SglangPoolTest). */
class SglangFractionTest {
    /**
     * The prefill (piecewise) CUDA graph sizes up to the chunked-prefill size: 42 up to 2,048 (the piecewise_cuda_graph_tokens list
     * of a v0.5.10rc0 server_args line, github.com/Jacob0226/SGLang-benchmarks @892d66c results/_pr25742_matrix/
     * v0.5.10rc0-rocm720-mi35x-20260415_TP2/server.log), 58 up to 8,192 (SG12's num_tokens list), 74 up to 16,384 (SG13: 74/74).
     */
    @Test
    void thePrefillGraphSizesAreTheOnesSglangCaptures() {
        assertEquals(42, SglangFraction.prefillGraphSizes(2048));
        assertEquals(50, SglangFraction.prefillGraphSizes(4096));
        assertEquals(58, SglangFraction.prefillGraphSizes(8192));
        assertEquals(74, SglangFraction.prefillGraphSizes(16384));
    }

    /** A 24 GB card: the capacity rule reserves 512 + 2,048 x 1.5 + 24 x 2 + 128 MiB (TP 1), 42 graph sizes x 8 MiB on top. */
    @Test
    void aSmallCardsReservationIsTheRulesArithmetic() {
        RuntimeSettings r = RuntimeSettings.builder().engine(Engine.SGLANG).engineVersion("0.5.4").build();
        long total = (24_564 - 512) * Units.MIB;
        assertEquals(Math.round((24_564 - 3_760) / 24_564.0 * 1000) / 1000.0, SglangFraction.of(r, total).value(), 1e-12);
        RuntimeSettings newest = r.toBuilder().engineVersion("").build();
        assertEquals(Math.round((24_564 - 3_760 - 42 * 8) / 24_564.0 * 1000) / 1000.0, SglangFraction.of(newest, total).value(), 1e-12);
        // the reserved-memory table of 0.4.8-0.5.2: (2.8 + 1 / 10) GiB below 35 GB
        RuntimeSettings table = r.toBuilder().engineVersion("0.5.0").build();
        assertEquals(Math.round((24_564 - 2.9 * 1024) / 24_564 * 1000) / 1000.0, SglangFraction.of(table, total).value(), 1e-12);
    }
}
