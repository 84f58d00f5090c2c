package org.vramsheet.hostile;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.vramsheet.core.validation.Measurement;
import org.vramsheet.io.json.WorksheetJson;
import org.vramsheet.io.logs.EngineLogParser;

/**
 * The engine log readers on 1,000 mutated real logs (issue 26): every calibration vLLM log, the speculative-decoding
 * lines and the SGLang, llama.cpp and TensorRT-LLM samples, each line mutated the ways a pasted or hostile log differs
 * (numbers too long, negative, exponent, NaN; units swapped; lines repeated up to the guard, cut, joined; ANSI codes;
 * nested dicts; control characters). No exception escapes, each case ends within a second, and what is read is a
 * plausible measurement: sizes and token counts never negative (a wrap is a silent misread), ratios finite and in
 * range, the summary one line.
 */
class EngineLogFuzzTest {
    private static final List<List<String>> LOGS = logs();

    private static List<List<String>> logs() {
        List<List<String>> out = new ArrayList<>();
        try {
            JsonNode cal = WorksheetJson.shared().readTree(Files.readString(
                    Path.of("src/test/resources/calibration/vllm_startup_logs.json")));
            for (JsonNode e : cal) {
                List<String> lines = new ArrayList<>();
                e.get("lines").forEach(l -> lines.add(l.asText()));
                out.add(lines);
            }
            List<String> spec = new ArrayList<>();
            HostileLogTest.speculative().forEach(e -> spec.add(e.get("line").asText()));
            out.add(spec);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
        out.add(List.of("[2025-06-01 10:00:00 TP0] Load weight end. elapsed=5.1 s, type=LlamaForCausalLM, dtype=torch.bfloat16, "
                + "avail mem=63.44 GB, mem usage=14.99 GB.", "[2025-06-01 10:00:01 TP0] KV Cache is allocated. #tokens: 413003, "
                + "K size: 25.21 GB, V size: 25.21 GB", "[2025-06-01] max_total_num_tokens=413003, chunked_prefill_size=8192, "
                + "max_prefill_tokens=16384, max_running_requests=2048, context_len=131072"));
        out.add(List.of("llama_context: n_ctx         = 8192", "llama_kv_cache:      CUDA0 KV buffer size =  1024.00 MiB",
                "llama_kv_cache: size = 1024.00 MiB (  8192 cells,  32 layers,  1/1 seqs), K (f16):  512.00 MiB, V (f16):  512.00 MiB"));
        out.add(List.of("[TensorRT-LLM][INFO] Memory usage when calculating max tokens in paged kv cache: total: 79.10 GiB, "
                + "available: 60.12 GiB", "[TensorRT-LLM][INFO] [MemUsageChange] Allocated 54.11 GiB for max tokens in paged KV "
                + "cache (443264)."));
        out.add(List.of("INFO 05-01 executor_base.py:1] # cuda blocks: 14815, # CPU blocks: 1966",
                "INFO Maximum concurrency for 4096 tokens per request: 57.87x",
                "INFO Memory profiling results: total_gpu_memory=79.19GiB initial_memory_usage=1.2GiB non_torch_memory=0.5GiB "
                        + "kv_cache_size=60.1GiB gpu_memory_utilization=0.90"));
        return out;
    }

    private static final String[] NUMBERS = {"9".repeat(30), "", "-5", "1e300", "NaN", "Infinity", "9223372036854775807",
        "0", "0.000", "1.2.3", "١٢٣", "18446744073709551616"};

    private static String mutate(String line, Random rnd) {
        return switch (rnd.nextInt(14)) {
            case 0 -> line.replaceAll("[0-9]+", NUMBERS[rnd.nextInt(NUMBERS.length)]);
            case 1 -> {
                int n = Math.max(1, (EngineLogParser.MAX_LINE - 1) / Math.max(1, line.length() + 1));
                yield (line + " ").repeat(1 + rnd.nextInt(n));
            }
            case 2 -> line.substring(0, rnd.nextInt(line.length() + 1));
            case 3 -> line.replace("GiB", rnd.nextBoolean() ? "MiB" : "\u001B[0m GiB").replace(":", ": None");
            case 4 -> line.replace("{'", "{'speculative_config': {'model': 'draft/x', 'max_model_len': 7}, '");
            case 5 -> line + (char) rnd.nextInt(32) + line;
            case 6 -> line.replace(",", "").replace(".", ",");
            case 7 -> line.replace("'", rnd.nextBoolean() ? "\"" : "");
            case 8 -> line.replaceAll("[0-9]", String.valueOf(rnd.nextInt(10)));
            case 9 -> "\u001B[" + "1;".repeat(rnd.nextInt(4000)) + line;
            case 10 -> line.replace("}", "").replace("]", "[");
            default -> line;
        };
    }

    @Property(tries = 1000)
    void mutatedLogsNeverCrashHangOrWrap(@ForAll("seeds") long seed) {
        Random rnd = new Random(seed);
        List<String> log = LOGS.get(rnd.nextInt(LOGS.size()));
        StringBuilder b = new StringBuilder();
        for (String line : log) {
            int copies = rnd.nextInt(8) == 0 ? 2 + rnd.nextInt(3) : 1;
            for (int c = 0; c < copies; c++) {
                b.append(rnd.nextInt(3) == 0 ? mutate(line, rnd) : line).append(rnd.nextInt(10) == 0 ? "\r\n" : "\n");
            }
        }
        String text = b.toString();
        long t = System.nanoTime();
        Measurement m = EngineLogParser.parse(text);
        String summary = EngineLogParser.summary(m);
        double s = (System.nanoTime() - t) / 1e9;
        assertTrue(s < 1, "seed " + seed + ": " + s + " s for " + text.length() + " characters");
        for (Long v : new Long[] {m.maxModelLen(), m.weightsBytes(), m.nonKvBytes(), m.activationPeakBytes(), m.nonTorchBytes(),
            m.kvPoolBytes(), m.kvTokens(), m.gpuBlocks(), m.concurrencyTokens(), m.freeBytes(), m.totalBytes(),
            m.cudaGraphEstimateBytes(), m.cudaGraphActualBytes()}) {
            assertTrue(v == null || v >= 0, "seed " + seed + ": a figure is negative (wrapped?): " + m);
        }
        assertTrue(m.utilization() == null || m.utilization() >= 0 && m.utilization() <= 1, "seed " + seed + ": " + m.utilization());
        assertTrue(m.concurrency() == null || Double.isFinite(m.concurrency()) && m.concurrency() >= 0, "seed " + seed);
        assertTrue(m.tensorParallel() == null || m.tensorParallel() >= 0, "seed " + seed);
        assertFalse(summary.contains("\n"), summary);
        m.skippedLines().forEach(l -> assertTrue(l.length() <= 300 && l.chars().noneMatch(Character::isISOControl), l));
        assertFalse("draft/x".equals(m.modelId()), "seed " + seed + ": a nested speculative_config's model is never the served one");
        assertFalse(Long.valueOf(7).equals(m.maxModelLen()) && text.contains("'max_model_len': 7}"),
                "seed " + seed + ": a nested max_model_len is never the served one");
    }

    /** Seen: this seed mangled "'tensor_parallel_size': 8" into -5, and the log said TP -5. */
    @net.jqwik.api.Example
    void aMangledCountIsNotRead() {
        mutatedLogsNeverCrashHangOrWrap(-1530L);
    }

    @Provide
    Arbitrary<Long> seeds() { return Arbitraries.longs(); }
}
