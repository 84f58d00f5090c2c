package org.vramsheet.io.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.vramsheet.core.calc.SizingCalculator;
import org.vramsheet.core.result.Figure;
import org.vramsheet.core.result.FigureKey;
import org.vramsheet.core.result.SizingResult;
import org.vramsheet.core.sheet.Engine;
import org.vramsheet.core.sheet.Gpu;
import org.vramsheet.core.sheet.KvDtype;
import org.vramsheet.core.sheet.Worksheet;

/**
 * Issue 30 point 5 leftovers: vLLM runs DeepSeek V3.2's fp8 KV cache as fp8_ds_mla by itself
 * (DeepseekV32ForCausalLM.verify_and_update_config, vllm/model_executor/models/config.py: {@code if
 * cache_config.cache_dtype.startswith("fp8"): cache_config.cache_dtype = "fp8_ds_mla"} on a config with index_topk), so
 * a V3.2 sheet with KV dtype fp8 is sized 61 x (656 + 132) = 48,068 B per token under vLLM, and as plain fp8 elsewhere.
 */
class DsMlaFromFp8Test {
    private static Worksheet sheet(String file, KvDtype dtype, Engine engine) throws Exception {
        Worksheet ws = ConfigImporterTest.load(file).applyTo(new Worksheet(null, null, null, null, null,
                new Gpu("x", 1, 141L << 30), null, null, null, null));
        ws = ws.withKv(ws.kv().toBuilder().kvDtype(dtype).build());
        return ws.withRuntime(ws.runtime().toBuilder().engine(engine).build());
    }

    @Test
    void v32InFp8UnderVllmIsStoredAsFp8DsMlaAndSaysWhy() throws Exception {
        for (KvDtype fp8 : new KvDtype[] {KvDtype.FP8_E4M3, KvDtype.FP8_E5M2}) {
            Worksheet ws = sheet("deepseek-ai__DeepSeek-V3.2-Exp.json", fp8, Engine.VLLM);
            SizingResult r = SizingCalculator.calculate(ws);
            Figure f = r.get(FigureKey.KV_CACHE_BYTES_PER_TOKEN);
            // by hand: (512 + 512 / 128 x 4 + 64 x 2) + (128 + 128 / 128 x 4) = 656 + 132 = 788 B per layer, 61 layers
            assertEquals(61 * 788, f.value(), fp8.name());
            assertTrue(f.provenance().assumptions().stream().anyMatch(a -> a.startsWith("vLLM turned the fp8 KV cache into "
                    + "fp8_ds_mla") && a.contains("index_topk")), f.provenance().assumptions().toString());
            assertTrue(f.provenance().assumptions().stream().anyMatch(a -> a.startsWith("KV layout: fp8_ds_mla")));
            assertEquals(fp8, ws.kv().kvDtype(), "the sheet keeps what was typed");
        }
    }

    @Test
    void v32InFp8UnderSglangStaysPlainFp8() throws Exception {
        SizingResult r = SizingCalculator.calculate(sheet("deepseek-ai__DeepSeek-V3.2-Exp.json", KvDtype.FP8_E4M3,
                Engine.SGLANG));
        // by hand: 61 x ((512 + 64) x 1 + 132) = 61 x 708 = 43,188 B
        Figure f = r.get(FigureKey.KV_CACHE_BYTES_PER_TOKEN);
        assertEquals(43_188, f.value());
        assertTrue(f.provenance().assumptions().stream().noneMatch(a -> a.startsWith("vLLM turned")));
    }

    @Test
    void deepSeekV3WithoutAnIndexerKeepsPlainFp8UnderVllm() throws Exception {
        SizingResult r = SizingCalculator.calculate(sheet("deepseek-ai__DeepSeek-V3.json", KvDtype.FP8_E4M3, Engine.VLLM));
        // by hand: 61 x (512 + 64) x 1 = 35,136 B: vLLM's conversion is for configs with index_topk only
        assertEquals(35_136, r.get(FigureKey.KV_CACHE_BYTES_PER_TOKEN).value());
    }

    @Test
    void v32InBf16UnderVllmStaysBf16() throws Exception {
        SizingResult r = SizingCalculator.calculate(sheet("deepseek-ai__DeepSeek-V3.2-Exp.json", KvDtype.BF16, Engine.VLLM));
        // by hand: 61 x ((512 + 64) x 2 + 132) = 78,324 B (the current vLLM keeps bfloat16: "Using bfloat16 kv-cache")
        assertEquals(78_324, r.get(FigureKey.KV_CACHE_BYTES_PER_TOKEN).value());
    }
}
