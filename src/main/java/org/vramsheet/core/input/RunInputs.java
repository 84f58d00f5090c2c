package org.vramsheet.core.input;

import static org.vramsheet.core.input.InputDecl.Kind.BOOLEAN;
import static org.vramsheet.core.input.InputDecl.Kind.BYTES;
import static org.vramsheet.core.input.InputDecl.Kind.COUNT;
import static org.vramsheet.core.input.InputDecl.Kind.DATE;
import static org.vramsheet.core.input.InputDecl.Kind.ENUM;
import static org.vramsheet.core.input.InputDecl.Kind.LIST;
import static org.vramsheet.core.input.InputDecl.Kind.PERCENT;
import static org.vramsheet.core.input.InputDecl.Kind.RATIO;
import static org.vramsheet.core.input.InputDecl.Kind.TEXT;
import static org.vramsheet.core.input.InputDecl.Kind.TOKENS;

import java.util.List;
import org.vramsheet.core.sheet.CacheImplementation;
import org.vramsheet.core.sheet.Engine;
import org.vramsheet.core.sheet.ScenarioId;
import org.vramsheet.core.sheet.SignOffStatus;
import org.vramsheet.core.sheet.Variants;

/** The declarations of the workloads, RUNTIME, GPU, VALIDATION, RESULT, SIGN-OFF and the variants. */
final class RunInputs {
    private RunInputs() { }

    static List<InputDecl> all() {
        DeclList d = new DeclList();
        for (ScenarioId id : ScenarioId.values()) {
            String p = "workloads." + id.key() + ".";
            d.n(p + "inputTokens", "Input tokens", "Входные токены", TOKENS, 0, Limits.TOKENS, 0L, 1)
                    .n(p + "generatedTokens", "Expected generated tokens", "Ожидаемые сгенерированные токены", TOKENS, 0,
                            Limits.TOKENS, 0L, 1)
                    .n(p + "concurrentSequences", "Concurrent active sequences", "Одновременно активные последовательности",
                            COUNT, 1, Limits.SEQUENCES, 0L, 1)
                    .add(p + "sequenceLengths", "Sequence lengths", "Длины последовательностей", LIST, 1, Limits.TOKENS,
                            List.of(), 1, 1)
                    .n(p + "sharedPrefixTokens", "Shared prefix tokens", "Общий префикс (токены)", TOKENS, 0, Limits.TOKENS,
                            null, 1);
        }
        return runtime(d)
                .t("gpu.name", "GPU model", "Модель GPU", TEXT, "", 1)
                .n("gpu.count", "Count", "Количество", COUNT, 1, Limits.GPUS, 1, 1)
                .n("gpu.totalBytes", "CUDA-visible memory per GPU", "Память на GPU, видимая CUDA", BYTES, Limits.GPU_MIN_BYTES,
                        Limits.GPU_BYTES, null, 1)
                .n("validation.measuredNonKvBytes", "Measured non-KV footprint", "Измеренная non-KV память", BYTES, 1,
                        Limits.BYTES, null, 1)
                .n("validation.allocatedKvBytes", "Allocated KV memory", "Выделенная KV-память", BYTES, 0, Limits.BYTES, null, 1)
                .n("validation.kvCapacityTokens", "KV capacity in tokens", "Ёмкость KV в токенах", TOKENS, 0,
                        Limits.CAPACITY_TOKENS, null, 1)
                .n("validation.measuredPeakBytes", "Measured peak VRAM", "Измеренный пик VRAM", BYTES, 1, Limits.BYTES, null, 1)
                .n("validation.preemptionSequences", "Preemption/OOM boundary", "Граница preemption/OOM", COUNT, 1,
                        Limits.SEQUENCES, null, 1)
                .t("validation.notes", "Notes", "Заметки", TEXT, "", 1)
                .n("validation.predictedNonKvBytes", "Predicted before launch: non-KV per GPU",
                        "Прогноз до запуска: не-KV на GPU", BYTES, 0, Limits.BYTES, null, 2)
                .n("validation.predictedKvPoolBytes", "Predicted before launch: KV pool per GPU",
                        "Прогноз до запуска: KV-пул на GPU", BYTES, 0, Limits.BYTES, null, 2)
                .n("validation.predictedKvCapacityTokens", "Predicted before launch: KV capacity",
                        "Прогноз до запуска: ёмкость KV", TOKENS, 0, Limits.CAPACITY_TOKENS, null, 2)
                .n("validation.measuredOnGpus", "Measured on (GPUs per replica)", "Измерено на (GPU в реплике)", COUNT, 1,
                        Limits.NODES, null, 2)
                .n("validation.measuredActivationPeakBytes", "Measured activation peak per GPU",
                        "Измеренный пик активаций на GPU", BYTES, 0, Limits.BYTES, null, 3)
                .n("validation.measuredNonTorchBytes", "Measured non-torch memory per GPU",
                        "Измеренная память вне torch на GPU", BYTES, 0, Limits.BYTES, null, 3)
                .n("validation.measuredCudaGraphBytes", "Measured CUDA graphs per GPU", "Измеренные CUDA graphs на GPU",
                        BYTES, 0, Limits.BYTES, null, 3)
                .n("result.headroomBytes", "Operational headroom", "Операционный запас", BYTES, 0, Limits.BYTES, 0L, 1)
                .t("result.sizingScenario", "Scenario that sizes the budget", "Сценарий, задающий бюджет", ENUM,
                        ScenarioId.LIMIT, 1)
                .n("result.contextLength", "Context length for concurrency", "Контекст для параллельности", TOKENS, 1,
                        Limits.TOKENS, null, 1)
                .n("result.targetSequences", "Target concurrent sequences (fleet)", "Целевая параллельность (парк)", COUNT, 1,
                        Limits.SEQUENCES, null, 1)
                .t("signOff.preparedBy", "Prepared by", "Подготовил", TEXT, "", 1)
                .t("signOff.preparedOn", "Prepared on", "Дата подготовки", DATE, "", 1)
                .t("signOff.reviewedBy", "Reviewed by", "Проверил", TEXT, "", 1)
                .t("signOff.reviewedOn", "Reviewed on", "Дата проверки", DATE, "", 1)
                .t("signOff.approvedBy", "Approved by", "Утвердил", TEXT, "", 1)
                .t("signOff.approvedOn", "Approved on", "Дата утверждения", DATE, "", 1)
                .t("signOff.status", "Status", "Статус", ENUM, SignOffStatus.DRAFT, 1)
                .t("signOff.approvedFingerprint", "Approved content", "Утверждённое содержимое", TEXT, "", 2)
                .t("signOff.history", "Earlier approval", "Прежнее утверждение", LIST, List.of(), 2)
                .t("signOff.history[].approvedBy", "Approved by", "Утвердил", TEXT, "", 2)
                .t("signOff.history[].approvedOn", "Approved on", "Дата утверждения", DATE, "", 2)
                .t("signOff.history[].fingerprint", "For content", "Для содержимого", TEXT, "", 2)
                .t("signOff.history[].reopenedOn", "Reopened as Draft on", "Возвращён в черновик", DATE, "", 2)
                .t("variants", "Variants", "Варианты", LIST, Variants.none(), 4)
                .list;
    }

    private static DeclList runtime(DeclList d) {
        return d.t("runtime.engine", "Engine", "Движок", ENUM, Engine.VLLM, 1)
                .t("runtime.engineVersion", "Version", "Версия", TEXT, "", 1)
                .t("runtime.cacheImplementation", "Cache implementation", "Реализация кэша", ENUM, CacheImplementation.DEFAULT, 1)
                .n("runtime.tensorParallel", "Tensor parallel size", "Tensor parallel", COUNT, 1, Limits.PARALLEL, 1, 1)
                .n("runtime.pipelineParallel", "Pipeline parallel size", "Pipeline parallel", COUNT, 1, Limits.PARALLEL, 1, 1)
                .n("runtime.dataParallel", "Data parallel size", "Data parallel", COUNT, 1, Limits.GPUS, 1, 1)
                .n("runtime.nodes", "Nodes one replica spans", "Узлы одной реплики", COUNT, 1, Limits.NODES, 1, 3)
                .n("runtime.utilization", "Memory utilization / fraction", "Доля памяти (utilization)", RATIO, 0, 1, null, 1)
                .n("runtime.blockSize", "Block size", "Размер блока", TOKENS, 1, 1 << 16, null, 1)
                .n("runtime.maxModelLen", "Max model length", "Макс. длина модели", TOKENS, 1, Limits.TOKENS, null, 1)
                .t("runtime.prefixCaching", "Prefix caching", "Кэширование префиксов", BOOLEAN, false, 1)
                .n("runtime.maxNumBatchedTokens", "Max batched tokens", "Макс. токенов в батче", TOKENS, 1, Limits.TOKENS, null, 1)
                .n("runtime.maxNumSeqs", "Max sequences (slots / batch)", "Макс. последовательностей (слоты / батч)", COUNT, 1,
                        1_000_000, null, 1)
                .add("runtime.activationPeakBytes", "Activation peak (empty: estimate)", "Пик активаций (пусто: оценка)", BYTES,
                        0, Limits.BYTES, null, 1, 3)
                .add("runtime.nonTorchBytes", "Non-torch / framework memory (empty: estimate)",
                        "Память вне torch / фреймворка (пусто: оценка)", BYTES, 0, Limits.BYTES, null, 1, 3)
                .add("runtime.cudaGraphBytes", "CUDA graph memory (empty: estimate)", "Память CUDA graphs (пусто: оценка)", BYTES,
                        0, Limits.BYTES, null, 1, 3)
                .n("runtime.fragmentationPercent", "Fragmentation allowance", "Запас на фрагментацию", PERCENT, 0, 100, 0.0, 1)
                .t("runtime.cudaGraphsInPool", "CUDA graphs taken from the KV pool", "CUDA graphs из KV-пула", BOOLEAN, null, 1)
                .n("runtime.kvCacheMemoryBytes", "KV cache memory (vLLM --kv-cache-memory)",
                        "Память KV-кэша (vLLM --kv-cache-memory)", BYTES, 1, Limits.BYTES, null, 1);
    }
}
