package org.vramsheet.hostile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.vramsheet.core.validation.Measurement;
import org.vramsheet.io.json.WorksheetJson;
import org.vramsheet.io.logs.EngineLogParser;

/**
 * Engine logs, round two (issue 26, point 8): speculative decoding's draft model is not the served model, only the
 * top-level max_model_len counts, figures computed after the per-line guard never overflow into a crash, and every
 * pattern is linear in the line (16 MiB of the worst lines within seconds).
 */
class HostileLogTest {
    @TempDir
    Path dir;

    static JsonNode speculative() throws Exception {
        return WorksheetJson.shared().readTree(Files.readString(Path.of("src/test/resources/calibration/vllm_speculative_args.json")));
    }

    /** Seen: with speculative decoding, the draft model was read as the served model; a nested max_model_len won. */
    @Test
    void theServedModelIsTheTargetNotTheDraft() throws Exception {
        for (JsonNode e : speculative()) {
            Measurement m = EngineLogParser.parse(e.get("line").asText());
            assertEquals(e.get("served_model").asText(), m.modelId(), e.get("source_url").asText());
            Long len = e.get("max_model_len").isNull() ? null : e.get("max_model_len").asLong();
            assertEquals(len, m.maxModelLen(), "only the top-level max_model_len: " + e.get("source_url").asText());
        }
        // #28919's line with its speculative_config written method first, as #2667's is (and as vLLM prints a
        // --speculative-config JSON typed that way): the draft's 'model' is no longer the dict's first key
        String methodFirst = speculative().get(1).get("line").asText().replace("{'model': '/mnt1/wanghui/model_weight/Qwen3-32B_eagle3', "
                + "'num_speculative_tokens': 5, 'method': 'eagle3'",
                "{'method': 'eagle3', 'model': '/mnt1/wanghui/model_weight/Qwen3-32B_eagle3', "
                + "'num_speculative_tokens': 5");
        assertTrue(methodFirst.contains("{'method': 'eagle3', 'model'"), methodFirst);
        assertEquals("/mnt1/wanghui/model_weight/Qwen3-32B", EngineLogParser.parse(methodFirst).modelId());
        Measurement both = EngineLogParser.parse("INFO [utils.py:233] non-default args: {'model': 'org/target', "
                + "'max_model_len': 32768, 'speculative_config': {'model': 'org/draft', 'max_model_len': 2048, "
                + "'method': 'draft_model'}, 'gpu_memory_utilization': 0.9}");
        assertEquals("org/target", both.modelId());
        assertEquals(32_768L, both.maxModelLen(), "the draft's own length inside speculative_config is not the served one");
        assertEquals(0.9, both.utilization(), "keys after the nested dict are read");
        Measurement quoted = EngineLogParser.parse("non-default args: {'model': 'a/b', 'chat_template': '{% if x %}}', "
                + "'hf_overrides': {'architectures': ['X'], 'max_model_len': 7}, 'max_model_len': 4096}");
        assertEquals(4096L, quoted.maxModelLen(), "braces inside strings and dicts inside values are not the top level");
        assertNull(EngineLogParser.parse("non-default args: {'model': 'a/b', 'max_model_len': 81").maxModelLen(),
                "a cut-off dict is not read (its last value may be cut too)");
    }

    /** Seen: validate -o wrote the draft model as the sheet's model ID. */
    @Test
    void validateWritesTheServedModelAsTheModelId() throws Exception {
        ObjectNode root = (ObjectNode) WorksheetJson.shared().readTree(Files.readString(
                Path.of("assets/samples/seed003-70b-int4-80gib.json")));
        ((ObjectNode) root.get("model")).put("modelId", "");
        Path sheet = Files.writeString(dir.resolve("blank.json"), WorksheetJson.shared().writeValueAsString(root));
        JsonNode e = speculative().get(1);
        String line = e.get("line").asText().replace("{'model': '/mnt1/wanghui/model_weight/Qwen3-32B_eagle3', "
                + "'num_speculative_tokens': 5, 'method': 'eagle3'",
                "{'method': 'eagle3', 'model': '/mnt1/wanghui/model_weight/Qwen3-32B_eagle3', "
                + "'num_speculative_tokens': 5");
        Path log = Files.writeString(dir.resolve("spec.log"), line + "\n"
                + "INFO [kv_cache_utils.py:1087] GPU KV cache size: 455,184 tokens\n");
        Path out = dir.resolve("out.json");
        HostileInputTest.Run r = HostileInputTest.run("validate", log.toString(), "--worksheet", sheet.toString(), "--json",
                "-o", out.toString());
        assertEquals(0, r.code(), r.err());
        assertEquals(e.get("served_model").asText(), WorksheetJson.shared().readTree(r.out()).get("model").asText());
        assertEquals(e.get("served_model").asText(), WorksheetJson.read(out).model().modelId());
    }

    /** Seen: two checks after the per-line guard overflowed and crashed the parser. */
    @Test
    void figuresComputedFromSeveralLinesNeverOverflowIntoACrash() {
        // 2^60 blocks x 16 tokens: the block size agrees with the concurrency line, the product does not fit a long
        Measurement v0 = EngineLogParser.parse("INFO # GPU blocks: 1152921504606846976, # CPU blocks: 0\n"
                + "INFO Maximum concurrency for 1,099,511,627,776 tokens per request: 16777216.00x\n");
        assertEquals(1152921504606846976L, v0.gpuBlocks());
        assertNull(v0.kvTokens(), "unavailable, not a crash and not a wrapped number");
        // pipeline stages before v0.21: requested (total x utilization) - pool; an utilization past 1 is refused
        Measurement pp = EngineLogParser.parse(String.join("\n",
                "INFO vLLM API server version 0.10.1",
                "INFO non-default args: {'model': 'a/b', 'pipeline_parallel_size': 2}",
                "INFO total_gpu_memory (8000000000 GiB) x gpu_memory_utilization (99999999999)",
                "INFO Total non KV cache memory: 10.0GiB; torch peak memory increase: 1.0GiB; non-torch forward increase "
                        + "memory: 1.0GiB; weights memory: 8.0GiB.",
                "INFO Available KV cache memory: 10.00 GiB", ""));
        assertNull(pp.utilization(), "an utilization of 99999999999 is not read");
        assertEquals(10L << 30, pp.nonKvBytes());
        Measurement sums = EngineLogParser.parse(String.join("\n", "INFO model weights take 8000000000.00GiB; "
                + "non_torch_memory takes 8000000000.00GiB; PyTorch activation peak memory takes 1.00GiB; the rest of the "
                + "memory reserved for KV Cache is 1.00GiB",
                "DEBUG Actual usage is 8000000000 GiB for weight, 8000000000 GiB for peak activation, 1 GiB for non-torch",
                "llama_kv_cache: size = 99999999999999.00 MiB ( 8192 cells, 32 layers)", ""));
        assertNull(sums.nonKvBytes(), "a sum past a long leaves the line unread, never wraps negative");
        assertNull(sums.kvPoolBytes(), "llama.cpp MiB past a long are refused, not saturated at 2^63 - 1");
        assertEquals(3, sums.skippedLines().size(), sums.skippedLines().toString());
    }

    private static String repeatedLines(String unit, int mib) {
        StringBuilder line = new StringBuilder();
        while (line.length() + unit.length() < EngineLogParser.MAX_LINE - 1) {
            line.append(unit);
        }
        StringBuilder log = new StringBuilder(mib << 20);
        while (log.length() < mib << 20) {
            log.append(line).append('\n');
        }
        return log.toString();
    }

    /**
     * Seen: repeated "llama_kv_cache" or "Memory profiling results:" lines were quadratic in the line (8 MiB of log took
     * 46 s; the documented 64 MiB limit about 6 minutes). 16 MiB of lines of the longest length the guard lets through
     * (the quadratic version took about 9 s per MiB of the first); every other pattern's worst line, 2 MiB of it.
     */
    @Test
    void everyPatternIsLinear() {
        List<String> slow = new ArrayList<>();
        for (String unit : new String[] {"llama_kv_cache", "Memory profiling results: "}) {
            time(unit, 16, 5, slow);
        }
        for (String unit : new String[] {"llama_kv_cache: size = 1.00 MiB ", "non-default args: {'model': '", "version ",
            "KV Cache is allocated. #tokens: 1, dtype: x", "n_ctx ", "\u001B[1", "(RayWorkerWrapper pid=1, ip=1",
            "llama_new_context_with_model", "Load weight end. mem usage=1", "{'a': {'b': [(", "'"}) {
            time(unit, 2, 2, slow);
        }
        assertEquals(List.of(), slow, "each within its limit");
    }

    private static void time(String unit, int mib, double limit, List<String> slow) {
        String log = repeatedLines(unit, mib);
        long t = System.nanoTime();
        EngineLogParser.parse(log);
        double s = (System.nanoTime() - t) / 1e9;
        if (s > limit) {
            slow.add(mib + " MiB of '" + unit + "': " + s + " s (limit " + limit + " s)");
        }
    }
}
