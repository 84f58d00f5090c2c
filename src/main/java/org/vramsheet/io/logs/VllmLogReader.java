package org.vramsheet.io.logs;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.vramsheet.core.sheet.Engine;
import org.vramsheet.core.validation.Measurement;

/**
 * vLLM's startup log, V1 (0.10 to current: the non-default args, profiling, the two-line and one-line capacity forms,
 * CUDA graphs, free memory) and V0 ("# GPU blocks", the profiling results line); every worker's lines of a TP / PP run.
 */
final class VllmLogReader implements EngineLogReader {
    private static final Pattern V_VERSION = Pattern.compile("(?:vLLM API server version|version)\\s+v?([0-9]+\\.[0-9]+[0-9.a-z+]*)");
    /** "GiB" from v0.8.3 (#15807); before, "GB" for the same 2^30 bytes; V0 and early V1: "Loading model weights took". */
    private static final Pattern V_LOADING = Pattern.compile("(?:Model loading|Loading model weights) took ([0-9.]+) ?Gi?B");
    private static final Pattern V_PROFILE = Pattern.compile("Total non KV cache memory: ([0-9.]+) ?GiB; torch peak memory "
            + "increase: ([0-9.]+) ?GiB; non-torch forward increase memory: ([0-9.]+) ?GiB; weights memory: ([0-9.]+) ?GiB");
    private static final Pattern V_PROFILE_OLD = Pattern.compile("model weights take ([0-9.]+) ?GiB; non_torch_memory takes "
            + "([0-9.]+) ?GiB; PyTorch activation peak memory takes ([0-9.]+) ?GiB; the rest of the memory reserved for KV "
            + "Cache is ([0-9.]+) ?GiB");
    private static final Pattern V_TOTAL_OLD = Pattern.compile("total_gpu_memory \\(([0-9.]+) ?GiB\\) x gpu_memory_utilization "
            + "\\(([0-9.]+)\\)");
    private static final Pattern V_AVAILABLE = Pattern.compile("Available KV cache memory: ([0-9.]+) GiB");
    private static final Pattern V_TOKENS = Pattern.compile("GPU KV cache size: ([0-9,]+) tokens");
    private static final Pattern V_CONC = Pattern.compile("Maximum concurrency for ([0-9,]+) tokens per request: ([0-9.]+)x");
    private static final Pattern V_FREE = Pattern.compile("Free memory on device \\(([0-9.]+)/([0-9.]+) GiB\\)");
    private static final Pattern V_CG_EST = Pattern.compile("Estimated CUDA graph memory: ([0-9.]+) GiB");
    private static final Pattern V_CG_ACT = Pattern.compile("(?:Graph capturing finished in [0-9]+ secs, took ([0-9.]+) GiB|"
            + "CUDA graph pool memory: ([0-9.]+) GiB \\(actual\\))");
    private static final Pattern V_BLOCKS = Pattern.compile("num_gpu_blocks is: ([0-9]+)");
    /** V0's refusal: "... the maximum number of tokens that can be stored in KV cache (23648)". */
    private static final Pattern V0_MAX_TOKENS = Pattern.compile("maximum number of tokens that can be stored in KV cache \\(([0-9]+)\\)");

    private final VllmStages stages = new VllmStages();
    private final VllmEngines engines = new VllmEngines();
    private final VllmUsage usage = new VllmUsage();

    @Override
    public String name() { return "vLLM"; }

    @Override
    public List<LineReader> lineReaders() { return List.of(this::setup, this::pool); }

    @Override
    public void finish(Measurement.Builder m) {
        engines.finish(m);
        usage.finish(m);
        VllmV0Reader.tokens(m);
        stages.largestStage(m);
        m.nodes(stages.nodes());
    }

    private boolean setup(String line, Measurement.Builder f) {
        stages.rayWorker(line);
        boolean hit = false;
        Matcher m;
        Map<String, String> args = VllmArgs.topLevel(line);
        if (args != null) {
            // only the top level: speculative_config's own 'model' and 'max_model_len' are the draft model's
            // every value is parsed before any is set: a value that does not parse leaves the whole line unread
            List<Consumer<Measurement.Builder>> sets = new ArrayList<>();
            args.forEach((k, v) -> sets.add(arg(k, v)));
            f.engine(Engine.VLLM);
            sets.forEach(set -> set.accept(f));
            hit = true;
        }
        if (f.version() == null && (line.contains("vLLM") || line.contains("version")) && (m = V_VERSION.matcher(line)).find()) {
            f.version(m.group(1).replaceAll("\\.$", ""));
            f.engine(f.engine() == null ? Engine.VLLM : f.engine());
            hit = true;
        }
        if (f.weightsBytes() == null && (m = V_LOADING.matcher(line)).find()) {
            f.weightsBytes(LogText.gib(m.group(1))).engine(Engine.VLLM);
            hit = true;
        }
        if ((m = V_PROFILE.matcher(line)).find()) {
            long nonKv = LogText.gib(m.group(1));
            long peak = LogText.gib(m.group(2));
            long nonTorch = LogText.gib(m.group(3));
            long weights = LogText.gib(m.group(4));
            f.nonKvBytes(nonKv).activationPeakBytes(peak).nonTorchBytes(nonTorch);
            f.weightsBytes(f.weightsBytes() == null ? weights : f.weightsBytes());
            hit = true;
        }
        hit |= stages.usage(line);
        if (usage.read(line, f)) {
            f.engine(Engine.VLLM);
            hit = true;
        }
        if ((m = V_PROFILE_OLD.matcher(line)).find()) {
            long w = LogText.gib(m.group(1));
            long n = LogText.gib(m.group(2));
            long a = LogText.gib(m.group(3));
            long pool = LogText.gib(m.group(4));
            long nonKv = Math.addExact(Math.addExact(w, n), a); // past a long the line is not read (never wraps)
            f.weightsBytes(w).nonTorchBytes(n).activationPeakBytes(a).kvPoolBytes(pool).nonKvBytes(nonKv).engine(Engine.VLLM);
            hit = true;
        }
        if ((m = V_TOTAL_OLD.matcher(line)).find()) {
            long total = LogText.gib(m.group(1));
            f.totalBytes(total).utilization(LogText.ratio(m.group(2), 1.0));
            hit = true;
        }
        return hit;
    }

    /** The setting of one top-level argument, its value parsed now (a value that does not parse throws here). */
    private static Consumer<Measurement.Builder> arg(String key, String v) {
        return switch (key) {
            case "model" -> f -> f.modelId(v);
            case "model_tag" -> f -> f.modelId(f.modelId() == null ? v : f.modelId());
            case "gpu_memory_utilization" -> {
                double u = LogText.ratio(v, 1.0);
                yield f -> f.utilization(u);
            }
            case "max_model_len" -> {
                long n = positive(Long.parseLong(v));
                yield f -> f.maxModelLen(n);
            }
            case "tensor_parallel_size" -> {
                int n = (int) positive(Integer.parseInt(v));
                yield f -> f.tensorParallel(n);
            }
            case "pipeline_parallel_size" -> {
                int n = (int) positive(Integer.parseInt(v));
                yield f -> f.pipelineParallel(n);
            }
            case "kv_cache_dtype" -> f -> f.kvCacheDtype(v);
            case "data_parallel_size" -> {
                int n = (int) positive(Integer.parseInt(v));
                yield f -> f.dataParallel(n > 1 ? n : f.dataParallel());
            }
            default -> f -> { };
        };
    }

    /** A count or length: below 1 it is no setting vLLM starts with (a mangled line), so it does not parse. */
    private static long positive(long n) {
        if (n < 1) {
            throw new NumberFormatException(n + " is not a positive count");
        }
        return n;
    }

    private boolean pool(String line, Measurement.Builder f) {
        boolean hit = VllmV0Reader.profile(line, f);
        Matcher m;
        VllmProcess p = VllmProcess.of(line);
        if ((m = V_AVAILABLE.matcher(line)).find()) {
            long pool = LogText.gib(m.group(1));
            f.engine(Engine.VLLM);
            engines.pool(p, pool);
            stages.available(pool);
            hit = true;
        }
        if ((m = V_TOKENS.matcher(line)).find()) {
            engines.tokens(p, LogText.num(m.group(1)));
            f.engine(Engine.VLLM);
            hit = true;
        }
        if (line.contains("stored in KV cache") && (m = V0_MAX_TOKENS.matcher(line)).find()) {
            engines.tokens(p, LogText.num(m.group(1)));
            f.engine(Engine.VLLM).cudaGraphsInPool(false); // a V0 line: V0 never took CUDA graphs out of the pool
            hit = true;
        }
        if ((m = V_CONC.matcher(line)).find()) {
            long tokens = LogText.num(m.group(1));
            engines.concurrency(p, LogText.ratio(m.group(2), 1e9), tokens);
            hit = true;
        }
        if (f.freeBytes() == null && (m = V_FREE.matcher(line)).find()) {
            // every TP rank prints its own; the first (rank 0's) is kept
            long free = LogText.gib(m.group(1));
            f.freeBytes(free).totalBytes(LogText.gib(m.group(2)));
            hit = true;
        }
        if ((m = V_CG_EST.matcher(line)).find()) {
            f.cudaGraphEstimateBytes(LogText.gib(m.group(1)));
            hit = true;
        }
        if ((line.contains("Graph capturing") || line.contains("CUDA graph pool")) && (m = V_CG_ACT.matcher(line)).find()) {
            f.cudaGraphActualBytes(LogText.gib(m.group(1) != null ? m.group(1) : m.group(2)));
            hit = true;
        }
        if ((m = V_BLOCKS.matcher(line)).find()) {
            f.gpuBlocks(LogText.num(m.group(1)));
            hit = true;
        }
        Long blocks = VllmV0Reader.blocks(line);
        if (blocks != null) {
            f.gpuBlocks(blocks).engine(Engine.VLLM);
            if (line.contains("CPU blocks")) {
                f.cudaGraphsInPool(false); // V0's "# GPU blocks: N, # CPU blocks: M": V0 never took CUDA graphs out of the pool
            }
            hit = true;
        }
        return hit;
    }
}
