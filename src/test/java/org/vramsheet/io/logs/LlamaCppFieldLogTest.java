package org.vramsheet.io.logs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.vramsheet.core.units.Units;
import org.vramsheet.core.validation.Measurement;

/** The real llama.cpp and Ollama logs in field-logs/: each reads to its {@code expected}, devices included. */
class LlamaCppFieldLogTest {
    static Stream<FieldLogs.FieldLog> logs() {
        return Stream.concat(FieldLogs.of("llamacpp"), FieldLogs.of("ollama")).filter(l -> l.checks("read"));
    }

    @Test
    void thereAreLogsOfEachFormat() {
        assertTrue(FieldLogs.of("llamacpp").count() >= 8, "llama.cpp field logs");
        assertTrue(FieldLogs.of("ollama").count() >= 5, "Ollama field logs");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("logs")
    void readsWhatTheLogSays(FieldLogs.FieldLog log) throws Exception {
        FieldLogChecks.assertRead(log, EngineLogParser.parse(log.text()));
    }

    /** SYNTHETIC lines (not from a log), in the wording of the real LC05: both iSWA caches are read, not only the last. */
    @Test
    void bothSlidingWindowCachesAreRead() {
        Measurement m = EngineLogParser.parse("llama_kv_cache_iswa: creating non-SWA KV cache, size = 65536 cells\n"
                + "llama_kv_cache:      CUDA0 KV buffer size =  1024.00 MiB\n"
                + "llama_kv_cache: size = 1024.00 MiB ( 65536 cells,   8 layers,  1/1 seqs), K (f16):  512.00 MiB, V (f16):  512.00 MiB\n"
                + "llama_kv_cache_iswa: creating     SWA KV cache, size = 1024 cells\n"
                + "llama_kv_cache:      CUDA0 KV buffer size =    40.00 MiB\n"
                + "llama_kv_cache: size =   40.00 MiB (  1024 cells,  40 layers,  1/1 seqs), K (f16):   20.00 MiB, V (f16):   20.00 MiB\n");
        assertEquals(65_536L, m.kvTokens());
        assertEquals(1_064L * Units.MIB, m.kvPoolBytes());
        assertEquals(1_024L, m.swaTokens());
        assertEquals(40L * Units.MIB, m.swaPoolBytes());
        assertEquals(1_064L * Units.MIB, m.devices().get(0).kvBytes(), "both caches' buffers on CUDA0 add up");
    }

    /** SYNTHETIC: cells per stream times streams ("1024 cells ... 4/4 seqs" is 4,096 cells), and a reload starts afresh. */
    @Test
    void streamsMultiplyCellsAndAReloadReplacesTheBuffers() {
        Measurement m = EngineLogParser.parse("load_tensors:        CUDA0 model buffer size =  100.00 MiB\n"
                + "llama_kv_cache: size =  128.00 MiB (  1024 cells,  32 layers,  4/4 seqs), K (q8_0):   68.00 MiB, V (q8_0):   60.00 MiB\n"
                + "load_tensors:        CUDA0 model buffer size =  200.00 MiB\n");
        assertEquals(4_096L, m.kvTokens());
        assertEquals("q8_0", m.kvCacheDtype());
        assertEquals(200L * Units.MIB, m.devices().get(0).modelBytes());
        assertNull(m.devices().get(0).kvBytes());
    }

    /**
     * Older builds' {@code llama_kv_cache_init: kv_size = N} (issue 27), on real logs: LC14 (b4462, ggml-org/llama.cpp#11200,
     * two RTX 3090 Ti) prints no n_ctx, so its 32,768 cells come from that line alone; without it they are unknown (its
     * "KV self size" line still names q8_0). LC03 (Ollama's runner of April 2025) prints n_ctx too, which gives the same
     * cells: there the line alone gives the cache types. Breaking the kv_size reader fails exactly these two entries of readsWhatTheLogSays
     * (tried on 2026-12-02).
     */
    @Test
    void theOlderKvSizeLineGivesTheCellsAndCacheTypes() {
        String lc14 = FieldLogs.of("llamacpp").filter(l -> l.id().equals("LC14")).findFirst().orElseThrow().text();
        Measurement m = EngineLogParser.parse(lc14);
        assertEquals(32_768L, m.kvTokens());
        assertEquals("q8_0", m.kvCacheDtype());
        assertEquals("q8_0", m.kvCacheDtypeV());
        Measurement cut = EngineLogParser.parse(lc14.lines().filter(l -> !l.contains("kv_size")).reduce("", (a, b) -> a + b + "\n"));
        assertNull(cut.kvTokens());
        assertEquals("q8_0", cut.kvCacheDtype(), "its KV self size line names the types too");
        String lc03 = FieldLogs.of("llamacpp").filter(l -> l.id().equals("LC03")).findFirst().orElseThrow().text();
        Measurement cut03 = EngineLogParser.parse(lc03.lines().filter(l -> !l.contains("kv_size")).reduce("", (a, b) -> a + b + "\n"));
        assertEquals(32_768L, cut03.kvTokens(), "LC03's n_ctx gives the same cells");
        assertNull(cut03.kvCacheDtype());
        assertEquals("f16", EngineLogParser.parse(lc03).kvCacheDtype());
    }
}
