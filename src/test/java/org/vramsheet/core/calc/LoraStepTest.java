package org.vramsheet.core.calc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.vramsheet.core.result.Figure;
import org.vramsheet.core.result.FigureKey;
import org.vramsheet.core.result.SizingResult;
import org.vramsheet.core.sheet.ComputeDtype;
import org.vramsheet.core.sheet.Engine;
import org.vramsheet.core.sheet.LoraSettings;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.io.json.WorksheetJson;

/**
 * LoRA adapters as line items, worked by hand on Llama-3.1-8B-Instruct (config.json under src/test/resources/configs: hidden
 * 4,096, 32 query heads and 8 KV heads of 128, intermediate 14,336, 32 layers) at rank 16 over every projection in bf16:
 * per layer 16 x ((4,096 + 4,096) q + 2 x (4,096 + 1,024) k, v + (4,096 + 4,096) o + 3 x (4,096 + 14,336) gate, up, down)
 * = 1,310,720 parameters, x 32 layers = 41,943,040 parameters, 83,886,080 B. The engines' rules: vLLM slots every projection
 * before its profile (the pool shrinks by the slots); SGLang only its target modules, before its pool too; llama.cpp's
 * adapters sit beside its cache, which does not shrink.
 */
class LoraStepTest {
    private static Worksheet llama8b() throws Exception {
        return WorksheetJson.read(Path.of("src/test/resources/worksheets/v8-lora-prefix.json"));
    }

    private static int intermediate() throws Exception {
        JsonNode c = new ObjectMapper().readTree(Files.readString(Path.of(
                "src/test/resources/configs/meta-llama__Llama-3.1-8B-Instruct.json")));
        return c.get("intermediate_size").asInt();
    }

    static Worksheet withLora(Worksheet ws, LoraSettings l) {
        return ws.withRuntime(ws.runtime().toBuilder().lora(l).build());
    }

    private static LoraSettings.Builder lora() throws Exception {
        return LoraSettings.builder().maxLoras(4).maxRank(16).intermediateSize(intermediate());
    }

    static long value(SizingResult r, FigureKey k) {
        Figure f = r.figures().get(k.id());
        assertNotNull(f, k.id());
        assertTrue(f.available(), k.id() + ": " + f.reason());
        return f.value();
    }

    @Test
    void oneRankSixteenAdapterOfLlama8bOverEveryProjectionIsWorkedByHand() throws Exception {
        SizingResult r = SizingCalculator.calculate(withLora(llama8b(), lora().build()));
        assertTrue(r.issues().isEmpty(), r.issues().toString());
        long perLayer = 16L * ((4096 + 4096) + 2 * (4096 + 1024) + (4096 + 4096) + 3 * (4096 + 14_336));
        assertEquals(1_310_720L, perLayer);
        assertEquals(41_943_040L * 2, value(r, FigureKey.LORA_BYTES_PER_ADAPTER), "32 layers x 1,310,720 x 2 B (bf16)");
        assertEquals(83_886_080L, value(r, FigureKey.LORA_SLOT_BYTES_PER_GPU), "TP 1: a slot is one adapter");
        assertTrue(r.get(FigureKey.LORA_BYTES_PER_ADAPTER).provenance().expression().startsWith("16 x (4,096 + 4,096"),
                r.get(FigureKey.LORA_BYTES_PER_ADAPTER).provenance().expression());
    }

    @Test
    void vllmTakesTheSlotsAndPunicaBuffersOutOfThePool() throws Exception {
        Worksheet plain = llama8b();
        SizingResult a = SizingCalculator.calculate(plain);
        SizingResult b = SizingCalculator.calculate(withLora(plain, lora().build()));
        long t = value(b, FigureKey.POOL_MAX_BATCHED_TOKENS);
        assertEquals(8192, t);
        long punica = t * (5 * 8 + 2 * 2 * 4) + 2 * 4 * (3 * 4 + 4) + 3L * 4 * t * 16;
        assertEquals(punica, value(b, FigureKey.LORA_PUNICA_BYTES_PER_GPU), "indices + kernel metadata + fp32 shrink buffer");
        long gpu = 4 * 83_886_080L + punica;
        assertEquals(gpu, value(b, FigureKey.LORA_GPU_BYTES_PER_GPU));
        assertEquals(value(a, FigureKey.POOL_NON_KV_BYTES) + gpu, value(b, FigureKey.POOL_NON_KV_BYTES),
                "vLLM creates the LoRA manager when the model loads, before its profile");
        long shrunk = value(a, FigureKey.POOL_KV_POOL_BYTES) - value(b, FigureKey.POOL_KV_POOL_BYTES);
        long page = value(b, FigureKey.POOL_PAGE_BYTES);
        assertTrue(shrunk >= gpu && shrunk - gpu < page, "the pool, in whole " + page + "-byte blocks, shrinks by the slots: "
                + shrunk + " vs " + gpu);
        assertEquals(value(a, FigureKey.RESULT_NON_KV_BYTES) + gpu, value(b, FigureKey.RESULT_NON_KV_BYTES));
        assertEquals(4 * 83_886_080L, value(b, FigureKey.LORA_HOST_BYTES_PER_NODE), "max CPU LoRAs not set = max LoRAs");
    }

    @Test
    void vllmSlotsEveryProjectionWhateverTheTargetsAndSglangOnlyItsTargets() throws Exception {
        LoraSettings attention = lora().targetModules("q_proj, v_proj").build();
        SizingResult v = SizingCalculator.calculate(withLora(llama8b(), attention));
        assertEquals(83_886_080L, value(v, FigureKey.LORA_BYTES_PER_ADAPTER), "vLLM wraps every LoRA-capable projection");
        Worksheet sglang = llama8b();
        sglang = sglang.withRuntime(sglang.runtime().toBuilder().engine(Engine.SGLANG).engineVersion("0.5.4").build());
        SizingResult g = SizingCalculator.calculate(withLora(sglang, attention));
        assertTrue(g.issues().isEmpty(), g.issues().toString());
        assertEquals(16L * ((4096 + 4096) + (4096 + 1024)) * 32 * 2, value(g, FigureKey.LORA_BYTES_PER_ADAPTER));
        assertEquals(0, value(g, FigureKey.LORA_PUNICA_BYTES_PER_GPU));
        assertEquals(0, value(g, FigureKey.LORA_HOST_BYTES_PER_NODE), "SGLang keeps no CPU cache of adapters here");
        SizingResult plain = SizingCalculator.calculate(sglang);
        assertEquals(value(plain, FigureKey.POOL_NON_KV_BYTES) + value(g, FigureKey.LORA_GPU_BYTES_PER_GPU),
                value(g, FigureKey.POOL_NON_KV_BYTES), "init_lora_manager() runs before init_memory_pool()");
    }

    @Test
    void tensorParallelShardsBAndKeepsAOfColumnParallelProjectionsWhole() throws Exception {
        Worksheet ws = llama8b();
        ws = ws.withRuntime(ws.runtime().toBuilder().tensorParallel(2).build()).withGpu(ws.gpu().withCount(2));
        SizingResult r = SizingCalculator.calculate(withLora(ws, lora().build()));
        assertTrue(r.issues().isEmpty(), r.issues().toString());
        // q: 4,096 + 2,048; k, v: 4,096 + 512; o: 2,048 + 4,096; gate, up: 4,096 + 7,168; down: 7,168 + 4,096
        long perLayer = 16L * ((4096 + 2048) + 2 * (4096 + 512) + (2048 + 4096) + 2 * (4096 + 7168) + (7168 + 4096));
        assertEquals(perLayer * 32 * 2, value(r, FigureKey.LORA_SLOT_BYTES_PER_GPU));
        assertTrue(value(r, FigureKey.LORA_SLOT_BYTES_PER_GPU) * 2 > value(r, FigureKey.LORA_BYTES_PER_ADAPTER),
                "A of q, k, v, gate, up is held whole on each rank");
        assertEquals(2 * value(r, FigureKey.LORA_GPU_BYTES_PER_GPU), value(r, FigureKey.LORA_GPU_BYTES));
    }

    @Test
    void llamaCppKeepsItsCacheAndAddsTheAdaptersToTheFootprint() throws Exception {
        Worksheet ws = llama8b();
        ws = ws.withRuntime(ws.runtime().toBuilder().engine(Engine.LLAMA_CPP).maxModelLen(8192L).maxNumSeqs(2).build());
        SizingResult a = SizingCalculator.calculate(ws);
        SizingResult b = SizingCalculator.calculate(withLora(ws, lora().maxLoras(2).dtype(ComputeDtype.FP16).build()));
        assertTrue(b.issues().isEmpty(), b.issues().toString());
        assertEquals(value(a, FigureKey.POOL_CAPACITY_TOKENS), value(b, FigureKey.POOL_CAPACITY_TOKENS));
        assertEquals(value(a, FigureKey.RESULT_NON_KV_BYTES) + 2 * 83_886_080L, value(b, FigureKey.RESULT_NON_KV_BYTES));
    }

    @Test
    void badLoraInputIsRefusedNamingTheField() throws Exception {
        Worksheet ws = llama8b();
        assertRefused(withLora(ws, lora().maxLoras(0).build()), "runtime.lora.maxLoras", "must be from 1");
        assertRefused(withLora(ws, lora().maxLoras(-3).build()), "runtime.lora.maxLoras", "must be from 1");
        assertRefused(withLora(ws, lora().maxRank(0).build()), "runtime.lora.maxRank", "must be from 1");
        assertRefused(withLora(ws, lora().maxRank(1_000_000).build()), "runtime.lora.maxRank", "must be from 1 to 4096");
        assertRefused(withLora(ws, lora().maxRank(24).build()), "runtime.lora.maxRank", "vLLM takes a max LoRA rank");
        assertRefused(withLora(ws, lora().targetModules("q_proj, lm_heads").build()), "runtime.lora.targetModules",
                "not a LoRA projection: 'lm_heads'");
        assertRefused(withLora(ws, lora().intermediateSize(null).build()), "runtime.lora.intermediateSize", "needed");
        assertRefused(withLora(ws, lora().maxCpuLoras(2).build()), "runtime.lora.maxCpuLoras", "at least max LoRAs");
        assertRefused(withLora(ws, lora().dtype(ComputeDtype.FP32).build()), "runtime.lora.dtype", "float16 or bfloat16");
        Worksheet trt = ws.withRuntime(ws.runtime().toBuilder().engine(Engine.TENSORRT_LLM).build());
        assertRefused(withLora(trt, lora().build()), "runtime.lora.maxLoras", "not for this engine");
        SizingResult r = SizingCalculator.calculate(withLora(ws, lora().maxRank(0).build()));
        assertFalse(r.figures().get(FigureKey.LORA_GPU_BYTES.id()).available(), "no figure from a refused rank");
    }

    static void assertRefused(Worksheet ws, String field, String message) {
        SizingResult r = SizingCalculator.calculate(ws);
        assertTrue(r.issues().stream().anyMatch(i -> i.field().equals(field) && i.message().contains(message)),
                field + " / " + message + ": " + r.issues());
    }
}
