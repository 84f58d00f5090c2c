package org.vramsheet.io.model.gguf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.vramsheet.core.calc.SizingCalculator;
import org.vramsheet.core.engine.llamacpp.LlamaCppCache;
import org.vramsheet.core.engine.llamacpp.LlamaCppCacheType;
import org.vramsheet.core.engine.llamacpp.LlamaCppHparams;
import org.vramsheet.core.engine.llamacpp.LlamaCppKvPrediction;
import org.vramsheet.core.result.FigureKey;
import org.vramsheet.core.sheet.Gpu;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.core.validation.Measurement;
import org.vramsheet.io.gguf.GgufFile;
import org.vramsheet.io.logs.EngineLogParser;
import org.vramsheet.io.logs.FieldLogs;
import org.vramsheet.io.logs.LlamaCppKvCheck;
import org.vramsheet.io.model.ModelImport;

/**
 * Real llama.cpp logs (src/test/resources/field-logs/llamacpp) against a GGUF header built with each model's metadata as
 * the log prints it (its {@code llama_model_loader: - kv} lines and print_info): the import's llama.cpp hyperparameters,
 * put through {@link LlamaCppKvPrediction} with the log's context, give every device's printed KV buffer to 1 MiB, and
 * the sheet's KV bytes per token times the log's cells give its printed KV total. Each header carries one tensor
 * (blk.0.attn_k.weight, n_embd x n_embd_k_gqa as print_info gives them, its type not from the log) so that the import can
 * count weights; no weight figure is checked here.
 */
class GgufFieldLogTest {
    private static final long MIB = 1L << 20;

    /** LC10: Llama 3.1 70B Q4_0 on two RPC devices, build 6209 (dense GQA, the layers split by free memory). */
    static GgufFile llama70b() {
        return GgufFixture.of("llama").a("block_count", 80).a("context_length", 131072).a("embedding_length", 8192)
                .a("attention.head_count", 64).a("attention.head_count_kv", 8).a("attention.key_length", 128)
                .a("attention.value_length", 128).key("general.file_type", 2).tensor("blk.0.attn_k.weight", 0, 8192, 1024).file();
    }

    /** LC12: Llama 3.1 405B Q4_0, two RPC devices and the CPU (-ngl 99); key_length absent: n_embd / n_head = 128. */
    static GgufFile llama405b() {
        return GgufFixture.of("llama").a("block_count", 126).a("context_length", 131072).a("embedding_length", 16384)
                .a("attention.head_count", 128).a("attention.head_count_kv", 8).tensor("blk.0.attn_k.weight", 0, 16384, 1024).file();
    }

    /** LC11: gpt-oss 20B MXFP4 on Apple M5, build 8164 (iSWA: sliding window 128 on every other layer). */
    static GgufFile gptOss20b() {
        return GgufFixture.of("gpt-oss").a("block_count", 24).a("context_length", 131072).a("embedding_length", 2880)
                .a("attention.head_count", 64).a("attention.head_count_kv", 8).a("attention.key_length", 64)
                .a("attention.value_length", 64).a("attention.sliding_window", 128).tensor("blk.0.attn_k.weight", 0, 2880, 512)
                .file();
    }

    /** LC09: Gemma 3 1B Q4_K_M on a Jetson, build 5050 (sliding window 512, pattern 6, before llama.cpp's SWA cache). */
    static GgufFile gemma3_1b() {
        return GgufFixture.of("gemma3").a("block_count", 26).a("context_length", 32768).a("embedding_length", 1152)
                .a("attention.head_count", 4).a("attention.head_count_kv", 1).a("attention.key_length", 256)
                .a("attention.value_length", 256).a("attention.sliding_window", 512).tensor("blk.0.attn_k.weight", 0, 1152, 256)
                .file();
    }

    private static Measurement log(String id) {
        return EngineLogParser.parse(FieldLogs.of("llamacpp").filter(l -> l.id().equals(id)).findFirst().orElseThrow().text());
    }

    @Test
    void theImportedHyperparametersGiveEveryDevicesPrintedKvBuffer() throws Exception {
        Map<String, GgufFile> files = Map.of("LC10", llama70b(), "LC12", llama405b(), "LC11", gptOss20b(), "LC09", gemma3_1b());
        List<String> rows = new ArrayList<>();
        int devices = 0;
        for (String id : List.of("LC09", "LC10", "LC11", "LC12")) {
            Measurement m = log(id);
            GgufImporter.LlamaCpp lc = GgufImporter.llamaCpp(files.get(id));
            assertTrue(lc.exact(), id + ": one K/V width on every layer, a periodic window: " + lc.inexact());
            LlamaCppKvPrediction.Prediction p = id.equals("LC12") ? ngl99(m, lc) : LlamaCppKvCheck.predict(m, lc.hparams());
            assertNotNull(p, id);
            for (Measurement.DeviceMemory d : m.devices()) {
                if (d.kvBytes() == null) {
                    continue;
                }
                long got = p.devices().getOrDefault(d.name(), 0L);
                rows.add(String.format(Locale.ROOT, "%s %s: printed %.2f MiB, from the GGUF metadata %.2f MiB", id, d.name(),
                        d.kvBytes() / (double) MIB, got / (double) MIB));
                assertTrue(Math.abs(got - d.kvBytes()) <= MIB, rows.get(rows.size() - 1));
                devices++;
            }
            if (m.swaPoolBytes() != null) {
                assertEquals(m.swaPoolBytes(), p.swaBytes(), id + ": the SWA cache apart (LC11: 18.00 MiB, 768 cells, 12 layers)");
            }
            assertEquals(LlamaCppHparams.of(m.llamaParams()).embdK(), lc.hparams().embdK(), id + ": n_embd_k_gqa as print_info");
            assertEquals(LlamaCppHparams.of(m.llamaParams()).layers(), lc.hparams().layers(), id + ": n_layer as print_info");
        }
        rows.forEach(System.out::println);
        assertEquals(7, devices, "LC09 1, LC10 2, LC11 1 (its full and SWA caches on MTL0, summed), LC12 3: " + rows);
    }

    @Test
    void theSheetsKvPerTokenTimesTheCellsIsThePrintedTotal() throws Exception {
        // LC10: "size = 1280.00 MiB (4096 cells, 80 layers, 1/1 seqs)"; LC12: "size = 2016.00 MiB (4096 cells, 126 layers"
        assertEquals(1280 * MIB, kvPerToken(llama70b()) * 4096);
        assertEquals(2016 * MIB, kvPerToken(llama405b()) * 4096);
        // LC09 (one cache for all 26 layers at b5050): "KV self size = 104.00 MiB" at n_ctx 4096
        assertEquals(104 * MIB, kvPerToken(gemma3_1b()) * 4096, "every layer counted in full: the window only caps context");
    }

    /**
     * LC12 prints no "offloaded N/M layers" line; its setup_note: the printed split (50 + 49 layers on the RPC devices, 27
     * on the CPU) is what -ngl 99 gives. The rest of the setup is the log's: n_ctx 4096, one unified stream, f16 K and V,
     * the devices' free memory as printed.
     */
    private static LlamaCppKvPrediction.Prediction ngl99(Measurement m, GgufImporter.LlamaCpp lc) {
        var s = new LlamaCppKvPrediction.Setup(m.maxModelLen(), m.ctxPerSeq(), 1, true, m.ubatchTokens(), false,
                LlamaCppCache.Padding.B7108, true, 99, m.deviceFreeBytes(), LlamaCppCacheType.F16, LlamaCppCacheType.F16);
        return LlamaCppKvPrediction.of(lc.hparams(), s);
    }

    private static long kvPerToken(GgufFile f) throws Exception {
        ModelImport m = GgufImporter.parse(f);
        Worksheet ws = m.applyTo(new Worksheet(null, null, null, null, null, new Gpu("x", 1, 80L << 30), null, null, null, null));
        return SizingCalculator.calculate(ws).get(FigureKey.KV_CACHE_BYTES_PER_TOKEN).value();
    }
}
