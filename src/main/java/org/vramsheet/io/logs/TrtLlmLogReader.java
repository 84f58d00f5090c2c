package org.vramsheet.io.logs;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.vramsheet.core.sheet.Engine;
import org.vramsheet.core.units.Units;
import org.vramsheet.core.validation.Measurement;

/**
 * TensorRT-LLM's startup log, every release's wording of its KV pool: 0.5-0.8 "Allocate N bytes for k/v cache" and
 * "Using N tokens in paged KV cache"; 0.9 on "Memory usage when calculating max tokens in paged kv cache: total, available"
 * (the free memory the pool is a fraction of), the primary pool's blocks, tokens per block, 0.9-0.10 "Max tokens in paged
 * KV cache: N. Allocating B bytes" and "[MemUsageChange] Allocated X GiB for max tokens in paged KV cache (N)"; the engine,
 * execution context and buffers. With tensor parallelism every rank prints each line (TR13, TR14): the figures are one
 * GPU's, and a buffer line repeated word for word is another rank's copy, counted once. The PyTorch backend's profiling
 * lines (1.x) are {@link TrtLlmPyTorchLines}.
 */
final class TrtLlmLogReader implements EngineLogReader {
    private static final Pattern ALLOC = Pattern.compile("Allocated ([0-9.]+) GiB for max tokens in paged KV cache \\(([0-9]+)\\)");
    private static final Pattern MEM = Pattern.compile("Memory usage when calculating max tokens in paged kv cache: total: "
            + "([0-9.]+) GiB, available: ([0-9.]+) GiB");
    private static final Pattern USING = Pattern.compile("Using ([0-9]+) tokens in paged KV cache");
    private static final Pattern BYTES = Pattern.compile("Allocate ([0-9]+) bytes for k/v cache");
    /** 0.9-0.10 (kvCacheManager.cpp): "Max tokens in paged KV cache: 3136. Allocating 205520896 bytes." (TR14). */
    private static final Pattern MAX_TOKENS = Pattern.compile("Max tokens in paged KV cache: ([0-9]+)\\. Allocating ([0-9]+) bytes");
    private static final Pattern PRIMARY = Pattern.compile("Number of blocks in KV cache primary pool: ([0-9]+)");
    private static final Pattern PER_BLOCK = Pattern.compile("Number of tokens per block: ([0-9]+)");
    private static final Pattern PER_SEQ = Pattern.compile("Max KV cache blocks per sequence: [0-9]+ \\[window size=[0-9]+\\], "
            + "tokens per block=([0-9]+), primary blocks=([0-9]+)");
    private static final Pattern ENGINE = Pattern.compile("Loaded engine size: ([0-9]+) MiB");
    private static final Pattern CONTEXT = Pattern.compile("Allocated ([0-9.]+) MiB for execution context memory");
    private static final Pattern BUFFERS = Pattern.compile("Allocated ([0-9.]+) (B|KB|MB|GB) GPU memory for (runtime buffers|decoder)");

    /** The buffer allocations already counted: a TP log's ranks each print the same line. */
    private final Set<String> buffersSeen = new HashSet<>();

    @Override
    public String name() { return "TensorRT-LLM"; }

    @Override
    public List<LineReader> lineReaders() {
        return List.of(TrtLlmLogReader::pool, TrtLlmLogReader::legacy, TrtLlmLogReader::blocks, this::engine,
                trt(TrtLlmPyTorchLines::profiling), trt(TrtLlmPyTorchLines::memory));
    }

    /** A line reader whose lines are TensorRT-LLM's. */
    private static LineReader trt(LineReader r) {
        return (line, f) -> {
            boolean hit = r.read(line, f);
            if (hit) {
                f.engine(Engine.TENSORRT_LLM);
            }
            return hit;
        };
    }

    /** The pool as allocated, and the free memory it was sized from. */
    private static boolean pool(String line, Measurement.Builder f) {
        Matcher m;
        if ((m = ALLOC.matcher(line)).find()) {
            f.engine(Engine.TENSORRT_LLM).kvPoolBytes(LogText.gib(m.group(1))).kvTokens(LogText.num(m.group(2)));
            return true;
        }
        if ((m = MEM.matcher(line)).find()) {
            long total = LogText.gib(m.group(1));
            long available = LogText.gib(m.group(2));
            // the pool is free_gpu_memory_fraction x available: all the rest (engine, activations, buffers) is non-KV
            f.engine(Engine.TENSORRT_LLM).totalBytes(total).freeAfterWeightsBytes(available).nonKvBytes(total - available);
            return true;
        }
        return false;
    }

    /** 0.5-0.10 (GptSession, inflight batching): the pool in bytes, and the tokens (0.5-0.8: before rounding up to blocks). */
    private static boolean legacy(String line, Measurement.Builder f) {
        Matcher m;
        if ((m = BYTES.matcher(line)).find()) {
            f.engine(Engine.TENSORRT_LLM).kvPoolBytes(LogText.num(m.group(1)));
            return true;
        }
        if ((m = MAX_TOKENS.matcher(line)).find()) {
            f.engine(Engine.TENSORRT_LLM).kvTokens(LogText.num(m.group(1))).kvPoolBytes(LogText.num(m.group(2)));
            return true;
        }
        if ((m = USING.matcher(line)).find()) {
            f.engine(Engine.TENSORRT_LLM);
            if (f.kvTokens() == null) {
                f.kvTokens(LogText.num(m.group(1)));
            }
            return true;
        }
        return false;
    }

    private static boolean blocks(String line, Measurement.Builder f) {
        Matcher m;
        if ((m = PRIMARY.matcher(line)).find()) {
            f.engine(Engine.TENSORRT_LLM).gpuBlocks(LogText.num(m.group(1)));
            return true;
        }
        if ((m = PER_SEQ.matcher(line)).find()) {
            f.engine(Engine.TENSORRT_LLM).blockSize(Math.toIntExact(LogText.num(m.group(1)))).gpuBlocks(LogText.num(m.group(2)));
            return true;
        }
        if ((m = PER_BLOCK.matcher(line)).find()) {
            f.engine(Engine.TENSORRT_LLM).blockSize(Math.toIntExact(LogText.num(m.group(1))));
            return true;
        }
        return false;
    }

    /** The TRT engine (weights), its execution context (activations) and the runtime's buffers and decoder. */
    private boolean engine(String line, Measurement.Builder f) {
        Matcher m;
        if ((m = ENGINE.matcher(line)).find()) {
            f.engine(Engine.TENSORRT_LLM).weightsBytes(Math.multiplyExact(LogText.num(m.group(1)), Units.MIB));
            return true;
        }
        if ((m = CONTEXT.matcher(line)).find()) {
            f.engine(Engine.TENSORRT_LLM).activationPeakBytes(LogText.mib(m.group(1)));
            return true;
        }
        if ((m = BUFFERS.matcher(line)).find()) {
            if (!buffersSeen.add(m.group())) {
                // the same allocation printed by another tensor-parallel rank: one GPU's buffers are counted once
                f.engine(Engine.TENSORRT_LLM);
                return true;
            }
            // MemoryCounters::bytesToString divides by 2^10 per step and prints KB / MB / GB
            long unit = switch (m.group(2)) {
                case "KB" -> 1L << 10;
                case "MB" -> Units.MIB;
                case "GB" -> Units.GIB;
                default -> 1L;
            };
            long bytes = BigDecimal.valueOf(Double.parseDouble(m.group(1))).multiply(BigDecimal.valueOf(unit))
                    .setScale(0, RoundingMode.HALF_UP).longValueExact();
            f.engine(Engine.TENSORRT_LLM).nonTorchBytes(Math.addExact(f.nonTorchBytes() == null ? 0 : f.nonTorchBytes(), bytes));
            return true;
        }
        return false;
    }
}
