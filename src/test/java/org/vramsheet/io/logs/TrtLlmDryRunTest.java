package org.vramsheet.io.logs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.vramsheet.core.engine.trtllm.TrtLlmBenchTuning;
import org.vramsheet.core.engine.trtllm.TrtLlmDryRun;
import org.vramsheet.core.units.Units;

/**
 * The PyTorch backend's own arithmetic (tensorrt_llm/_torch/pyexecutor/_util.py, KvCacheCreator) and trtllm-bench's tuning
 * (tensorrt_llm/bench/build/tuning.py) against the numbers real logs print: the temporary cache of the dry run, the budget
 * from the printed peak, the max_tokens it gives and the whole blocks the C++ manager allocates. Nothing here is fitted.
 */
class TrtLlmDryRunTest {
    private static final Pattern ALLOC = Pattern.compile("Allocated ([0-9.]+) GiB for max tokens in paged KV cache \\(([0-9]+)\\)");
    private static final Pattern BOTH = Pattern.compile("max_tokens are set \\(to [0-9.]+ and ([0-9]+), respectively\\)");
    private static final Pattern SET_BY = Pattern.compile("max_tokens is set by kv_cache_config.max_tokens: ([0-9]+)");

    static FieldLogs.FieldLog log(String id) { return FieldLogs.of("trtllm").filter(l -> l.id().equals(id)).findFirst().orElseThrow(); }

    /** Every match of a pattern's first group in the log's lines, in order. */
    static List<Long> all(String id, Pattern p, int group) {
        List<Long> out = new ArrayList<>();
        for (var line : log(id).e().path("lines")) {
            Matcher m = p.matcher(line.asText());
            if (m.find()) {
                out.add(Long.parseLong(m.group(group)));
            }
        }
        return out;
    }

    /**
     * The temporary cache: one request of min(max_num_tokens, max_seq_len - 1) tokens and its generated token, in whole blocks of
     * 32. TR11 (max_num_tokens 8192, max_seq_len inferred 131072) allocates 8224 first; TR12 (the default 8192, max sequence length
     * 9193) 8224 in 257 blocks; TR07 (its command's max_num_tokens 4096, max_seq_len 16384) sets max_tokens 4128.
     */
    @Test
    void theTemporaryCacheIsTheDummyRequestsInWholeBlocks() {
        assertEquals(8224, TrtLlmDryRun.temporaryTokens(8192, 131072, 32));
        assertEquals(all("TR11", ALLOC, 2).get(0), TrtLlmDryRun.temporaryTokens(8192, 131072, 32));
        assertEquals(all("TR12", ALLOC, 2).get(0), TrtLlmDryRun.temporaryTokens(8192, 9193, 32));
        assertEquals(all("TR07", SET_BY, 1).get(0), TrtLlmDryRun.temporaryTokens(4096, 16384, 32));
        // TR08's trtllm-bench run: 23552 tokens in prompts of 156 (max_seq_len 157): 151 requests
        assertEquals(151, TrtLlmDryRun.requests(23552, 157));
        assertEquals(1, TrtLlmDryRun.requests(8192, 131072));
    }

    /**
     * TR11 prints the terms of its budget: (119.70 - 113.65 + 0.56) GiB x 0.8999999761581421 = 5.95 GiB, and max_tokens 86711 =
     * budget // 73,728 B ("kv size is 73728"); each printed GiB is rounded to 0.01, so the budget is known to 0.015 GiB x 0.9.
     */
    @Test
    void theBudgetIsTheFractionOfTotalLessPeakPlusTheTemporaryCache() {
        double fraction = 0.8999999761581421;
        long budget = TrtLlmDryRun.budget(Units.gib(119.70), Units.gib(113.65), Units.gib(0.56), fraction);
        assertEquals(5.95, budget / (double) Units.GIB, 0.005 + 0.015 * fraction);
        long printedMaxTokens = all("TR11", BOTH, 1).get(1);
        long tolerance = Math.round(0.015 * fraction * Units.GIB / 73728);
        long maxTokens = TrtLlmDryRun.maxTokens(budget, 73728);
        assertTrue(Math.abs(maxTokens - printedMaxTokens) <= tolerance, maxTokens + " vs " + printedMaxTokens + " +- " + tolerance);
    }

    /** max_tokens in whole blocks of 32: TR11 86711 -> 86720, TR08 860308 -> 860320, as their allocations print. */
    @Test
    void theAllocationIsMaxTokensInWholeBlocks() {
        assertEquals(all("TR11", ALLOC, 2).get(1), TrtLlmDryRun.allocatedTokens(all("TR11", BOTH, 1).get(1), 32));
        assertEquals(all("TR08", ALLOC, 2).get(0), TrtLlmDryRun.allocatedTokens(all("TR08", BOTH, 1).get(0), 32));
    }

    /**
     * trtllm-bench's own settings for TR08 (tuning.py): the dataset's mean input and output lengths come from its own report
     * (output tokens / requests = 28, all tokens / requests - 28 = 128); Llama-3.1-8B FP8 on one H100 PCIe holds far more than
     * 4096 requests of 156 tokens, so max_batch_size is the 4096 cap and max_num_tokens 4096 x (1 + 128 / 28) rounded up to
     * 1024: 23552, as the log prints.
     */
    @Test
    void trtllmBenchTunesTr08sBatchAndTokens() throws Exception {
        List<Double> v = new ArrayList<>();
        for (var line : log("TR08").e().path("bench_lines")) {
            Matcher m = Pattern.compile(":\\s+([0-9.]+)$").matcher(line.asText());
            if (m.find()) {
                v.add(Double.parseDouble(m.group(1)));
            }
        }
        long osl = Math.round(v.get(1) / v.get(0));
        long isl = Math.round(v.get(2) / v.get(0)) - osl;
        assertEquals(28, osl);
        assertEquals(128, isl);
        // ModelConfig.param_count: the config's parameters (FP8: 1 B each), 32 layers, 8 KV heads of 128, FP8 KV
        long params = FieldLogSheets.preLaunch(log("TR08")).weights().totalParams();
        var model = new TrtLlmBenchTuning.Model(params, 1.0, 1.0, 32, 8, 128);
        double requests = TrtLlmBenchTuning.kvCacheMaxRequests(model, 1, 1, 84983939072.0 / Units.GIB, 0.8, isl + osl);
        assertTrue(requests > 4096, "requests " + requests);
        assertEquals(new TrtLlmBenchTuning.Settings(4096, 23552), TrtLlmBenchTuning.finetune(requests, isl, osl, 1));
        // and below the caps: 100 requests of 1024 / 1024 -> batch 128 (32 x ceil(100 / 32)), tokens 2048 (the floor)
        assertEquals(new TrtLlmBenchTuning.Settings(128, 2048), TrtLlmBenchTuning.finetune(100, 1024, 1024, 1));
    }
}
