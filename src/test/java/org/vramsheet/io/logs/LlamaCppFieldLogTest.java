package org.vramsheet.io.logs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.lang.reflect.RecordComponent;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
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
        Measurement m = EngineLogParser.parse(log.text());
        Map<String, RecordComponent> parts = new HashMap<>();
        for (RecordComponent c : Measurement.class.getRecordComponents()) {
            parts.put(c.getName(), c);
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = log.e().get("expected").fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            RecordComponent c = parts.get(e.getKey());
            Object got = c.getAccessor().invoke(m);
            if (e.getKey().endsWith("evices")) {
                devices(log.id(), e.getValue(), (List<?>) got);
            } else {
                assertEquals(value(e.getValue(), c.getType()), got, log.id() + " " + e.getKey());
            }
        }
    }

    private static void devices(String id, JsonNode want, List<?> got) {
        assertEquals(want.size(), got.size(), id + " devices " + got);
        for (int i = 0; i < want.size(); i++) {
            JsonNode w = want.get(i);
            Measurement.DeviceMemory d = (Measurement.DeviceMemory) got.get(i);
            assertEquals(w.get("name").asText(), d.name(), id);
            String at = id + " " + d.name();
            assertEquals(bytesOrNull(w.get("modelBytes")), d.modelBytes(), at + " model");
            assertEquals(bytesOrNull(w.get("kvBytes")), d.kvBytes(), at + " KV");
            assertEquals(bytesOrNull(w.get("stateBytes")), d.stateBytes(), at + " state");
            assertEquals(bytesOrNull(w.get("computeBytes")), d.computeBytes(), at + " compute");
            assertEquals(bytesOrNull(w.get("outputBytes")), d.outputBytes(), at + " output");
        }
    }

    private static Object value(JsonNode v, Class<?> type) {
        if (type == Integer.class) {
            return v.asInt();
        }
        if (type == Long.class) {
            return v.isNumber() ? v.asLong() : bytes(v.asText());
        }
        return v.asText();
    }

    private static Long bytesOrNull(JsonNode v) { return v == null ? null : bytes(v.asText()); }

    /** "5120.00 MiB", "6.5 GiB" as the bytes they stand for (both engines divide by 2^20 / 2^30). */
    static long bytes(String s) {
        String[] p = s.split(" ");
        long unit = p[1].equals("GiB") ? Units.GIB : p[1].equals("MiB") ? Units.MIB : p[1].equals("KiB") ? 1024 : 1;
        return new BigDecimal(p[0]).multiply(BigDecimal.valueOf(unit)).setScale(0, RoundingMode.HALF_UP).longValueExact();
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
}
