package org.vramsheet.core.calc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.vramsheet.core.calc.LoraStepTest.assertRefused;
import static org.vramsheet.core.calc.LoraStepTest.value;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.vramsheet.core.result.Figure;
import org.vramsheet.core.result.FigureKey;
import org.vramsheet.core.result.SizingResult;
import org.vramsheet.core.sheet.Engine;
import org.vramsheet.core.sheet.LoraSettings;
import org.vramsheet.core.sheet.OffloadSettings;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.core.units.Units;
import org.vramsheet.io.json.WorksheetJson;

/**
 * KV offload to CPU memory as line items on Llama-3.1-8B-Instruct (131,072 B of KV per token, 65,536 B per GPU at TP 2):
 * vLLM's --kv-offloading-size is summed over the TP ranks, SGLang's --hicache-size is per rank and its --hicache-ratio a
 * multiple of its device pool; the host tier holds cached prefixes, never active tokens, so the pool's capacity does not
 * move; a node whose host RAM is short of what is asked is flagged.
 */
class OffloadStepTest {
    private static Worksheet llama8b(Engine e, int tp) throws Exception {
        Worksheet ws = WorksheetJson.read(Path.of("src/test/resources/worksheets/v8-lora-prefix.json"));
        return ws.withRuntime(ws.runtime().toBuilder().engine(e).engineVersion(e == Engine.SGLANG ? "0.5.4" : "")
                .tensorParallel(tp).build()).withGpu(ws.gpu().withCount(tp));
    }

    private static Worksheet offload(Worksheet ws, OffloadSettings o) {
        return ws.withRuntime(ws.runtime().toBuilder().offload(o).build());
    }

    @Test
    void vllmSplitsItsOffloadingSizeOverTheRanksAndLeavesActiveCapacityAlone() throws Exception {
        Worksheet plain = llama8b(Engine.VLLM, 2);
        Worksheet ws = offload(plain, OffloadSettings.builder().cpuBytes(64 * Units.GIB).nodeHostRamBytes(256 * Units.GIB)
                .build());
        SizingResult a = SizingCalculator.calculate(plain);
        SizingResult r = SizingCalculator.calculate(ws);
        assertTrue(r.issues().isEmpty(), r.issues().toString());
        assertEquals(32 * Units.GIB, value(r, FigureKey.OFFLOAD_HOST_BYTES_PER_RANK), "64 GiB summed over TP 2");
        assertEquals(64 * Units.GIB, value(r, FigureKey.OFFLOAD_HOST_BYTES_PER_NODE));
        assertEquals(65_536L, value(r, FigureKey.KV_CACHE_BYTES_PER_TOKEN_PER_GPU));
        assertEquals(32 * Units.GIB / 65_536, value(r, FigureKey.OFFLOAD_HOST_TOKENS), "524,288 cached-prefix tokens per rank");
        assertEquals(value(a, FigureKey.POOL_CAPACITY_TOKENS), value(r, FigureKey.POOL_CAPACITY_TOKENS),
                "offloaded tokens are not active tokens");
        assertEquals(value(a, FigureKey.POOL_MAX_CONCURRENCY), value(r, FigureKey.POOL_MAX_CONCURRENCY));
        assertTrue(r.get(FigureKey.OFFLOAD_HOST_TOKENS).provenance().assumptions().get(0).contains("not active tokens"));
        assertEquals(1, value(r, FigureKey.OFFLOAD_FITS_HOST_RAM));
    }

    @Test
    void sglangTakesItsHicacheSizePerRankOrARatioOfItsPool() throws Exception {
        Worksheet plain = llama8b(Engine.SGLANG, 2);
        SizingResult bySize = SizingCalculator.calculate(offload(plain, OffloadSettings.builder().cpuBytes(40_000_000_000L)
                .build()));
        assertTrue(bySize.issues().isEmpty(), bySize.issues().toString());
        assertEquals(40_000_000_000L, value(bySize, FigureKey.OFFLOAD_HOST_BYTES_PER_RANK), "--hicache-size is per rank");
        assertEquals(80_000_000_000L, value(bySize, FigureKey.OFFLOAD_HOST_BYTES_PER_NODE));
        SizingResult byRatio = SizingCalculator.calculate(offload(plain, OffloadSettings.builder().cpuRatio(2.0).build()));
        long pool = value(byRatio, FigureKey.POOL_KV_POOL_BYTES);
        assertEquals(2 * pool, value(byRatio, FigureKey.OFFLOAD_HOST_BYTES_PER_RANK), "--hicache-ratio 2 x the device pool");
    }

    @Test
    void aNodeShortOfHostRamIsFlaggedWithTheLoraAdaptersItKeeps() throws Exception {
        Worksheet ws = offload(llama8b(Engine.VLLM, 1), OffloadSettings.builder().cpuBytes(100 * Units.GIB)
                .nodeHostRamBytes(64 * Units.GIB).build());
        ws = ws.withRuntime(ws.runtime().toBuilder().lora(LoraSettings.builder().maxLoras(4).maxCpuLoras(32)
                .intermediateSize(14_336).build()).build());
        SizingResult r = SizingCalculator.calculate(ws);
        assertTrue(r.issues().isEmpty(), r.issues().toString());
        long lora = 32 * 83_886_080L;
        assertEquals(lora, value(r, FigureKey.LORA_HOST_BYTES_PER_NODE), "32 adapters of 80 MiB");
        assertEquals(100 * Units.GIB + lora, value(r, FigureKey.OFFLOAD_HOST_RAM_ASKED_BYTES));
        Figure fits = r.get(FigureKey.OFFLOAD_FITS_HOST_RAM);
        assertEquals(0, fits.value());
        assertTrue(fits.provenance().assumptions().get(0).startsWith("Warning: the node's host RAM is short by"),
                fits.provenance().assumptions().toString());
        Worksheet unknown = ws.withRuntime(ws.runtime().toBuilder().offload(ws.runtime().offload().toBuilder()
                .nodeHostRamBytes(null).build()).build());
        assertFalse(SizingCalculator.calculate(unknown).get(FigureKey.OFFLOAD_FITS_HOST_RAM).available());
    }

    @Test
    void llamaCppWithoutKvOffloadHoldsItsWholeCacheOnTheHost() throws Exception {
        Worksheet ws = llama8b(Engine.LLAMA_CPP, 1);
        ws = ws.withRuntime(ws.runtime().toBuilder().maxModelLen(8192L).maxNumSeqs(2).llamaCpp(ws.runtime().llamaCpp()
                .toBuilder().noKvOffload(true).build()).build());
        SizingResult r = SizingCalculator.calculate(ws);
        assertTrue(r.issues().isEmpty(), r.issues().toString());
        assertEquals(value(r, FigureKey.POOL_KV_POOL_BYTES_REPLICA), value(r, FigureKey.OFFLOAD_HOST_BYTES_PER_NODE));
        assertRefused(offload(ws, OffloadSettings.builder().cpuBytes(Units.GIB).build()), "runtime.offload.cpuBytes",
                "--no-kv-offload");
    }

    @Test
    void badOffloadInputIsRefusedNamingTheField() throws Exception {
        Worksheet ws = llama8b(Engine.VLLM, 1);
        assertRefused(offload(ws, OffloadSettings.builder().cpuBytes(0L).build()), "runtime.offload.cpuBytes", "must be from 1");
        assertRefused(offload(ws, OffloadSettings.builder().cpuBytes(-5L).build()), "runtime.offload.cpuBytes", "must be from 1");
        assertRefused(offload(ws, OffloadSettings.builder().cpuBytes(1L << 62).build()), "runtime.offload.cpuBytes", "must be");
        assertRefused(offload(ws, OffloadSettings.builder().cpuRatio(0.0).build()), "runtime.offload.cpuRatio", "above 0");
        assertRefused(offload(ws, OffloadSettings.builder().cpuRatio(Double.NaN).build()), "runtime.offload.cpuRatio", "above 0");
        assertRefused(offload(ws, OffloadSettings.builder().cpuRatio(2.0).build()), "runtime.offload.cpuRatio", "not a ratio");
        assertRefused(offload(ws, OffloadSettings.builder().nodeHostRamBytes(0L).build()), "runtime.offload.nodeHostRamBytes",
                "must be from");
        Worksheet trt = ws.withRuntime(ws.runtime().toBuilder().engine(Engine.TENSORRT_LLM).build());
        assertRefused(offload(trt, OffloadSettings.builder().cpuBytes(Units.GIB).build()), "runtime.offload.cpuBytes",
                "not for this engine");
    }
}
