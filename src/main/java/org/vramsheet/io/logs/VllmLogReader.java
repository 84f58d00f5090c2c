package org.vramsheet.io.logs;

import java.util.List;
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
    private static final Pattern V_ARG = Pattern.compile("'(\\w+)': ('[^']*'|[^,}]+)");
    private static final Pattern V_LOADING = Pattern.compile("Model loading took ([0-9.]+) ?GiB");
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
    private static final Pattern V0_BLOCKS = Pattern.compile("# (?:GPU|cuda|[a-z]+) blocks: ([0-9]+), # CPU blocks: ([0-9]+)");

    private final VllmStages stages = new VllmStages();

    @Override
    public String name() { return "vLLM"; }

    @Override
    public List<LineReader> lineReaders() { return List.of(this::setup, this::pool); }

    @Override
    public void finish(Measurement.Builder m) {
        VllmV0Reader.tokens(m);
        stages.largestStage(m);
        m.nodes(stages.nodes());
    }

    private boolean setup(String line, Measurement.Builder f) {
        stages.rayWorker(line);
        boolean hit = false;
        Matcher m;
        String args = LogText.between(line, "non-default args: {", '}');
        if (args != null) {
            f.engine(Engine.VLLM);
            Matcher a = V_ARG.matcher(args);
            while (a.find()) {
                arg(a.group(1), a.group(2).trim().replaceAll("^'|'$", ""), f);
            }
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
            f.nonKvBytes(LogText.gib(m.group(1))).activationPeakBytes(LogText.gib(m.group(2)))
                    .nonTorchBytes(LogText.gib(m.group(3)));
            f.weightsBytes(f.weightsBytes() == null ? LogText.gib(m.group(4)) : f.weightsBytes());
            hit = true;
        }
        hit |= stages.usage(line);
        if ((m = V_PROFILE_OLD.matcher(line)).find()) {
            long w = LogText.gib(m.group(1));
            long n = LogText.gib(m.group(2));
            long a = LogText.gib(m.group(3));
            f.weightsBytes(w).nonTorchBytes(n).activationPeakBytes(a).kvPoolBytes(LogText.gib(m.group(4)))
                    .nonKvBytes(w + n + a).engine(Engine.VLLM);
            hit = true;
        }
        if ((m = V_TOTAL_OLD.matcher(line)).find()) {
            f.totalBytes(LogText.gib(m.group(1))).utilization(Double.parseDouble(m.group(2)));
            hit = true;
        }
        return hit;
    }

    private static void arg(String key, String v, Measurement.Builder f) {
        switch (key) {
            case "model" -> f.modelId(v);
            case "model_tag" -> f.modelId(f.modelId() == null ? v : f.modelId());
            case "gpu_memory_utilization" -> f.utilization(LogText.ratio(v, 1.0));
            case "max_model_len" -> f.maxModelLen(Long.parseLong(v));
            case "tensor_parallel_size" -> f.tensorParallel(Integer.parseInt(v));
            case "pipeline_parallel_size" -> f.pipelineParallel(Integer.parseInt(v));
            case "kv_cache_dtype" -> f.kvCacheDtype(v);
            default -> { }
        }
    }

    private boolean pool(String line, Measurement.Builder f) {
        boolean hit = VllmV0Reader.profile(line, f);
        Matcher m;
        if ((m = V_AVAILABLE.matcher(line)).find()) {
            long pool = LogText.gib(m.group(1));
            f.kvPoolBytes(pool).engine(Engine.VLLM);
            stages.available(pool);
            hit = true;
        }
        if ((m = V_TOKENS.matcher(line)).find()) {
            f.kvTokens(LogText.num(m.group(1))).engine(Engine.VLLM);
            hit = true;
        }
        if ((m = V_CONC.matcher(line)).find()) {
            f.concurrencyTokens(LogText.num(m.group(1))).concurrency(LogText.ratio(m.group(2), 1e9));
            hit = true;
        }
        if ((m = V_FREE.matcher(line)).find()) {
            f.freeBytes(LogText.gib(m.group(1))).totalBytes(LogText.gib(m.group(2)));
            hit = true;
        }
        if ((m = V_CG_EST.matcher(line)).find()) {
            f.cudaGraphEstimateBytes(LogText.gib(m.group(1)));
            hit = true;
        }
        if ((m = V_CG_ACT.matcher(line)).find()) {
            f.cudaGraphActualBytes(LogText.gib(m.group(1) != null ? m.group(1) : m.group(2)));
            hit = true;
        }
        if ((m = V_BLOCKS.matcher(line)).find()) {
            f.gpuBlocks(LogText.num(m.group(1)));
            hit = true;
        }
        if ((m = V0_BLOCKS.matcher(line)).find()) {
            f.gpuBlocks(LogText.num(m.group(1))).engine(Engine.VLLM);
            hit = true;
        }
        return hit;
    }
}
