package org.vramsheet.io.logs;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** What a log says about its workers: each pipeline stage's memory, and the nodes Ray workers ran on. */
final class StageReader {
    private StageReader() { }

    /** v0.19 DEBUG, printed by every worker: "Actual usage is W GiB for weight, A GiB for peak activation, N GiB for non-torch". */
    private static final Pattern V_USAGE = Pattern.compile("Actual usage is ([0-9.]+) ?GiB for weight, ([0-9.]+) ?GiB for peak "
            + "activation, ([0-9.]+) ?GiB for non-torch");

    /** One worker's usage line: kept when its non-KV memory is the largest so far. */
    static boolean usage(String line, EngineLogParser.Found f) {
        Matcher m = V_USAGE.matcher(line);
        if (!m.find()) {
            return false;
        }
        long w = EngineLogParser.gib(m.group(1));
        long a = EngineLogParser.gib(m.group(2));
        long n = EngineLogParser.gib(m.group(3));
        if (f.stageMax == null || w + a + n > f.stageMax[0]) {
            f.stageMax = new long[] {w + a + n, a, n};
        }
        return true;
    }

    /**
     * Pipeline stages differ (the first holds the embeddings, the last the LM head and the sampler): the engine gives
     * every stage the smallest stage's blocks, so the stage with the most non-KV memory counts. Candidates: each
     * worker's "Actual usage" line and, before v0.21 (no CUDA-graph estimate in the pool), requested - available.
     */
    static void largestStage(EngineLogParser.Found f) {
        if (f.pp == null || f.pp < 2 || f.nonKv == null) {
            return;
        }
        if (f.stageMax != null && f.stageMax[0] > f.nonKv) {
            f.nonKv = f.stageMax[0];
            f.act = f.stageMax[1];
            f.nonTorch = f.stageMax[2];
        }
        org.vramsheet.core.engine.spi.EngineVersion v = f.version == null ? null : org.vramsheet.core.engine.spi.EngineVersion.parse(f.version);
        if (f.total != null && f.util != null && f.minPool != null && v != null && !v.atLeast(0, 21)) {
            long requested = new java.math.BigDecimal(f.total).multiply(java.math.BigDecimal.valueOf(f.util))
                    .setScale(0, java.math.RoundingMode.CEILING).longValueExact();
            long inferred = requested - f.minPool;
            if (inferred > f.nonKv) {
                f.nonKv = inferred;
            }
        }
    }

    static final Pattern RAY_WORKER = Pattern.compile("\\(RayWorkerWrapper pid=\\d+(?:, ip=([0-9A-Fa-f.:]+))?\\)");

    /** Ray workers print their node's address, except those on the driver's own node: distinct addresses are nodes. */
    static void rayWorker(String line, EngineLogParser.Found f) {
        Matcher m = RAY_WORKER.matcher(line);
        if (m.find()) {
            if (m.group(1) != null) {
                f.rayNodes.add(m.group(1));
            } else {
                f.localRayWorker = true;
            }
        }
    }
}
