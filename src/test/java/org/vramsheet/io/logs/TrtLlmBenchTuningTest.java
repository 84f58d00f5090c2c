package org.vramsheet.io.logs;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.InputStream;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.vramsheet.core.engine.trtllm.TrtLlmBenchTuning;

/**
 * trtllm-bench's own tuning ({@code tensorrt_llm/bench/build/tuning.py}) against the two published build outputs that print
 * its estimate (field-logs/trtllm-bench): TB01, Llama-3.1-8B FP8 on one GPU (NVIDIA's perf-benchmarking.md, 0.17.0), and TB02,
 * Llama-3.1-405B FP8 at TP 8 on an H200 node (Google's gpu-recipes, 0.16.0). Each prints the memory it estimated free for
 * the cache, the cache it takes of it and the requests of ISL + OSL tokens that cache holds; the engine was built with the
 * batch size and token budget fine-tuned from those requests. Nothing here is fitted: the model's geometry is its config's.
 */
class TrtLlmBenchTuningTest {
    private static final Pattern AVAILABLE = Pattern.compile("Estimated total available memory for KV cache: ([0-9.]+) GB");
    private static final Pattern CACHE = Pattern.compile("Estimated total KV cache memory: ([0-9.]+) GB");
    private static final Pattern REQUESTS = Pattern.compile("Estimated max number of requests in KV cache memory: ([0-9.]+)");
    private static final Pattern BATCH = Pattern.compile("Max Batch Size:\\s+([0-9]+)");
    private static final Pattern TOKENS = Pattern.compile("Max Num Tokens:\\s+([0-9]+)");

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"TB01", "TB02"})
    void thePublishedEstimateIsTheSourcesArithmetic(String id) throws Exception {
        FieldLogs.FieldLog log = FieldLogs.of("trtllm-bench").filter(l -> l.id().equals(id)).findFirst().orElseThrow();
        String text = log.text();
        double available = value(AVAILABLE, text);
        double cache = value(CACHE, text);
        double printed = value(REQUESTS, text);
        // the cache is calc_engine_setting's default fraction of what it estimated free (the GB printed to 0.01)
        assertEquals(TrtLlmBenchTuning.BUILD_FRACTION * available, cache, 0.01, id + " cache / available");
        JsonNode config = config(log.e().get("config").asText());
        int heads = config.get("num_attention_heads").asInt();
        int headSize = config.path("head_dim").isMissingNode() || config.get("head_dim").isNull()
                ? config.get("hidden_size").asInt() / heads : config.get("head_dim").asInt();
        // FP8 weights and FP8 KV: 1 B per element; the parameter count does not enter the requests of a printed cache
        var model = new TrtLlmBenchTuning.Model(0, 1.0, 1.0, config.get("num_hidden_layers").asInt(),
                config.get("num_key_value_heads").asInt(), headSize);
        int tp = log.setup("tensor_parallel_size").asInt();
        long isl = log.setup("target_isl").asLong();
        long osl = log.setup("target_osl").asLong();
        double requests = TrtLlmBenchTuning.requests(model, tp, cache, isl + osl);
        // the printed cache is rounded to 0.005 GB either way: that much cache's requests is the tolerance
        double tolerance = TrtLlmBenchTuning.requests(model, tp, 0.005, isl + osl);
        assertEquals(printed, requests, tolerance, id + " requests in the KV cache");
        TrtLlmBenchTuning.Settings tuned = TrtLlmBenchTuning.finetune(printed, isl, osl, 1);
        assertEquals(new TrtLlmBenchTuning.Settings((long) value(BATCH, text), (long) value(TOKENS, text)), tuned, id);
    }

    private static double value(Pattern p, String text) {
        Matcher m = p.matcher(text);
        if (!m.find()) {
            throw new AssertionError("no line for " + p.pattern());
        }
        return Double.parseDouble(m.group(1));
    }

    private static JsonNode config(String name) throws Exception {
        try (InputStream in = TrtLlmBenchTuningTest.class.getResourceAsStream("/configs/" + name)) {
            return new ObjectMapper().readTree(in);
        }
    }
}
