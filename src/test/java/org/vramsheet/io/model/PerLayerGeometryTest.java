package org.vramsheet.io.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.vramsheet.core.calc.SizingCalculator;
import org.vramsheet.core.result.FigureKey;
import org.vramsheet.core.result.SizingResult;
import org.vramsheet.core.sheet.Engine;
import org.vramsheet.core.sheet.Gpu;
import org.vramsheet.core.sheet.LayerWindow;
import org.vramsheet.core.sheet.WindowKind;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.core.units.Units;
import org.vramsheet.io.json.WorksheetJson;

/**
 * Seen (issue 15): layers whose KV heads or head size differ by layer type (sliding vs global, Gemma-4-style) could
 * not be expressed; sliding_window_pattern was honoured only for gemma3.
 */
class PerLayerGeometryTest {

    private static Worksheet sheet(ModelImport m, Engine e) {
        Worksheet ws = m.applyTo(new Worksheet(null, null, null, null, null, new Gpu("NVIDIA H100 80GB HBM3", 1,
                Math.round(79.19 * Units.GIB)), null, null, null, null));
        return ws.withRuntime(ws.runtime().toBuilder().engine(e).engineVersion("0.19.0").maxModelLen(32_768L).build());
    }

    @Test
    void globalAndSlidingLayersKeepTheirOwnHeadsAndHeadSize() throws Exception {
        ModelImport m = ConfigImporterTest.load("gemma4-style-per-type-geometry.config.json");
        assertEquals(2, m.kv().kvHeads(), "the global layers' geometry is the model's");
        assertEquals(512, m.kv().headDim());
        LayerWindow w = m.kv().windows().get(0);
        assertEquals(25, w.layers());
        assertEquals(1024L, w.window());
        assertEquals(8, w.kvHeads());
        assertEquals(256, w.headDim());
        SizingResult r = SizingCalculator.calculate(sheet(m, Engine.VLLM));
        // 5 global x 2 x 2 x 512 x 2 B + 25 sliding x 2 x 8 x 256 x 2 B
        assertEquals(5L * 2 * 2 * 512 * 2 + 25L * 2 * 8 * 256 * 2, r.get(FigureKey.KV_CACHE_BYTES_PER_TOKEN).value());
        assertEquals(20_480L, r.get(FigureKey.KV_CACHE_BYTES_PER_TOKEN_BEYOND_WINDOWS).value(), "20 KiB per token past the window");
        assertTrue(r.get(FigureKey.KV_CACHE_BYTES_PER_TOKEN).provenance().expression()
                .startsWith("2 x 5 x 2 x 512 x 2 + 2 x 25 x 8 x 256 x 2"),
                r.get(FigureKey.KV_CACHE_BYTES_PER_TOKEN).provenance().expression());
        var pool = r.get(FigureKey.POOL_KV_POOL_BYTES);
        assertTrue(pool.provenance().assumptions().stream().anyMatch(a -> a.startsWith("Group of 5 layers (2 KV heads x 512): 32 "
                + "tokens per block")), "vLLM gives the smaller page more tokens per block: " + pool.provenance().assumptions());
        assertEquals(131_072L, r.get(FigureKey.POOL_PAGE_BYTES).value(), "the sliding page, the largest: 16 x 2 x 8 x 256 x 2");
        // a 32,768-token sequence: sliding blocks held = ceil(1023 / 16) + 1 = 65, global ceil(32768 / 32) = 1024 blocks
        long seq = r.get(FigureKey.KV_CACHE_BYTES_PER_SEQUENCE).value();
        assertTrue(seq > 0, "computed");
        SizingResult sg = SizingCalculator.calculate(sheet(m, Engine.SGLANG));
        assertEquals(5L * 2 * 2 * 512 * 2 + 25L * 2 * 8 * 256 * 2, sg.get(FigureKey.KV_CACHE_BYTES_PER_TOKEN_PER_GPU).value(),
                "every engine's rule sees the per-group geometry");
    }

    @Test
    void perGroupGeometrySurvivesSavingAndIsValidated() throws Exception {
        ModelImport m = ConfigImporterTest.load("gemma4-style-per-type-geometry.config.json");
        Worksheet ws = sheet(m, Engine.VLLM);
        assertEquals(ws, WorksheetJson.parse(WorksheetJson.write(ws), "round trip"));
        Worksheet bad = ws.withKv(ws.kv().toBuilder()
                .windows(java.util.List.of(new LayerWindow(25, 1024L, WindowKind.SLIDING, 0, 256, null))).build());
        SizingResult r = SizingCalculator.calculate(bad);
        assertTrue(r.issues().stream().anyMatch(i -> i.field().equals("kv.windows") && i.message().contains("KV heads must be")),
                r.issues().toString());
        assertTrue(!r.get(FigureKey.KV_CACHE_BYTES_PER_TOKEN).available());
    }

    @Test
    void slidingWindowPatternWorksForAnyFamily() throws Exception {
        ModelImport m = ConfigImporter.parse("{\"model_type\":\"cohere2\",\"num_hidden_layers\":8,\"hidden_size\":1024,"
                + "\"num_attention_heads\":8,\"num_key_value_heads\":2,\"sliding_window\":4096,\"sliding_window_pattern\":4,"
                + "\"max_position_embeddings\":131072,\"vocab_size\":256000}", "cohere2/config.json");
        assertEquals(6, m.kv().windows().get(0).layers(), "3 local : 1 global over 8 layers");
        assertTrue(m.detected().stream().anyMatch(d -> d.startsWith("cohere2 pattern: 3 local : 1 global")), m.detected().toString());
    }
}
