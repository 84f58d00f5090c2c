package org.vramsheet.io.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.vramsheet.core.calc.SizingCalculator;
import org.vramsheet.core.input.WorksheetValidator;
import org.vramsheet.core.kv.KvGeometry;
import org.vramsheet.core.result.Figure;
import org.vramsheet.core.result.FigureKey;
import org.vramsheet.core.result.SizingResult;
import org.vramsheet.core.sheet.AttentionKind;
import org.vramsheet.core.sheet.Engine;
import org.vramsheet.core.sheet.Gpu;
import org.vramsheet.core.sheet.KvDtype;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.io.json.WorksheetJson;

/**
 * Issue 30 point 5: DeepSeek V3.2's lightning-indexer key cache and vLLM's packed fp8_ds_mla MLA layout, worked by hand.
 * Sources: vllm deepseek_v2.py (DeepseekV32IndexerCache head_dim + head_dim // 128 x 4, uint8) and vLLM's MLA kv-cache
 * spec (state_content_bytes {"fp8_ds_mla": 656}); the config is src/test/resources/configs/deepseek-ai__DeepSeek-V3.2-Exp.json.
 */
class SparseMlaCacheTest {
    private static final String V32 = "deepseek-ai__DeepSeek-V3.2-Exp.json";

    private static Worksheet sheet(String file) throws Exception {
        ModelImport m = ConfigImporterTest.load(file);
        return m.applyTo(new Worksheet(null, null, null, null, null, new Gpu("x", 1, 80L << 30), null, null, null, null));
    }

    private static Worksheet dsMla(Worksheet ws) {
        return ws.withKv(ws.kv().toBuilder().kvDtype(KvDtype.FP8_DS_MLA).build());
    }

    @Test
    void theV32ConfigBringsItsIndexerKeyWidth() throws Exception {
        ModelImport m = ConfigImporterTest.load(V32);
        assertEquals(AttentionKind.MLA, m.kv().kind());
        assertEquals(128, m.kv().indexHeadDim());
        assertTrue(m.detected().stream().anyMatch(d -> d.contains("index_head_dim 128") && d.contains("index_n_heads 64")),
                m.detected().toString());
    }

    @Test
    void v32InFp8DsMlaIsLayersTimes656PlusTheIndexerKey() throws Exception {
        Worksheet ws = dsMla(sheet(V32));
        assertEquals(Engine.VLLM, ws.runtime().engine());
        SizingResult r = SizingCalculator.calculate(ws);
        // by hand: latent 512 fp8 + 512 / 128 = 4 fp32 scales (16 B) + 64 bf16 rope (128 B) = 656 B;
        // indexer key 128 fp8 + 128 / 128 = 1 fp32 scale = 132 B; 61 layers x (656 + 132) = 61 x 788 = 48,068 B
        assertEquals(656, KvGeometry.dsMlaBytes(512, 64));
        assertEquals(132, KvGeometry.indexerBytes(128));
        Figure f = r.get(FigureKey.KV_CACHE_BYTES_PER_TOKEN);
        assertEquals(48_068, f.value());
        assertEquals(61 * 132, r.get(FigureKey.KV_CACHE_INDEXER_BYTES_PER_TOKEN).value());
        assertEquals("fp8_ds_mla: (kv_lora_rank + kv_lora_rank / 128 x 4 + qk_rope_head_dim x 2 + index_head_dim + "
                + "index_head_dim / 128 x 4) x L", f.provenance().formula());
        assertEquals("((512 + 512 / 128 x 4 + 64 x 2) + 132) x 61 = " + org.vramsheet.core.units.Units.bytesText(48_068),
                f.provenance().expression());
        assertTrue(f.provenance().assumptions().stream().anyMatch(a -> a.startsWith("KV layout: fp8_ds_mla")),
                "the report says which layout");
        // MLA is replicated on every TP rank: per GPU the same at TP 8
        Worksheet tp8 = ws.withRuntime(ws.runtime().withParallel(8, 1, 1));
        assertEquals(48_068, SizingCalculator.calculate(tp8).get(FigureKey.KV_CACHE_BYTES_PER_TOKEN_PER_GPU).value());
    }

    @Test
    void v32InBf16KeepsTheIndexerTermOnTopOfTheLatent() throws Exception {
        SizingResult r = SizingCalculator.calculate(sheet(V32));
        // by hand: 61 x ((512 + 64) x 2 + 132) = 61 x 1,284 = 78,324 B
        assertEquals(78_324, r.get(FigureKey.KV_CACHE_BYTES_PER_TOKEN).value());
        assertTrue(r.get(FigureKey.KV_CACHE_BYTES_PER_TOKEN).provenance().assumptions().stream()
                .anyMatch(a -> a.equals("KV layout: the MLA latent in the KV dtype")));
    }

    @Test
    void aV3ConfigWithoutIndexerKeysHasNoIndexerTerm() throws Exception {
        Worksheet ws = sheet("deepseek-ai__DeepSeek-V3.json");
        assertNull(ws.kv().indexHeadDim());
        SizingResult r = SizingCalculator.calculate(ws);
        assertEquals(0, r.get(FigureKey.KV_CACHE_INDEXER_BYTES_PER_TOKEN).value());
        assertEquals(70_272, r.get(FigureKey.KV_CACHE_BYTES_PER_TOKEN).value(), "(512 + 64) x 61 x 2, as before");
        // the same V3 in fp8_ds_mla: 61 x 656 = 40,016 B, no indexer
        assertEquals(40_016, SizingCalculator.calculate(dsMla(ws)).get(FigureKey.KV_CACHE_BYTES_PER_TOKEN).value());
    }

    @Test
    void aNegativeIndexHeadDimInTheConfigIsRefusedByName() throws Exception {
        ObjectNode root;
        try (InputStream in = SparseMlaCacheTest.class.getResourceAsStream("/configs/" + V32)) {
            root = (ObjectNode) WorksheetJson.shared().readTree(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        }
        root.put("index_head_dim", -128);
        Exception e = assertThrows(Exception.class, () -> ConfigImporter.parse(root, V32, null, null));
        assertTrue(e.getMessage().contains("index_head_dim") && e.getMessage().contains("-128"), e.getMessage());
    }

    @Test
    void badSheetValuesNameTheField() throws Exception {
        Worksheet ws = sheet(V32);
        Worksheet neg = ws.withKv(ws.kv().toBuilder().indexHeadDim(-1).build());
        assertNotNull(WorksheetValidator.validate(neg).get("kv.indexHeadDim"), "negative index head size refused");
        Worksheet gqa = sheet("meta-llama__Llama-3.1-8B-Instruct.json");
        Worksheet wrong = dsMla(gqa);
        assertTrue(WorksheetValidator.validate(wrong).get("kv.kvDtype").message().contains("not MLA"));
        Worksheet sglang = dsMla(ws).withRuntime(ws.runtime().toBuilder().engine(Engine.SGLANG).build());
        assertTrue(WorksheetValidator.validate(sglang).get("kv.kvDtype").message().contains("vLLM cache layout"));
        assertNull(WorksheetValidator.validate(dsMla(ws)).get("kv.kvDtype"));
    }
}
