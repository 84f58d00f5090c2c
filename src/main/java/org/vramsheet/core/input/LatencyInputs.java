package org.vramsheet.core.input;

import static org.vramsheet.core.input.InputDecl.Kind.COUNT;
import static org.vramsheet.core.input.InputDecl.Kind.ENUM;
import static org.vramsheet.core.input.InputDecl.Kind.LIST;
import static org.vramsheet.core.input.InputDecl.Kind.RATIO;
import static org.vramsheet.core.input.InputDecl.Kind.TEXT;
import static org.vramsheet.core.input.InputDecl.Kind.TOKENS;

import org.vramsheet.core.sheet.LatencyStep;

/** VALIDATION › Measured latency: a probe's streamed workload run and its setup (version 8, issue 29). */
final class LatencyInputs {
    private static final long MS = (long) LatencyStep.MAX;

    private LatencyInputs() { }

    static DeclList of(DeclList d) {
        String p = "validation.latency.";
        d.t(p + "modelId", "Latency measured on: model served", "Задержки измерены на: модель на сервере", TEXT).since(8)
                .t(p + "engine", "Latency measured on: engine", "Задержки измерены на: движок", ENUM).since(8)
                .t(p + "engineVersion", "Latency measured on: engine version", "Задержки измерены на: версия движка", TEXT)
                .since(8)
                .t(p + "gpuName", "Latency measured on: GPU model", "Задержки измерены на: модель GPU", TEXT).since(8)
                .n(p + "gpus", "Latency measured on: GPUs per replica", "Задержки измерены на: GPU в реплике", COUNT, 1,
                        Limits.NODES).since(8)
                .t(p + "weightFormat", "Latency measured on: weight format", "Задержки измерены на: формат весов", ENUM)
                .since(8)
                .t(p + "kvDtype", "Latency measured on: KV-cache dtype", "Задержки измерены на: тип KV-кэша", ENUM).since(8)
                .t(p + "measuredAt", "Latency measured at (UTC)", "Время измерения задержек (UTC)", TEXT).since(8)
                .t(p + "scenario", "Latency run", "Прогон для задержек", TEXT).since(8)
                .n(p + "inputTokens", "Latency run: input tokens", "Прогон для задержек: входные токены", TOKENS, 0,
                        Limits.TOKENS).since(8)
                .n(p + "generatedTokens", "Latency run: generated tokens", "Прогон для задержек: сгенерированные токены",
                        TOKENS, 0, Limits.TOKENS).since(8)
                .t(p + "steps", "Measured latency", "Измеренные задержки", LIST).since(8);
        return steps(d, p + "steps[].");
    }

    private static DeclList steps(DeclList d, String p) {
        return d.n(p + "concurrency", "Concurrency", "Параллельность", COUNT, 1, Limits.SEQUENCES).since(8)
                .n(p + "ttftP50Ms", "TTFT p50 (ms)", "TTFT p50 (мс)", RATIO, 0, MS).since(8)
                .n(p + "ttftP95Ms", "TTFT p95 (ms)", "TTFT p95 (мс)", RATIO, 0, MS).since(8)
                .n(p + "ttftP99Ms", "TTFT p99 (ms)", "TTFT p99 (мс)", RATIO, 0, MS).since(8)
                .n(p + "itlP50Ms", "ITL p50 (ms)", "ITL p50 (мс)", RATIO, 0, MS).since(8)
                .n(p + "itlP95Ms", "ITL p95 (ms)", "ITL p95 (мс)", RATIO, 0, MS).since(8)
                .n(p + "itlP99Ms", "ITL p99 (ms)", "ITL p99 (мс)", RATIO, 0, MS).since(8)
                .n(p + "outputTokensPerSecond", "Output tokens/s", "Выходных токенов/с", RATIO, 0, MS).since(8)
                .n(p + "completed", "Completed", "Завершено", COUNT, 0, Limits.SEQUENCES).since(8)
                .n(p + "failed", "Failed", "Не завершено", COUNT, 0, Limits.SEQUENCES).since(8);
    }
}
