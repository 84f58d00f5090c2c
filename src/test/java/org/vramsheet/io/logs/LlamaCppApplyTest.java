package org.vramsheet.io.logs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.vramsheet.core.calc.Sheets;
import org.vramsheet.core.sheet.AttentionKind;
import org.vramsheet.core.sheet.Engine;
import org.vramsheet.core.sheet.FlashAttention;
import org.vramsheet.core.sheet.Gpu;
import org.vramsheet.core.sheet.KvArchitecture;
import org.vramsheet.core.sheet.KvDtype;
import org.vramsheet.core.sheet.LayerWindow;
import org.vramsheet.core.sheet.LlamaCppSettings;
import org.vramsheet.core.sheet.ModelInfo;
import org.vramsheet.core.sheet.WindowKind;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.core.units.Units;
import org.vramsheet.core.validation.LogComparison;
import org.vramsheet.core.validation.Measurement;

/**
 * Apply of a real llama.cpp log fills RUNTIME's llama.cpp flags from what it printed and says which; predicted against
 * measured per device and per buffer; a log of another model is found by its printed shape; llama-fit-params' estimate
 * (LC13, PR #22171's own example) compared per device like a log.
 */
class LlamaCppApplyTest {
    private static final double MIB = Units.MIB;

    private static Measurement log(String id) {
        return EngineLogParser.parse(FieldLogs.of("llamacpp").filter(l -> l.id().equals(id)).findFirst().orElseThrow().text());
    }

    private static LogComparison.Row row(LogComparison.Result r, String label) {
        return r.rows().stream().filter(x -> x.label().equals(label)).findFirst().orElseThrow(() -> new AssertionError(label
                + " not in " + r.rows().stream().map(LogComparison.Row::label).toList()));
    }

    /** Llama 3.1 70B on two GPUs with flags unlike LC10's (the same model at Q4_0 on two RPC devices, b6209). */
    private static Worksheet otherFlags() {
        Worksheet ws = Sheets.llamaCppTwoGpus(b -> b.flashAttention(FlashAttention.ON).gpuLayers(20).kvUnified(true).ubatch(256L)
                .cacheTypeV(KvDtype.Q8_0));
        return ws.withRuntime(ws.runtime().toBuilder().maxNumSeqs(4).build());
    }

    @Test
    void applyFillsTheFlagsTheLogPrintedAndSaysWhich() {
        Measurement m = log("LC10");
        Worksheet before = otherFlags();
        assertFalse(LogComparison.compare(before, m).mismatched(), "LC10 is Llama 3.1 70B: n_layer 80, n_embd 8192 as the sheet");
        List<String> flags = LogComparison.llamaCppFlags(before, m);
        assertEquals(List.of("-c 4096", "-np 1", "--kv-unified off", "-ctk f16", "-ctv f16", "-fa off", "-ngl 81", "-b 2048",
                "-ub 512"), flags);
        Worksheet after = LogComparison.apply(before, m, "2026-12-01");
        LlamaCppSettings l = after.runtime().llamaCpp();
        assertEquals(4096L, after.runtime().maxModelLen());
        assertEquals(1, after.runtime().maxNumSeqs());
        assertFalse(l.kvUnified());
        assertEquals(FlashAttention.OFF, l.flashAttention());
        assertEquals(81, l.gpuLayers());
        assertNull(l.cacheTypeV(), "-ctv f16 is the K type: RUNTIME's V type is left empty");
        assertEquals(512L, l.ubatch());
        assertEquals(2, after.gpu().count(), "two devices printed buffers");
        assertTrue(after.validation().notes().contains("llama.cpp flags set from the log: -c 4096, -np 1, --kv-unified off,"),
                after.validation().notes());
    }

    @Test
    void afterApplyEveryDeviceAndBufferIsComparedAndTheKvBuffersAreTheLogs() {
        Measurement m = log("LC10");
        Worksheet after = LogComparison.apply(otherFlags(), m, "2026-12-01");
        LogComparison.Result r = LogComparison.compare(after, m);
        LogComparison.Row kv0 = row(r, "GPU 0 'RPC[172.31.27.42:50052]': KV buffer");
        LogComparison.Row kv1 = row(r, "GPU 1 'RPC[172.31.20.38:50052]': KV buffer");
        assertEquals(656 * MIB, kv0.measured());
        assertEquals(656 * MIB, kv0.predicted(), "41 layers x 4,096 cells x 4 KiB");
        assertEquals(624 * MIB, kv1.predicted(), "39 layers");
        assertEquals(0.49 * MIB, row(r, "host: output buffer").measured(), 0.005 * MIB);
        assertTrue(row(r, "GPU 1 'RPC[172.31.20.38:50052]': compute buffer").predicted() > 0);
        assertEquals(563.62 * MIB, row(r, "host: model buffer").measured(), 0.005 * MIB, "CPU_Mapped is the host's");
        for (LogComparison.Row x : r.rows()) {
            System.out.printf("LC10 %s: predicted %s, measured %s%n", x.label(), mib(x.predicted()), mib(x.measured()));
        }
    }

    private static String mib(Double v) { return v == null ? "-" : String.format(java.util.Locale.ROOT, "%.2f MiB", v / MIB); }

    @Test
    void aLogOfAnotherModelIsFoundByItsPrintedShape() {
        LogComparison.Result r = LogComparison.compare(otherFlags(), log("LC09"));
        assertTrue(r.mismatched(), "LC09 is gemma-3-1b");
        assertEquals("another model? the log prints n_layer 26, n_embd 1152, n_head_kv 1, n_embd_head_k 256; the sheet has 80 "
                + "layers, hidden size 8192, 8 KV heads, head size 128: check before applying it", r.modelMismatch());
        assertEquals(r.modelMismatch(), r.causes().get(0), "the first finding, as for the other engines");
    }

    /**
     * LC13: gemma-3-4b-it f16, -c 32768 (PR #22171). The shape llama.cpp reads from its GGUF, not printed in the output: 34
     * layers, 8 heads, 4 KV heads of 256, n_embd 2560, a 1,024-token window on 5 of every 6 layers (transformers'
     * Gemma3TextConfig defaults, which the config in src/test/resources/configs leaves out). The weights are not known
     * from the source (the model rows use the base sheet's placeholder weights), so only the context is held to the estimate.
     */
    @Test
    void fitParamsEstimateIsComparedPerDevice() {
        Measurement m = log("LC13");
        assertEquals("llama-fit-params", m.estimatedBy());
        assertEquals(Engine.LLAMA_CPP, m.engine());
        KvArchitecture kv = KvArchitecture.builder().kind(AttentionKind.GQA).layers(34).attentionHeads(8).kvHeads(4).headDim(256)
                .hiddenSize(2560).kvDtype(KvDtype.FP16).windows(List.of(new LayerWindow(29, 1024L, WindowKind.SLIDING))).build();
        Worksheet base = Sheets.llamaCppTwoGpus(b -> b);
        Worksheet ws = base.withModel(new ModelInfo("google/gemma-3-4b-it", "", "Gemma3ForConditionalGeneration", 131_072L,
                262_144L)).withKv(kv).withGpu(new Gpu("Apple M-series (MTL0)", 1, 64 * Units.GIB))
                .withRuntime(base.runtime().toBuilder().engineVersion("").pipelineParallel(1).maxModelLen(32768L).build());
        LogComparison.Result r = LogComparison.compare(ws, m);
        r.rows().forEach(x -> System.out.printf("LC13 %s: predicted %s, measured %s%n", x.label(), mib(x.predicted()),
                mib(x.measured())));
        LogComparison.Row context = row(r, "GPU 0 'MTL0': context (KV cache and recurrent state)");
        assertEquals(814 * MIB, context.measured());
        assertEquals(814 * MIB, context.predicted(), "5 full layers x 32,768 cells + 29 sliding x 1,536 cells, 4 KiB a cell");
        assertEquals(0.0, row(r, "host: context (KV cache and recurrent state)").predicted(), "-ngl all: no layer on the host");
        assertEquals(814 * MIB, r.rows().get(1).measured(), "the KV pool per GPU: the largest GPU's context");
        assertTrue(LogComparison.llamaCppFlags(ws, m).contains("1 GPU(s)") || ws.gpu().count() == 1);
    }
}
