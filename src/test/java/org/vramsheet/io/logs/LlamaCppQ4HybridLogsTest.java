package org.vramsheet.io.logs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.vramsheet.core.calc.SizingCalculator;
import org.vramsheet.core.engine.llamacpp.LlamaCppCache;
import org.vramsheet.core.engine.llamacpp.LlamaCppCacheType;
import org.vramsheet.core.engine.llamacpp.LlamaCppHparams;
import org.vramsheet.core.result.FigureKey;
import org.vramsheet.core.result.SizingResult;
import org.vramsheet.core.sheet.Engine;
import org.vramsheet.core.sheet.FlashAttention;
import org.vramsheet.core.sheet.Gpu;
import org.vramsheet.core.sheet.KvDtype;
import org.vramsheet.core.sheet.LlamaCppSettings;
import org.vramsheet.core.sheet.RuntimeSettings;
import org.vramsheet.core.sheet.Scenario;
import org.vramsheet.core.sheet.Workloads;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.core.units.Units;
import org.vramsheet.core.validation.Measurement;
import org.vramsheet.io.model.gguf.GgufImporter;
import org.vramsheet.io.model.gguf.GgufLogModels;

/**
 * Issue 28's q4_0 cache and LFM2 hybrid logs, each buffer reproduced to the printed 0.01 MiB by llama.cpp's arithmetic
 * from the hyperparameters and on a sheet imported from the model's GGUF metadata:
 * <ul>
 * <li>LC18 (waired-ai/waired-agent): q4_0 K and V on a Qwen 27B hybrid (16 attention layers of 64, 200,704 cells) and its
 * gated delta-net state with 4 rollback snapshots ({@code n_rs_seq}, an MTP draft): llama-memory-recurrent.cpp keeps
 * {@code mem_size x (1 + n_rs_seq)} rows per layer, five times the state of one sequence.</li>
 * <li>LC19 (Aspis0/kalsa): LFM2.5-2.6B, q8_0 K and V on its 8 attention layers and the short-conv state of the 22 others
 * (R = (l_cache - 1) x n_embd, no S), both buffers on Vulkan0.</li>
 * </ul>
 */
class LlamaCppQ4HybridLogsTest {
    private static final double MIB = Units.MIB;
    /**
     * Printed to 0.01 MiB: the printed figure is the exact one to within half of that (in MiB: a tie such as 748.125 prints
     * as 748.12, and 748.12 MiB read back to whole bytes is a fraction of a byte further off).
     */
    private static final double PRINTED_MIB = 0.005 + 1e-6;
    private static final List<String> ROWS = new ArrayList<>();

    private static FieldLogs.FieldLog entry(String id) {
        return FieldLogs.of("llamacpp").filter(l -> l.id().equals(id)).findFirst().orElseThrow();
    }

    private static Measurement log(String id) { return EngineLogParser.parse(entry(id).text()); }

    private static void row(String id, String device, String buffer, long printed, long ours) {
        ROWS.add(String.format(Locale.ROOT, "%s %s %s: printed %.2f MiB, ours %.4f MiB (%+.4f %%)", id, device, buffer,
                printed / MIB, ours / MIB, (ours / (double) printed - 1) * 100));
        assertTrue(Math.abs(ours / MIB - printed / MIB) <= PRINTED_MIB, ROWS.get(ROWS.size() - 1));
    }

    @AfterAll
    static void print() { ROWS.forEach(System.out::println); }

    /** The q4_0 row: 32 values in 18 B (a half-precision scale and 16 B of 4-bit values). */
    @Test
    void q4CacheRowsAndTheHybridsRollbackSnapshots() throws Exception {
        Measurement m = log("LC18");
        assertEquals("q4_0", m.kvCacheDtype());
        assertEquals("q4_0", m.kvCacheDtypeV());
        assertEquals(200_704L, m.kvTokens());
        // 16 attention layers (one in 4 of 64) x 4 KV heads x 256; 48 delta-net layers of conv (4 - 1) x (6144 + 2 x 16 x 128)
        // and state 128 x 6144 f32 values per row
        LlamaCppHparams hp = new LlamaCppHparams("qwen35", 64, 1024L, 1024L, 0L, null, 4L, 6144L, 128L, 16L);
        assertEquals(576, LlamaCppCacheType.Q4_0.rowBytes(hp.embdK()), "32 blocks of 18 B");
        LlamaCppCache.Shape cells = LlamaCppCache.base(200_704, 1, true, LlamaCppCache.Padding.B7108, true);
        assertEquals(200_704L, cells.cells(), "784 x 256: already padded");
        long kv = LlamaCppCache.kvBytes(cells, 16, hp.embdK(), hp.embdV(), LlamaCppCacheType.Q4_0, LlamaCppCacheType.Q4_0);
        row("LC18", "all devices", "KV q4_0 (hparams)", m.kvPoolBytes(), kv);
        row("LC18", "all devices", "K q4_0 (hparams)", 1764L * Units.MIB, kv / 2);
        long one = LlamaCppCache.stateBytes(48, hp.embdR(), hp.embdS(), 1);
        long rollback = LlamaCppCache.stateBytes(48, hp.embdR(), hp.embdS(), 1, 4);
        assertEquals(5 * one, rollback, "1 cell x (1 + 4 rs_seq) rows");
        assertEquals(149.625 * MIB, one, 0.0, "R 5.625 + S 144 MiB for one sequence without snapshots");
        row("LC18", "all devices", "RS, n_rs_seq 4 (hparams)", m.stateBytes(), rollback);
        assertTrue(entry("LC18").text().contains("R (f32):   28.12 MiB, S (f32):  720.00 MiB"), "R 48 x 5 x 122,880 B, S 48 x 5 x 3 MiB");

        Worksheet launch = launch(200_704L, LlamaCppSettings.builder().cacheTypeV(KvDtype.Q4_0).flashAttention(FlashAttention.ON)
                .build());
        Worksheet ws = GgufImporter.parse(GgufLogModels.qwen35_27b()).applyTo(launch);
        ws = ws.withKv(ws.kv().toBuilder().kvDtype(KvDtype.Q4_0).build());
        SizingResult r = SizingCalculator.calculate(ws);
        assertTrue(r.issues().isEmpty(), r.issues().toString());
        row("LC18", "all devices", "KV q4_0 (sheet from GGUF)", m.kvPoolBytes(), total(r, "kvBytes"));
        // the sheet has no n_rs_seq input (no MTP draft is sized for llama.cpp): it holds one sequence's state, a fifth of the log's
        long sheetState = total(r, "stateBytes");
        assertEquals(one, sheetState, "max(1, n_seq) x state, no rollback snapshots");
        ROWS.add(String.format(Locale.ROOT, "LC18 all devices RS (sheet from GGUF, no n_rs_seq input): printed %.2f MiB, ours %.4f MiB"
                + " (%+.2f %%, a known miss)", m.stateBytes() / MIB, sheetState / MIB, (sheetState / (double) m.stateBytes() - 1) * 100));
    }

    @Test
    void lfm2ShortConvStateBesideAQ8Cache() throws Exception {
        Measurement m = log("LC19");
        Measurement.DeviceMemory gpu = m.devices().stream().filter(d -> d.name().equals("Vulkan0")).findFirst().orElseThrow();
        // 8 attention layers x 8 KV heads x 64 (n_embd 2048 / 32 heads); 22 short-conv layers of R (3 - 1) x 2048 f32, S none
        LlamaCppHparams hp = new LlamaCppHparams("lfm2", 30, 512L, 512L, 0L, null, 3L, 2048L, 0L, 0L);
        assertEquals(4096, hp.embdR());
        assertEquals(0, hp.embdS());
        long kv = LlamaCppCache.kvBytes(new LlamaCppCache.Shape(65_536, 1), 8, hp.embdK(), hp.embdV(), LlamaCppCacheType.Q8_0,
                LlamaCppCacheType.Q8_0);
        long state = LlamaCppCache.stateBytes(22, hp.embdR(), hp.embdS(), 1);
        assertEquals(360_448L, state, "22 x 2 x 2048 x 4 B");
        row("LC19", "Vulkan0", "KV q8_0 (hparams)", gpu.kvBytes(), kv);
        row("LC19", "Vulkan0", "RS short conv (hparams)", gpu.stateBytes(), state);

        Worksheet launch = launch(65_536L, LlamaCppSettings.builder().cacheTypeV(KvDtype.Q8_0).flashAttention(FlashAttention.ON)
                .ubatch(512L).batch(2048L).build());
        Worksheet ws = GgufImporter.parse(GgufLogModels.lfm25_2_6b()).applyTo(launch);
        ws = ws.withKv(ws.kv().toBuilder().kvDtype(KvDtype.Q8_0).build());
        SizingResult r = SizingCalculator.calculate(ws);
        assertTrue(r.issues().isEmpty(), r.issues().toString());
        row("LC19", "Vulkan0", "KV q8_0 (sheet from GGUF)", gpu.kvBytes(), r.get(FigureKey.device("gpu0", "kvBytes")).value());
        row("LC19", "Vulkan0", "RS short conv (sheet from GGUF)", gpu.stateBytes(), r.get(FigureKey.device("gpu0", "stateBytes")).value());
    }

    private static long total(SizingResult r, String figure) {
        return r.get(FigureKey.device("gpu0", figure)).value() + r.get(FigureKey.device("host", figure)).value();
    }

    /** A llama.cpp launch on one GPU, one sequence (the model's inputs come from the import applied over it). */
    private static Worksheet launch(long nCtx, LlamaCppSettings l) {
        RuntimeSettings r = RuntimeSettings.builder().engine(Engine.LLAMA_CPP).engineVersion("").maxModelLen(nCtx).maxNumSeqs(1)
                .pipelineParallel(1).llamaCpp(l).build();
        Scenario one = new Scenario(1000L, 100L, 1L, List.of(), null, null);
        return new Worksheet(null, null, null, new Workloads(one, one, one), r, new Gpu("log GPU", 1, 200 * Units.GIB), null, null,
                null, null);
    }
}
