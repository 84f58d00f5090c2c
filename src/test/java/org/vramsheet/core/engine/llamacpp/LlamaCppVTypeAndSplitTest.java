package org.vramsheet.core.engine.llamacpp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.vramsheet.core.calc.Sheets;
import org.vramsheet.core.calc.SizingCalculator;
import org.vramsheet.core.result.FigureKey;
import org.vramsheet.core.result.SizingResult;
import org.vramsheet.core.sheet.Engine;
import org.vramsheet.core.sheet.FlashAttention;
import org.vramsheet.core.sheet.KvDtype;
import org.vramsheet.core.sheet.Worksheet;

/**
 * Two llama.cpp rules on sheets: the V rows are sized by type_v (-ctv), not by type_k (llama-kv-cache.cpp creates the V
 * tensor with type_v), and a sheet at PP 1 on two GPUs is how llama.cpp runs (whole layers on every GPU), not a mistake.
 */
class LlamaCppVTypeAndSplitTest {
    /** Llama 3.1 70B: 80 layers of 8 KV heads x 128, -ctk q8_0 -ctv q4_0 with flash attention. */
    private static Worksheet q8kq4v() {
        Worksheet ws = Sheets.llamaCppTwoGpus(b -> b.cacheTypeV(KvDtype.Q4_0).flashAttention(FlashAttention.ON));
        return ws.withKv(ws.kv().toBuilder().kvDtype(KvDtype.Q8_0).build());
    }

    private static String issue(Worksheet ws, String field) { return LlamaCppDevicesTest.issue(ws, field); }

    @Test
    void theVRowsAreSizedByTheVType() {
        SizingResult r = SizingCalculator.calculate(q8kq4v());
        assertTrue(r.issues().isEmpty(), r.issues().toString());
        long k = 1024L * 34 / 32; // 8 x 128 q8_0 values: 34 B per 32 = 1,088 B
        long v = 1024L * 18 / 32; // q4_0: 18 B per 32 = 576 B
        assertEquals(80 * (k + v), r.get(FigureKey.KV_CACHE_BYTES_PER_TOKEN).value(), "80 x (1,088 + 576) = 133,120 B, not 80 x 2 x 1,088");
        assertEquals(133_120, r.get(FigureKey.KV_CACHE_BYTES_PER_TOKEN).value());
        assertEquals("32 x 8 x 128 x (1.0625 + 0.5625)".replace("32", "80"),
                r.get(FigureKey.KV_CACHE_BYTES_PER_TOKEN).provenance().expression().split(" = ")[0]);
        assertEquals(41 * 8192 * (k + v), r.get(FigureKey.device("gpu0", "kvBytes")).value(),
                "the device's cache uses the same rows: 41 layers x 8,192 cells x 1,664 B");
        assertEquals(40 * (k + v), r.get(FigureKey.KV_CACHE_BYTES_PER_TOKEN_PER_GPU).value(), "a stage of ceil(80 / 2) layers");

        Worksheet sameType = q8kq4v().withRuntime(q8kq4v().runtime().toBuilder().llamaCpp(q8kq4v().runtime().llamaCpp()
                .toBuilder().cacheTypeV(null).build()).build());
        assertEquals(80 * 2 * k, SizingCalculator.calculate(sameType).get(FigureKey.KV_CACHE_BYTES_PER_TOKEN).value(),
                "no -ctv: V takes the K type");
        Worksheet vllm = q8kq4v().withRuntime(q8kq4v().runtime().toBuilder().engine(Engine.VLLM).pipelineParallel(1).build())
                .withKv(q8kq4v().kv().toBuilder().kvDtype(KvDtype.FP16).build());
        assertEquals(80L * 2 * 1024 * 2, SizingCalculator.calculate(vllm).get(FigureKey.KV_CACHE_BYTES_PER_TOKEN).value(),
                "another engine has no -ctv: a stray llama.cpp V type is ignored");
    }

    @Test
    void twoGpusAtPipelineParallelOneIsHowLlamaCppRuns() {
        Worksheet pp2 = Sheets.llamaCppTwoGpus(b -> b);
        Worksheet pp1 = pp2.withRuntime(pp2.runtime().toBuilder().pipelineParallel(1).build());
        SizingResult r1 = SizingCalculator.calculate(pp1);
        assertNull(issue(pp1, "runtime.pipelineParallel"), "llama.cpp has no PP of its own: PP 1 on 2 GPUs is its default split");
        assertTrue(r1.issues().isEmpty(), r1.issues().toString());
        SizingResult r2 = SizingCalculator.calculate(pp2);
        for (String id : new String[] {"devices.gpu0.kvBytes", "devices.gpu1.weightsBytes", "pool.kvPoolBytes"}) {
            assertEquals(r2.figures().get(id).value(), r1.figures().get(id).value(), id + ": PP 1 is run as PP 2");
        }
        assertEquals(2, r1.get(FigureKey.PLACEMENT_GPUS_PER_REPLICA).value());
        assertTrue(r1.get(FigureKey.PLACEMENT_GPUS_PER_REPLICA).provenance().assumptions().get(0).contains("PP 1 is taken as PP 2"));

        Worksheet pp3 = pp2.withRuntime(pp2.runtime().toBuilder().pipelineParallel(3).build());
        assertNotNull(issue(pp3, "runtime.pipelineParallel"), "a PP that is neither 1 nor the GPU count cannot be llama.cpp's");
        Worksheet vllm = pp1.withRuntime(pp1.runtime().toBuilder().engine(Engine.VLLM).build());
        assertEquals(1, SizingCalculator.calculate(vllm).get(FigureKey.PLACEMENT_GPUS_PER_REPLICA).value(),
                "vLLM's PP is its layout: 1 stays 1");
    }
}
