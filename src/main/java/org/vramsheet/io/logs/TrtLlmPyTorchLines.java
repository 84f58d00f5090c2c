package org.vramsheet.io.logs;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.vramsheet.core.validation.Measurement;

/**
 * TensorRT-LLM's PyTorch backend (1.x, {@code tensorrt_llm/_torch/pyexecutor/_util.py} {@code KvCacheCreator}): after a dry
 * run with a small temporary KV cache it prints its peak memory and the KV budget
 * {@code (device total - peak + temporary KV) x fraction}, and the parts of the peak (weights, activations, outside torch).
 * {@link TrtLlmLogReader} marks the engine on every line read here.
 */
final class TrtLlmPyTorchLines {
    private static final Pattern PEAK = Pattern.compile("Peak memory during memory usage profiling \\(torch \\+ non-torch\\): "
            + "([0-9.]+) GiB, available KV cache memory when calculating max tokens: ([0-9.]+) GiB");
    private static final Pattern FRACTION = Pattern.compile("fraction is set ([0-9.]+)");
    private static final Pattern TOTAL = Pattern.compile("device total memory ([0-9.]+) GiB");
    private static final Pattern TMP = Pattern.compile("(?:tmp kv_mem|temporary kv cache memory during profiling) ([0-9.]+) GiB");
    private static final Pattern WEIGHTS = Pattern.compile("Memory used after loading model weights \\(inside torch\\) in memory "
            + "usage profiling: ([0-9.]+) GiB");
    private static final Pattern ACTIVATIONS = Pattern.compile("Memory dynamically allocated during inference \\(inside torch\\) "
            + "in memory usage profiling: ([0-9.]+) GiB");
    private static final Pattern OUTSIDE = Pattern.compile("Memory used outside torch \\(e\\.g\\., NCCL and CUDA graphs\\) in memory "
            + "usage profiling: ([0-9.]+) GiB");
    private static final Pattern SEQ_LEN = Pattern.compile("max_seq_len=([0-9]+), max_num_requests=");

    private TrtLlmPyTorchLines() { }

    /** The profiling summary: the non-KV peak (less the temporary KV), the fraction, the device total. */
    static boolean profiling(String line, Measurement.Builder f) {
        Matcher m = PEAK.matcher(line);
        if (!m.find()) {
            return false;
        }
        long peak = LogText.gib(m.group(1));
        long budget = LogText.gib(m.group(2));
        Matcher fr = FRACTION.matcher(line);
        // printed as the float it is (0.8999999761581421): the setting was 0.9
        Double fraction = fr.find() ? Math.round(LogText.ratio(fr.group(1), 1) * 1e6) / 1e6 : null;
        Matcher tm = TMP.matcher(line);
        long tmp = tm.find() ? LogText.gib(tm.group(1)) : 0;
        Matcher tt = TOTAL.matcher(line);
        f.nonKvBytes(peak - tmp).utilization(fraction);
        if (tt.find()) {
            long total = LogText.gib(tt.group(1));
            f.totalBytes(total).freeAfterWeightsBytes(total - peak + tmp);
        } else if (fraction != null && fraction > 0) {
            f.freeAfterWeightsBytes(Math.round(budget / fraction));
        }
        return true;
    }

    /** The parts of the peak, and the runtime's max_seq_len. */
    static boolean memory(String line, Measurement.Builder f) {
        Matcher m;
        if ((m = WEIGHTS.matcher(line)).find()) {
            f.weightsBytes(LogText.gib(m.group(1)));
            return true;
        }
        if ((m = ACTIVATIONS.matcher(line)).find()) {
            f.activationPeakBytes(LogText.gib(m.group(1)));
            return true;
        }
        if ((m = OUTSIDE.matcher(line)).find()) {
            f.nonTorchBytes(LogText.gib(m.group(1)));
            return true;
        }
        if (line.contains("[TRT-LLM]") && (m = SEQ_LEN.matcher(line)).find()) {
            f.maxModelLen(LogText.num(m.group(1)));
            return true;
        }
        return false;
    }
}
