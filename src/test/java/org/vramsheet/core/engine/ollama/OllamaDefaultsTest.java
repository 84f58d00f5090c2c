package org.vramsheet.core.engine.ollama;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.vramsheet.core.units.Units;

/** Ollama's defaults on each side of every release where a rule changed (each release read from Ollama's git history). */
class OllamaDefaultsTest {
    private static OllamaRunnerSetup run(OllamaSetup.Builder b) { return OllamaDefaults.runner(b.build()); }

    private static OllamaSetup.Builder at(String version) { return OllamaSetup.of(version).toBuilder(); }

    @Test
    void numCtxDefaultByRelease() {
        assertEquals(2048L, run(at("0.5.12")).numCtx().value());
        assertEquals(2048L, run(at("0.6.6")).numCtx().value());
        assertEquals(4096L, run(at("0.6.7")).numCtx().value());
        assertEquals(4096L, run(at("0.15.4").totalVramBytes(80 * Units.GIB)).numCtx().value());
        assertEquals(262_144L, run(at("0.15.5").totalVramBytes(80 * Units.GIB)).numCtx().value());
        assertEquals(32_768L, run(at("0.15.5").totalVramBytes(Units.gib(23.5))).numCtx().value());
        assertEquals(4096L, run(at("0.15.5").totalVramBytes(Units.gib(22.9))).numCtx().value());
        OllamaRunnerSetup unknownVram = run(at("0.30.0"));
        assertEquals(4096L, unknownVram.numCtx().value());
        assertTrue(unknownVram.numCtx().provenance().get(0).contains("not known here"), unknownVram.numCtx().provenance().toString());
    }

    @Test
    void theEnvironmentTheModelAndTheRequestInThatOrder() {
        OllamaRunnerSetup env = run(at("0.12.3").contextLength(8192L));
        assertEquals(8192L, env.numCtx().value());
        assertEquals(16_384L, run(at("0.12.3").contextLength(8192L).modelNumCtx(16_384L)).numCtx().value());
        assertEquals(2048L, run(at("0.12.3").contextLength(8192L).modelNumCtx(16_384L).requestNumCtx(2048L)).numCtx().value());
        OllamaRunnerSetup old = run(at("0.5.7").contextLength(8192L));
        assertEquals(2048L, old.numCtx().value(), "OLLAMA_CONTEXT_LENGTH came in 0.5.13");
        assertTrue(old.problems().get(0).contains("not read before Ollama 0.5.13"));
        assertEquals(262_144L, run(at("0.15.5").contextLength(0L).totalVramBytes(48 * Units.GIB)).numCtx().value(),
                "from 0.15.5, 0 is the variable's 'unset'");
    }

    @Test
    void floorsAndTheTrainedContextCap() {
        assertEquals(8192L, run(at("0.11.4").architecture("gptoss").totalVramBytes(24 * Units.GIB)).numCtx().value());
        assertEquals(4096L, run(at("0.11.4").architecture("gptoss").totalVramBytes(16 * Units.GIB)).numCtx().value(),
                "below 20 GiB, low-VRAM mode keeps the default");
        assertEquals(8192L, run(at("0.11.3").architecture("gptoss").totalVramBytes(16 * Units.GIB)).numCtx().value());
        assertEquals(4096L, run(at("0.12.6").architecture("qwen3vl").totalVramBytes(24 * Units.GIB)).numCtx().value());
        assertEquals(8192L, run(at("0.12.7").architecture("qwen3vl").totalVramBytes(24 * Units.GIB)).numCtx().value());
        assertEquals(4L, run(at("0.12.3").requestNumCtx(1L)).numCtx().value());
        assertEquals(2048L, run(at("0.12.3").requestNumCtx(512L).projector(true)).numCtx().value());
        assertEquals(512L, run(at("0.11.4").requestNumCtx(512L).projector(true)).numCtx().value(), "the vision floor is 0.11.5's");
        assertEquals(8192L, run(at("0.9.3").requestNumCtx(32_768L).trainContext(8192L)).numCtx().value());
        assertEquals(32_768L, run(at("0.9.2").requestNumCtx(32_768L).trainContext(8192L)).numCtx().value());
    }

    @Test
    void parallelByRelease() {
        assertEquals(1, run(at("0.1.32").numParallel(4L)).parallel().value());
        assertEquals(1, run(at("0.1.48")).parallel().value());
        assertEquals(4, run(at("0.2.0")).parallel().value());
        assertEquals(4, run(at("0.6.6")).parallel().value());
        assertEquals(2, run(at("0.6.7")).parallel().value());
        assertEquals(2, run(at("0.9.6")).parallel().value());
        assertEquals(1, run(at("0.10.0")).parallel().value());
        assertEquals(3, run(at("0.10.0").numParallel(3L)).parallel().value());
        assertEquals(1, run(at("0.3.14").projector(true)).parallel().value());
        assertEquals(4, run(at("0.4.1").projector(true)).parallel().value(), "0.4.1 lifted the projector rule");
        assertEquals(1, run(at("0.4.1").projector(true).architecture("mllama").numParallel(4L)).parallel().value());
        assertEquals(4, run(at("0.15.4").architecture("lfm2").numParallel(4L)).parallel().value());
        assertEquals(1, run(at("0.15.5").architecture("lfm2").numParallel(4L)).parallel().value());
        assertEquals(1, run(at("0.5.0").embedding(true)).parallel().value());
        OllamaRunnerSetup four = run(at("0.5.4").numParallel(4L).requestNumCtx(8192L));
        assertEquals(8192L * 4, four.runnerContext().value(), "the runner's context is num_ctx x parallel");
        OllamaRunnerSetup absurd = run(at("0.12.0").numParallel(1L << 40));
        assertEquals(OllamaParallelRule.MAX, absurd.parallel().value());
        assertTrue(absurd.problems().get(0).contains("more sequences than"));
    }

    @Test
    void flashAttentionAndTheCacheType() {
        assertEquals("off", run(at("0.1.38").flashAttention(true)).flashAttention().value());
        assertEquals("on", run(at("0.1.39").flashAttention(true)).flashAttention().value());
        assertEquals("off", run(at("0.12.3").architecture("gptoss")).flashAttention().value());
        assertEquals("on", run(at("0.12.4").architecture("gptoss")).flashAttention().value());
        assertEquals("off", run(at("0.12.6").architecture("gemma3")).flashAttention().value());
        assertEquals("on", run(at("0.12.7").architecture("gemma3")).flashAttention().value());
        assertEquals("auto", run(at("0.13.4").architecture("llama")).flashAttention().value());
        assertEquals("on", run(at("0.13.4").architecture("gemma3").ollamaEngine(true)).flashAttention().value());
        assertEquals("auto", run(at("0.30.0")).flashAttention().value());
        assertEquals("off", run(at("0.30.0").gpusSupportFlashAttention(false)).flashAttention().value());
        assertEquals("off", run(at("0.30.0").flashAttention(false)).flashAttention().value());

        assertEquals("f16", run(at("0.4.7").kvCacheType("q8_0").flashAttention(true)).cacheTypeK().value());
        assertEquals("q8_0", run(at("0.5.0").kvCacheType("q8_0").flashAttention(true)).cacheTypeK().value());
        OllamaRunnerSetup noFa = run(at("0.5.0").kvCacheType("q8_0"));
        assertEquals("f16", noFa.cacheTypeK().value());
        assertTrue(noFa.problems().get(0).contains("needs flash attention on"), noFa.problems().toString());
        assertEquals("f16", run(at("0.13.4").kvCacheType("q4_0").architecture("llama")).cacheTypeV().value(),
                "the llama.cpp runner from 0.13.4: auto is not enough for a quantized cache");
        assertEquals("q4_0", run(at("0.13.4").kvCacheType("q4_0").flashAttention(true)).cacheTypeV().value());
        assertEquals("f16", run(at("0.12.3").kvCacheType("q5_1").flashAttention(true)).cacheTypeK().value());
        assertEquals("q5_1", run(at("0.30.0").kvCacheType("q5_1")).cacheTypeK().value());
        OllamaRunnerSetup refused = run(at("0.30.0").kvCacheType("q8_0").flashAttention(false));
        assertEquals("q8_0", refused.cacheTypeV().value());
        assertTrue(refused.problems().get(0).contains("refuses a quantized V cache"));
    }

    @Test
    void batchLayersAndProjector() {
        assertEquals(512L, run(at("0.12.3")).batch().value());
        assertEquals(256L, run(at("0.12.3").numBatch(256L)).batch().value());
        assertEquals(512L, run(at("0.30.0").requestNumCtx(4096L)).batch().value());
        assertEquals(1024L, run(at("0.30.0").requestNumCtx(8192L)).batch().value());
        assertEquals(2048L, run(at("0.30.0").requestNumCtx(8192L).numParallel(8L)).batch().value());
        assertEquals("the planner", run(at("0.12.3")).gpuLayers().value());
        assertEquals("llama-server --fit", run(at("0.30.0")).gpuLayers().value());
        assertEquals("20", run(at("0.30.0").numGpu(20L)).gpuLayers().value());
        assertEquals("none", run(at("0.30.0")).projector().value());
        assertEquals("--mmproj", run(at("0.30.0").projector(true)).projector().value());
    }

    @Test
    void versionsAreReadAndABadOneIsSaid() {
        assertEquals(new OllamaRelease(0, 30, 0), OllamaRelease.parse("v0.30.0-rc2"));
        assertEquals(OllamaRelease.NEWEST, OllamaRelease.parse(" "));
        assertNull(OllamaRelease.parse("latest"));
        OllamaRunnerSetup r = run(at("latest"));
        assertEquals(OllamaRelease.NEWEST, r.release());
        assertEquals(List.of("Ollama version 'latest' is not a release number: the rules of 0.33.0 are used"), r.problems());
    }
}
