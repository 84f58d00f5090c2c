package org.vramsheet.io.logs;

import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.vramsheet.core.engine.spi.EngineVersion;
import org.vramsheet.core.engine.vllm.VllmModule;
import org.vramsheet.core.validation.Measurement;

/** What a vLLM log says about its workers: each pipeline stage's memory, and the nodes Ray workers ran on. */
final class VllmStages {
    /** v0.19 DEBUG, printed by every worker: "Actual usage is W GiB for weight, A GiB for peak activation, N GiB for non-torch". */
    private static final Pattern V_USAGE = Pattern.compile("Actual usage is ([0-9.]+) ?GiB for weight, ([0-9.]+) ?GiB for peak "
            + "activation, ([0-9.]+) ?GiB for non-torch");
    private static final Pattern RAY_WORKER = Pattern.compile("\\(RayWorkerWrapper pid=\\d+(?:, ip=([0-9A-Fa-f.:]+))?\\)");

    private final Set<String> rayNodes = new TreeSet<>();
    private boolean localRayWorker;
    /** The largest non-KV memory any worker (pipeline stage) reported, with its activation and non-torch parts. */
    private long[] stageMax;
    /** The smallest "Available KV cache memory" any worker printed. */
    private Long minPool;

    /** One worker's usage line: kept when its non-KV memory is the largest so far. */
    boolean usage(String line) {
        Matcher m = V_USAGE.matcher(line);
        if (!m.find()) {
            return false;
        }
        long w = LogText.gib(m.group(1));
        long a = LogText.gib(m.group(2));
        long n = LogText.gib(m.group(3));
        long sum = Math.addExact(Math.addExact(w, a), n); // past a long the line is not read (never wraps)
        if (stageMax == null || sum > stageMax[0]) {
            stageMax = new long[] {sum, a, n};
        }
        return true;
    }

    /** One worker's "Available KV cache memory". */
    void available(long pool) { minPool = minPool == null ? pool : Math.min(minPool, pool); }

    /**
     * Pipeline stages differ (the first holds the embeddings, the last the LM head and the sampler): the engine gives
     * every stage the smallest stage's blocks, so the stage with the most non-KV memory counts. Candidates: each
     * worker's "Actual usage" line and, before v0.21 (no CUDA-graph estimate in the pool), requested - available.
     */
    void largestStage(Measurement.Builder f) {
        if (f.pipelineParallel() == null || f.pipelineParallel() < 2 || f.nonKvBytes() == null) {
            return;
        }
        if (stageMax != null && stageMax[0] > f.nonKvBytes()) {
            f.nonKvBytes(stageMax[0]).activationPeakBytes(stageMax[1]).nonTorchBytes(stageMax[2]);
        }
        EngineVersion v = f.version() == null ? null : EngineVersion.parse(f.version());
        if (f.totalBytes() != null && f.utilization() != null && minPool != null && v != null && !v.atLeast(0, 21)) {
            try {
                long inferred = Math.subtractExact(VllmModule.requestedBytes(f.totalBytes(), f.utilization()), minPool);
                if (inferred > f.nonKvBytes()) {
                    f.nonKvBytes(inferred);
                }
            } catch (ArithmeticException e) {
                // the request does not fit a long (a hostile total x utilization): nothing is inferred
            }
        }
    }

    /** Ray workers print their node's address, except those on the driver's own node: distinct addresses are nodes. */
    void rayWorker(String line) {
        Matcher m = RAY_WORKER.matcher(line);
        if (m.find()) {
            if (m.group(1) != null) {
                rayNodes.add(m.group(1));
            } else {
                localRayWorker = true;
            }
        }
    }

    /** Machines the replica's workers ran on, or null when the log shows no Ray worker addresses. */
    Integer nodes() { return rayNodes.isEmpty() ? null : rayNodes.size() + (localRayWorker ? 1 : 0); }
}
