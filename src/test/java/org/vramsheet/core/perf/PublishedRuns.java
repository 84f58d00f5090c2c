package org.vramsheet.core.perf;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.vramsheet.io.catalog.GpuCatalog;

/**
 * The published benchmark runs under src/test/resources/benchmarks, each with what the estimate needs: the model's costs
 * from its config.json, the run's mean prompt and output and its concurrency, the catalog GPU, and the measured mean
 * TPOT and median TTFT (with the mean TTFT).
 */
final class PublishedRuns {
    /** The engines' batched-token budget (SGLang chunked_prefill_size, vLLM / TensorRT-LLM max_num_batched_tokens): every
     * mean prompt of these runs (at most 4,194 tokens) is one chunk of 8,192. */
    static final long CHUNK = 8192;

    private PublishedRuns() { }

    /**
     * One run: the estimate's inputs without utilizations, and what was measured.
     *
     * @param ttftMs     the run's median TTFT: the steady state the estimate models (a run's mean also holds its start,
     *                   every max-concurrency request sent at once, and a cold first request)
     * @param meanTtftMs the run's mean TTFT, shown beside it
     * @param prompts    each request's prompt tokens where the benchmark's generator gives them (SGLang's bench_serving
     *                   random dataset, {@link BenchServingRandom}); null: only the mean is known (ShareGPT), every
     *                   request taken at the mean
     * @param cached     how many of the first requests SGLang's radix cache holds before the run: 1, the warm-up prompt
     *                   (bench_serving sends {@code input_requests[0]} once before the run and flushes the cache only in
     *                   SGLang's CI or with --flush-cache); 0 without per-request prompts
     */
    record Run(String id, String engine, String gpuName, PerfModel model, PerfLoad load, GpuPerformance gpu,
               double tpotMs, double ttftMs, double tokensPerSecond, double meanTtftMs, long[] prompts, int cached) {
        PerfEstimator.Inputs with(Utilizations u) { return new PerfEstimator.Inputs(model, load, gpu, u); }

        /**
         * Each request's predicted TTFT: the run's wait and the rest of its prefill batch (the estimate at the mean
         * lengths), its own prompt's prefill, the first-token overhead. The first request is bench_serving's warm-up
         * prompt ({@code input_requests[0]}, sent once before the run; the cache is not flushed outside SGLang's CI), so
         * SGLang's radix cache holds all of it but the last token, which is computed again.
         */
        double[] ttfts(Utilizations u) {
            PerfEstimator.Times t = PerfEstimator.times(with(u));
            if (prompts == null) {
                return new double[] {t.ttftMs()};
            }
            double rest = t.ttftMs() - t.prefillMs();
            double[] out = new double[prompts.length];
            for (int i = 0; i < prompts.length; i++) {
                long p = i < cached ? 1 : prompts[i];
                PerfLoad one = new PerfLoad(load.concurrency(), p, load.outputTokens(), load.chunkTokens(),
                        load.tensorParallel());
                out[i] = rest + new Roofline(new PerfEstimator.Inputs(model, one, gpu, u)).prefill().ms();
            }
            return out;
        }

        /** The predicted median TTFT over the run's requests (NumPy's median: the mean of the middle two). */
        double medianTtft(Utilizations u) {
            double[] a = ttfts(u).clone();
            java.util.Arrays.sort(a);
            int n = a.length;
            return n % 2 == 1 ? a[n / 2] : (a[n / 2 - 1] + a[n / 2]) / 2;
        }

        /** The predicted mean TTFT over the run's requests. */
        double meanTtft(Utilizations u) { return java.util.Arrays.stream(ttfts(u)).average().orElseThrow(); }
    }

    static List<Run> all() {
        ObjectMapper json = new ObjectMapper();
        List<Run> out = new ArrayList<>();
        try (Stream<Path> files = Files.walk(Path.of("src/test/resources/benchmarks"))) {
            List<JsonNode> blocks = new ArrayList<>();
            for (Path f : files.filter(p -> p.toString().endsWith(".json")).sorted().toList()) {
                blocks.add(json.readTree(f.toFile()));
            }
            for (JsonNode b : blocks) {
                JsonNode config = json.readTree(Path.of("src/test/resources/configs", b.get("config").asText()).toFile());
                JsonNode e = b.get("expected");
                double ok = e.get("successfulRequests").asDouble();
                int tp = b.get("setup").get("tensor_parallel_size").asInt();
                double output = e.get("totalGeneratedTokens").asDouble() / ok;
                PerfLoad load = new PerfLoad(concurrency(e, output), Math.round(e.get("totalInputTokens").asDouble() / ok),
                        Math.round(output), CHUNK, tp);
                boolean fp8 = "fp8".equals(b.get("setup").get("weights_dtype").asText());
                JsonNode in = b.get("setup").get("random_input_len");
                long[] prompts = in == null ? null : BenchServingRandom.prompts(in.asInt(), (int) ok);
                out.add(new Run(b.get("id").asText(), b.get("engine").asText(), b.get("gpu_catalog").asText(),
                        ConfigCosts.of(config, fp8), load, gpu(b.get("gpu_catalog").asText()),
                        e.get("meanTpotMs").asDouble(), median(b),
                        e.get("outputTokensPerSecond").asDouble(), e.get("meanTtftMs").asDouble(), prompts,
                        prompts == null ? 0 : 1));
            }
        } catch (IOException ex) {
            throw new UncheckedIOException(ex);
        }
        return out;
    }

    /**
     * The time-averaged running requests: the block's "Concurrency:" line (SGLang's bench_serving prints it), else by
     * Little's law from the block's own figures: successful requests x mean latency / duration, the mean latency being
     * mean TTFT + mean TPOT x (mean output - 1) (vLLM's bench prints no such line); at least 1.
     */
    static double concurrency(JsonNode e, double meanOutput) {
        if (e.has("concurrency")) {
            return e.get("concurrency").asDouble();
        }
        double latencyMs = e.get("meanTtftMs").asDouble() + e.get("meanTpotMs").asDouble() * (meanOutput - 1);
        return Math.max(1, e.get("successfulRequests").asDouble() * latencyMs / 1000 / e.get("durationS").asDouble());
    }

    /** The run's median TTFT, from its verbatim lines ("Median TTFT (ms): 147.02"). */
    static double median(JsonNode b) {
        for (JsonNode l : b.get("lines")) {
            java.util.regex.Matcher m = java.util.regex.Pattern.compile("Median TTFT \\(ms\\):\\s+([\\d.]+)").matcher(l.asText());
            if (m.find()) {
                return Double.parseDouble(m.group(1));
            }
        }
        throw new IllegalArgumentException("no median TTFT in " + b.get("id"));
    }

    static GpuPerformance gpu(String catalogName) {
        return GpuCatalog.entries().stream().filter(g -> g.name().equals(catalogName)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException(catalogName)).performance();
    }
}
