package org.vramsheet.core.input;

import static org.vramsheet.core.input.InputDecl.Kind.BOOLEAN;
import static org.vramsheet.core.input.InputDecl.Kind.BYTES;
import static org.vramsheet.core.input.InputDecl.Kind.COUNT;
import static org.vramsheet.core.input.InputDecl.Kind.DATE;
import static org.vramsheet.core.input.InputDecl.Kind.DECIMAL;
import static org.vramsheet.core.input.InputDecl.Kind.ENUM;
import static org.vramsheet.core.input.InputDecl.Kind.LIST;
import static org.vramsheet.core.input.InputDecl.Kind.PERCENT;
import static org.vramsheet.core.input.InputDecl.Kind.RATIO;
import static org.vramsheet.core.input.InputDecl.Kind.TEXT;
import static org.vramsheet.core.input.InputDecl.Kind.TOKENS;

import java.util.List;
import org.vramsheet.core.sheet.CacheImplementation;
import org.vramsheet.core.sheet.Engine;
import org.vramsheet.core.sheet.FlashAttention;
import org.vramsheet.core.sheet.ScenarioId;
import org.vramsheet.core.sheet.SignOffStatus;
import org.vramsheet.core.sheet.SpeculativeMethod;
import org.vramsheet.core.sheet.Variants;

/** The declarations of the workloads, RUNTIME, GPU, VALIDATION, RESULT, SIGN-OFF and the variants. */
final class RunInputs {
    private RunInputs() { }

    static List<InputDecl> all() {
        DeclList d = new DeclList();
        for (ScenarioId id : ScenarioId.values()) {
            String p = "workloads." + id.key() + ".";
            d.n(p + "inputTokens", "Input tokens", "Входные токены", TOKENS, 0, Limits.TOKENS).is(0L)
                    .n(p + "generatedTokens", "Expected generated tokens", "Ожидаемые сгенерированные токены",
                            TOKENS, 0,
                            Limits.TOKENS).is(0L)
                    .n(p + "concurrentSequences", "Concurrent active sequences",
                            "Одновременно активные последовательности", COUNT, 1,
                            Limits.SEQUENCES).is(0L)
                    .n(p + "sequenceLengths", "Sequence lengths", "Длины последовательностей", LIST, 1,
                            Limits.TOKENS).is(List.of())
                    .n(p + "sharedPrefixTokens", "Shared prefix tokens", "Общий префикс (токены)", TOKENS, 0,
                            Limits.TOKENS);
        }
        addedInTen(addedInNine(speculative(performanceAddedIn10(performance(ollamaAddedIn9(ollama(llamaCpp(runtime(d)))))))))
                .t("gpu.name", "GPU model", "Модель GPU", TEXT).is("")
                .n("gpu.count", "Count", "Количество", COUNT, 1, Limits.GPUS).is(1)
                .n("gpu.totalBytes", "CUDA-visible memory per GPU", "Память на GPU, видимая CUDA", BYTES,
                        Limits.GPU_MIN_BYTES,
                        Limits.GPU_BYTES);
        unifiedMemory(d);
        gpuSpeed(d);
        validation(d);
        LatencyInputs.of(devices(setup(d)))
                .n("result.headroomBytes", "Operational headroom", "Операционный запас", BYTES, 0, Limits.BYTES).is(0L)
                .t("result.sizingScenario", "Scenario that sizes the budget", "Сценарий, задающий бюджет",
                        ENUM).is(ScenarioId.LIMIT)
                .n("result.contextLength", "Context length for concurrency", "Контекст для параллельности", TOKENS,
                        1, Limits.TOKENS)
                .n("result.targetSequences", "Target concurrent sequences (fleet)",
                        "Целевая параллельность (парк)", COUNT, 1,
                        Limits.SEQUENCES);
        sla(d);
        return signOff(d).list;
    }

    private static DeclList runtime(DeclList d) {
        return d.t("runtime.engine", "Engine", "Движок", ENUM).is(Engine.byDefault())
                .t("runtime.engineVersion", "Version", "Версия", TEXT).is("")
                .t("runtime.cacheImplementation", "Cache implementation", "Реализация кэша",
                        ENUM).is(CacheImplementation.DEFAULT)
                .n("runtime.tensorParallel", "Tensor parallel size", "Tensor parallel", COUNT, 1, Limits.PARALLEL).is(1)
                .n("runtime.pipelineParallel", "Pipeline parallel size", "Pipeline parallel", COUNT, 1, Limits.PARALLEL).is(1)
                .n("runtime.dataParallel", "Data parallel size", "Data parallel", COUNT, 1, Limits.GPUS).is(1)
                .n("runtime.nodes", "Nodes one replica spans", "Узлы одной реплики", COUNT, 1, Limits.NODES).is(1).since(3)
                .n("runtime.utilization", "Memory utilization / fraction", "Доля памяти (utilization)", RATIO, 0, 1)
                .n("runtime.blockSize", "Block size", "Размер блока", TOKENS, 1, 1 << 16)
                .n("runtime.maxModelLen", "Max model length", "Макс. длина модели", TOKENS, 1, Limits.TOKENS)
                .t("runtime.prefixCaching", "Prefix caching", "Кэширование префиксов", BOOLEAN).is(false)
                .n("runtime.maxNumBatchedTokens", "Max batched tokens", "Макс. токенов в батче", TOKENS, 1, Limits.TOKENS)
                .n("runtime.maxNumSeqs", "Max sequences (slots / batch)",
                        "Макс. последовательностей (слоты / батч)", COUNT, 1, 1_000_000)
                .n("runtime.activationPeakBytes", "Activation peak (empty: estimate)",
                        "Пик активаций (пусто: оценка)", BYTES, 0,
                        Limits.BYTES).emptySince(3)
                .n("runtime.nonTorchBytes", "Non-torch / framework memory (empty: estimate)",
                        "Память вне torch / фреймворка (пусто: оценка)", BYTES, 0, Limits.BYTES).emptySince(3)
                .n("runtime.cudaGraphBytes", "CUDA graph memory (empty: estimate)", "Память CUDA graphs (пусто: оценка)",
                        BYTES, 0,
                        Limits.BYTES).emptySince(3)
                .n("runtime.fragmentationPercent", "Fragmentation allowance", "Запас на фрагментацию", PERCENT, 0,
                        100).is(0.0)
                .t("runtime.cudaGraphsInPool", "CUDA graphs taken from the KV pool", "CUDA graphs из KV-пула", BOOLEAN)
                .n("runtime.kvCacheMemoryBytes", "KV cache memory (vLLM --kv-cache-memory)",
                        "Память KV-кэша (vLLM --kv-cache-memory)",
                        BYTES, 1, Limits.BYTES);
    }

    /** RUNTIME's llama.cpp launch flags (version 6); empty: llama.cpp's own defaults (LlamaCppSettings). */
    private static DeclList llamaCpp(DeclList d) {
        String p = "runtime.llamaCpp.";
        return d.n(p + "gpuLayers", "GPU layers (-ngl)", "Слоёв на GPU (-ngl)", COUNT, 0, Limits.LAYERS).since(6)
                .n(p + "tensorSplit", "Tensor split (--tensor-split)", "Доли GPU (--tensor-split)", LIST, 0, Limits.SPLIT)
                        .is(List.of()).since(6)
                .t(p + "cacheTypeV", "V cache type (-ctv)", "Тип V-кэша (-ctv)", ENUM).since(6)
                .t(p + "kvUnified", "Unified KV cache (--kv-unified)", "Единый KV-кэш (--kv-unified)", BOOLEAN).is(false)
                        .since(6)
                .t(p + "flashAttention", "Flash attention (-fa)", "Flash attention (-fa)", ENUM).is(FlashAttention.AUTO)
                        .since(6)
                .n(p + "ubatch", "Micro-batch (-ub)", "Микробатч (-ub)", TOKENS, 1, Limits.TOKENS).since(6)
                .n(p + "batch", "Batch (-b)", "Батч (-b)", TOKENS, 1, Limits.TOKENS).since(6)
                .t(p + "noKvOffload", "KV cache in host memory (--no-kv-offload)", "KV-кэш в памяти хоста (--no-kv-offload)",
                        BOOLEAN).is(false).since(6);
    }

    /** RUNTIME › Ollama settings (version 7); empty: the release's default (OllamaSettings, core.engine.ollama). */
    private static DeclList ollama(DeclList d) {
        String p = "runtime.ollama.";
        return d.n(p + "numCtx", "num_ctx (Modelfile / request)", "num_ctx (Modelfile / запрос)", TOKENS, 1, Limits.TOKENS)
                        .since(7)
                .n(p + "contextLength", "OLLAMA_CONTEXT_LENGTH", "OLLAMA_CONTEXT_LENGTH", TOKENS, 0, Limits.TOKENS).since(7)
                .n(p + "numParallel", "OLLAMA_NUM_PARALLEL", "OLLAMA_NUM_PARALLEL", COUNT, 1, Limits.SEQUENCES).since(7)
                .t(p + "kvCacheType", "OLLAMA_KV_CACHE_TYPE", "OLLAMA_KV_CACHE_TYPE", ENUM).since(7)
                .t(p + "flashAttention", "OLLAMA_FLASH_ATTENTION", "OLLAMA_FLASH_ATTENTION", BOOLEAN).since(7)
                .n(p + "numGpu", "num_gpu (layers on the GPUs)", "num_gpu (слоёв на GPU)", COUNT, 0, Limits.LAYERS).since(7);
    }

    // ---- added in version 9 (issue 28): the merger sums these blocks into the one version 9 ----

    /** RUNTIME › Ollama settings added in version 9: OLLAMA_GPU_OVERHEAD (empty: unset, 0 B). */
    private static DeclList ollamaAddedIn9(DeclList d) {
        return d.n("runtime.ollama.gpuOverheadBytes", "OLLAMA_GPU_OVERHEAD (per GPU)", "OLLAMA_GPU_OVERHEAD (на GPU)", BYTES, 0,
                Limits.BYTES).since(9);
    }

    /** RUNTIME › Latency estimate (version 8): the utilizations; empty: the calibrated defaults (core.perf.Utilizations). */
    private static DeclList performance(DeclList d) {
        String p = "runtime.performance.";
        return d.n(p + "memoryBandwidthUtilization", "Memory-bandwidth utilization (empty: calibrated)",
                        "Доля полосы памяти (пусто: калибровка)", RATIO, 0, 1).since(8)
                .n(p + "computeUtilization", "Compute utilization (empty: calibrated)",
                        "Доля вычислений (пусто: калибровка)", RATIO, 0, 1).since(8)
                .n(p + "allReduceLatencyUs", "All-reduce latency, us (empty: calibrated)",
                        "Задержка all-reduce, мкс (пусто: калибровка)", DECIMAL, 0, 10_000).since(8)
                .n(p + "prefillOverheadMs", "First-token overhead, ms (empty: calibrated)",
                        "Накладные первого токена, мс (пусто: калибровка)", DECIMAL, 0, 100_000).since(8);
    }

    /** RUNTIME › Latency estimate (version 10, i29-acc2): the decode step's and the prefill all-reduce's fixed costs. */
    private static DeclList performanceAddedIn10(DeclList d) {
        String p = "runtime.performance.";
        return d.n(p + "stepOverheadMs", "Decode step overhead, ms (empty: calibrated)",
                        "Накладные шага декодирования, мс (пусто: калибровка)", DECIMAL, 0, 100_000).since(10)
                .n(p + "prefillAllReduceLatencyUs", "Prefill all-reduce latency, us (empty: calibrated)",
                        "Задержка all-reduce префилла, мкс (пусто: калибровка)", DECIMAL, 0, 100_000).since(10);
    }

    // ---- added in schema version 10 (issue 30 point 7: unified memory) ----

    /** GPU › Unified memory (version 10): an Apple silicon Mac's RAM and macOS's iogpu.wired_limit_mb; empty: none. */
    private static DeclList unifiedMemory(DeclList d) {
        return d.n("gpu.unifiedRamBytes", "Unified memory (Mac RAM)", "Единая память (RAM Mac)", BYTES, Limits.GPU_MIN_BYTES,
                        Limits.GPU_BYTES).since(10)
                .n("gpu.wiredLimitMb", "iogpu.wired_limit_mb in MiB (0 = macOS default)",
                        "iogpu.wired_limit_mb в МиБ (0 = по умолчанию macOS)", COUNT, 0, Limits.GPU_BYTES / (1L << 20)).since(10);
    }

    /** GPU › Performance (version 8): a catalog GPU's datasheet figures, or a custom GPU's typed ones. */
    private static DeclList gpuSpeed(DeclList d) {
        String p = "gpu.performance.";
        return d.n(p + "bandwidthGbPerS", "Memory bandwidth (GB/s)", "Полоса памяти (ГБ/с)", DECIMAL, 0, 100_000).since(8)
                .n(p + "bf16Tflops", "BF16 dense TFLOPS", "BF16 TFLOPS (плотные)", DECIMAL, 0, 100_000).since(8)
                .n(p + "fp8Tflops", "FP8 dense TFLOPS", "FP8 TFLOPS (плотные)", DECIMAL, 0, 100_000).since(8)
                .n(p + "fp4Tflops", "FP4 dense TFLOPS", "FP4 TFLOPS (плотные)", DECIMAL, 0, 100_000).since(8)
                .n(p + "linkGbPerS", "Interconnect (GB/s)", "Межсоединение (ГБ/с)", DECIMAL, 0, 100_000).since(8)
                .t(p + "link", "Interconnect kind", "Тип межсоединения", TEXT).since(8)
                .t(p + "source", "Performance source", "Источник производительности", TEXT).since(8);
    }

    /** RESULT › Service-level targets and price (version 8). */
    private static DeclList sla(DeclList d) {
        return d.n("result.sla.ttftMs", "Target TTFT (ms)", "Целевой TTFT (мс)", DECIMAL, 0, 10_000_000).since(8)
                .t("result.sla.ttftPercentile", "TTFT percentile", "Перцентиль TTFT", ENUM).since(8)
                .n("result.sla.itlMs", "Target ITL (ms per token)", "Целевой ITL (мс на токен)", DECIMAL, 0, 10_000_000)
                        .since(8)
                .n("result.sla.tokensPerSecondPerUser", "Target output tokens/s per user",
                        "Целевые выходные токены/с на пользователя", DECIMAL, 0, 10_000_000).since(8)
                .n("result.pricePerGpuHour", "Price per GPU-hour (any currency)",
                        "Цена за GPU-час (любая валюта)", DECIMAL, 0, 1_000_000).since(8);
    }

    /** RUNTIME › Speculative decoding (version 8): the method, K and the draft as imported; none by default. */
    private static DeclList speculative(DeclList d) {
        String p = "runtime.speculative.";
        return d.t(p + "method", "Speculative decoding", "Спекулятивное декодирование", ENUM).is(SpeculativeMethod.NONE)
                        .since(8)
                .n(p + "tokens", "Speculative tokens K", "Спекулятивные токены K", COUNT, 1, Limits.SPECULATIVE_TOKENS).since(8)
                .t(p + "draftModel", "Draft model", "Черновая модель", TEXT).is("").since(8)
                .n(p + "draftWeightsBytes", "Draft weights", "Веса черновой модели", BYTES, 0, Limits.BYTES).since(8)
                .n(p + "draftLayers", "Draft KV layers", "Слои KV черновой модели", COUNT, 0, Limits.LAYERS).since(8)
                .n(p + "draftKvHeads", "Draft KV heads", "KV-головы черновой модели", COUNT, 1, Limits.HEADS).since(8)
                .n(p + "draftHeadDim", "Draft head dimension", "Размер головы черновой модели", COUNT, 1, Limits.HEAD_SIZE)
                        .since(8)
                .n(p + "draftTensorParallel", "Draft tensor parallel size", "Tensor parallel черновой модели", COUNT, 1,
                        Limits.PARALLEL).since(8);
    }

    // ---- added in schema version 9 (issue 30 points 2, 3, 6: LoRA, KV offload to CPU, prefix sharing) ----

    /** The inputs version 9 added: LoRA adapters, KV offload to CPU memory and the node's host RAM, the prefix share. */
    private static DeclList addedInNine(DeclList d) {
        String l = "runtime.lora.";
        d.n(l + "maxLoras", "Max LoRAs on the GPU", "Макс. LoRA на GPU", COUNT, 1, Limits.LORAS).since(9)
                .n(l + "maxRank", "Max LoRA rank", "Макс. ранг LoRA", COUNT, 1, Limits.LORA_RANK).since(9)
                .t(l + "targetModules", "LoRA target modules", "Целевые модули LoRA", TEXT).is("").since(9)
                .t(l + "dtype", "LoRA dtype", "Тип данных LoRA", ENUM).since(9)
                .n(l + "maxCpuLoras", "Max LoRAs in host RAM", "Макс. LoRA в памяти хоста", COUNT, 1, Limits.CPU_LORAS)
                        .since(9)
                .n(l + "intermediateSize", "MLP intermediate size", "Промежуточный размер MLP", COUNT, 1, Limits.WIDTH)
                        .since(9);
        String o = "runtime.offload.";
        d.n(o + "cpuBytes", "KV offload to CPU", "Выгрузка KV в память CPU", BYTES, 1, Limits.BYTES).since(9)
                .n(o + "cpuRatio", "KV offload ratio (SGLang hicache)", "Доля выгрузки KV (SGLang hicache)", DECIMAL, 0,
                        Limits.OFFLOAD_RATIO).since(9)
                .n(o + "nodeHostRamBytes", "Host RAM per node", "Память хоста на узел", BYTES, Limits.GPU_MIN_BYTES, Limits.BYTES).since(9);
        for (ScenarioId id : ScenarioId.values()) {
            d.n("workloads." + id.key() + ".sharedPrefixShare", "Share of sequences with the prefix",
                    "Доля последовательностей с префиксом", RATIO, 0, 1).since(9);
        }
        return d;
    }

    // ---- added in schema version 10 (issue 30 point 4: expert parallel and data-parallel attention) ----

    /** The inputs version 10 added for a mixture of experts: expert parallel and the attention data-parallel ranks. */
    private static DeclList addedInTen(DeclList d) {
        String e = "runtime.expert.";
        return d.t(e + "enabled", "Expert parallel (vLLM --enable-expert-parallel, SGLang --ep-size)",
                        "Параллелизм экспертов (vLLM --enable-expert-parallel, SGLang --ep-size)", BOOLEAN).is(false).since(10)
                .n(e + "dataParallel", "Attention data-parallel ranks (vLLM --data-parallel-size, SGLang --dp-size)",
                        "Ранги внимания с параллелизмом данных (vLLM --data-parallel-size, SGLang --dp-size)", COUNT, 1,
                        Limits.PARALLEL).since(10);
    }

    private static DeclList signOff(DeclList d) {
        return d.t("signOff.preparedBy", "Prepared by", "Подготовил", TEXT).is("")
                .t("signOff.preparedOn", "Prepared on", "Дата подготовки", DATE).is("")
                .t("signOff.reviewedBy", "Reviewed by", "Проверил", TEXT).is("")
                .t("signOff.reviewedOn", "Reviewed on", "Дата проверки", DATE).is("")
                .t("signOff.approvedBy", "Approved by", "Утвердил", TEXT).is("")
                .t("signOff.approvedOn", "Approved on", "Дата утверждения", DATE).is("")
                .t("signOff.status", "Status", "Статус", ENUM).is(SignOffStatus.DRAFT)
                .t("signOff.approvedFingerprint", "Approved content", "Утверждённое содержимое", TEXT).is("").since(2)
                .t("signOff.history", "Earlier approval", "Прежнее утверждение", LIST).is(List.of()).since(2)
                .t("signOff.history[].approvedBy", "Approved by", "Утвердил", TEXT).is("").since(2)
                .t("signOff.history[].approvedOn", "Approved on", "Дата утверждения", DATE).is("").since(2)
                .t("signOff.history[].fingerprint", "For content", "Для содержимого", TEXT).is("").since(2)
                .t("signOff.history[].reopenedOn", "Reopened as Draft on", "Возвращён в черновик", DATE).is("").since(2)
                .t("variants", "Variants", "Варианты", LIST).is(Variants.none()).since(4);
    }

    /** VALIDATION › Measured on: the setup the measurements were measured on (version 5). */
    static DeclList setup(DeclList d) {
        return d
                .t("validation.setup.modelId", "Measured on: model ID", "Измерено на: модель", TEXT).since(5)
                .t("validation.setup.revision", "Measured on: model revision",
                        "Измерено на: ревизия модели", TEXT).since(5)
                .t("validation.setup.weightFormat", "Measured on: weight format",
                        "Измерено на: формат весов", ENUM).since(5)
                .n("validation.setup.weightBytes", "Measured on: weights",
                        "Измерено на: веса", BYTES, 0, Limits.BYTES).since(5)
                .t("validation.setup.kvDtype", "Measured on: KV-cache dtype", "Измерено на: тип KV-кэша", ENUM).since(5)
                .t("validation.setup.engine", "Measured on: engine", "Измерено на: движок", ENUM).since(5)
                .t("validation.setup.engineVersion", "Measured on: engine version",
                        "Измерено на: версия движка", TEXT).since(5)
                .t("validation.setup.gpuName", "Measured on: GPU model", "Измерено на: модель GPU", TEXT).since(5)
                .n("validation.setup.gpuTotalBytes", "Measured on: memory per GPU", "Измерено на: память GPU", BYTES,
                        Limits.GPU_MIN_BYTES, Limits.GPU_BYTES).since(5)
                .n("validation.setup.tensorParallel", "Measured on: tensor parallel", "Измерено на: TP", COUNT, 1, Limits.NODES)
                        .since(5)
                .n("validation.setup.pipelineParallel", "Measured on: pipeline parallel", "Измерено на: PP", COUNT, 1,
                        Limits.NODES).since(5)
                .n("validation.setup.utilization", "Measured on: memory fraction",
                        "Измерено на: доля памяти", RATIO, 0, 1)
                        .since(5)
                .n("validation.setup.maxModelLen", "Measured on: max model length", "Измерено на: max model length", TOKENS, 1,
                        Limits.TOKENS).since(5)
                .n("validation.setup.blockSize", "Measured on: block size", "Измерено на: размер блока", TOKENS, 1,
                        Limits.TOKENS).since(5)
                .t("validation.setup.date", "Measured on: date", "Измерено: дата", DATE).since(5)
                .t("validation.setup.launch", "Measured on: launch", "Измерено на: запуск", TEXT).since(8);
    }

    /** VALIDATION › Measured per device: the buffers an engine log printed per device (version 8, MeasuredDevice). */
    static DeclList devices(DeclList d) {
        String p = "validation.devices[].";
        return d.t("validation.devices", "Measured per device", "Измерено по устройствам", LIST).is(List.of()).since(8)
                .t(p + "device", "Device", "Устройство", TEXT).since(8)
                .t(p + "name", "Log's name", "Имя в логе", TEXT).since(8)
                .n(p + "modelBytes", "Model buffer", "Буфер модели", BYTES, 0, Limits.BYTES).since(8)
                .n(p + "kvBytes", "KV buffer", "Буфер KV", BYTES, 0, Limits.BYTES).since(8)
                .n(p + "stateBytes", "Recurrent-state buffer", "Буфер рекуррентного состояния", BYTES, 0, Limits.BYTES).since(8)
                .n(p + "contextBytes", "Context (KV and recurrent state)", "Контекст (KV и рекуррентное состояние)", BYTES, 0,
                        Limits.BYTES).since(8)
                .n(p + "computeBytes", "Compute buffer", "Буфер вычислений", BYTES, 0, Limits.BYTES).since(8)
                .n(p + "outputBytes", "Output buffer", "Выходной буфер", BYTES, 0, Limits.BYTES).since(8)
                .n("validation.offloadedLayers", "Measured: layers offloaded to GPUs", "Измерено: слоёв выгружено на GPU",
                        COUNT, 0, Limits.LAYERS).since(8);
    }

    /** VALIDATION: what the engine reported. */
    private static DeclList validation(DeclList d) {
        return d
                .n("validation.measuredNonKvBytes", "Measured non-KV footprint", "Измеренная non-KV память", BYTES, 1,
                        Limits.BYTES)
                .n("validation.allocatedKvBytes", "Allocated KV memory", "Выделенная KV-память", BYTES, 0, Limits.BYTES)
                .n("validation.kvCapacityTokens", "KV capacity in tokens", "Ёмкость KV в токенах", TOKENS, 0,
                        Limits.CAPACITY_TOKENS)
                .n("validation.measuredPeakBytes", "Measured peak VRAM", "Измеренный пик VRAM", BYTES, 1, Limits.BYTES)
                .n("validation.preemptionSequences", "Preemption/OOM boundary", "Граница preemption/OOM", COUNT, 1, Limits.SEQUENCES)
                .t("validation.notes", "Notes", "Заметки", TEXT).is("")
                .n("validation.predictedNonKvBytes", "Predicted before launch: non-KV per GPU",
                        "Прогноз до запуска: не-KV на GPU",
                        BYTES, 0, Limits.BYTES).since(2)
                .n("validation.predictedKvPoolBytes", "Predicted before launch: KV pool per GPU",
                        "Прогноз до запуска: KV-пул на GPU",
                        BYTES, 0, Limits.BYTES).since(2)
                .n("validation.predictedKvCapacityTokens", "Predicted before launch: KV capacity",
                        "Прогноз до запуска: ёмкость KV",
                        TOKENS, 0, Limits.CAPACITY_TOKENS).since(2)
                .n("validation.measuredOnGpus", "Measured on (GPUs per replica)", "Измерено на (GPU в реплике)", COUNT, 1,
                        Limits.NODES).since(2)
                .n("validation.measuredActivationPeakBytes", "Measured activation peak per GPU",
                        "Измеренный пик активаций на GPU",
                        BYTES, 0, Limits.BYTES).since(3)
                .n("validation.measuredNonTorchBytes", "Measured non-torch memory per GPU",
                        "Измеренная память вне torch на GPU", BYTES,
                        0, Limits.BYTES).since(3)
                .n("validation.measuredCudaGraphBytes", "Measured CUDA graphs per GPU", "Измеренные CUDA graphs на GPU", BYTES,
                        0,
                        Limits.BYTES).since(3);
    }
}
