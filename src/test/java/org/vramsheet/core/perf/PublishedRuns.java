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
 * TPOT and TTFT.
 */
final class PublishedRuns {
    /** SGLang's chunked prefill: every mean prompt of these runs (at most 4,194 tokens) is one chunk of 8,192. */
    static final long CHUNK = 8192;

    private PublishedRuns() { }

    /** One run: the estimate's inputs without utilizations, and what was measured. */
    record Run(String id, PerfModel model, PerfLoad load, GpuPerformance gpu, double tpotMs, double ttftMs,
               double tokensPerSecond) {
        PerfEstimator.Inputs with(Utilizations u) { return new PerfEstimator.Inputs(model, load, gpu, u); }
    }

    static List<Run> all() {
        ObjectMapper json = new ObjectMapper();
        List<Run> out = new ArrayList<>();
        try (Stream<Path> files = Files.walk(Path.of("src/test/resources/benchmarks"))) {
            for (Path f : files.filter(p -> p.toString().endsWith(".json")).sorted().toList()) {
                JsonNode b = json.readTree(f.toFile());
                JsonNode config = json.readTree(Path.of("src/test/resources/configs", b.get("config").asText()).toFile());
                JsonNode e = b.get("expected");
                double ok = e.get("successfulRequests").asDouble();
                int tp = b.get("setup").get("tensor_parallel_size").asInt();
                PerfLoad load = new PerfLoad(e.get("concurrency").asDouble(),
                        Math.round(e.get("totalInputTokens").asDouble() / ok),
                        Math.round(e.get("totalGeneratedTokens").asDouble() / ok), CHUNK, tp);
                out.add(new Run(b.get("id").asText(), ConfigCosts.of(config), load, gpu(b.get("gpu_catalog").asText()),
                        e.get("meanTpotMs").asDouble(), e.get("meanTtftMs").asDouble(),
                        e.get("outputTokensPerSecond").asDouble()));
            }
        } catch (IOException ex) {
            throw new UncheckedIOException(ex);
        }
        return out;
    }

    static GpuPerformance gpu(String catalogName) {
        return GpuCatalog.entries().stream().filter(g -> g.name().equals(catalogName)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException(catalogName)).performance();
    }
}
