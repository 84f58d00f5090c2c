package org.vramsheet.report;

import static org.vramsheet.report.XlsxReport.num;

import java.util.Arrays;
import org.apache.poi.ss.usermodel.Row;
import org.apache.poi.xssf.usermodel.XSSFCell;
import org.vramsheet.core.kv.KvGeometry;
import org.vramsheet.core.engine.EngineDefaults;
import org.vramsheet.core.result.Figure;
import org.vramsheet.core.result.FigureKey;
import org.vramsheet.core.sheet.AttentionKind;
import org.vramsheet.core.sheet.Engine;
import org.vramsheet.core.sheet.KvArchitecture;
import org.vramsheet.core.sheet.LayerWindow;
import org.vramsheet.core.sheet.RuntimeSettings;
import org.vramsheet.core.sheet.Scenario;
import org.vramsheet.core.sheet.ScenarioId;
import org.vramsheet.core.sheet.WeightFormat;
import org.vramsheet.core.sheet.Weights;
import org.vramsheet.core.sheet.WindowKind;
import org.vramsheet.core.units.Units;

/**
 * The XLSX report's input cells (yellow, named), one method per SS-007 section. Values the core resolves (engine
 * defaults, quantization groups, head dimension, max model length) come from its figures, not re-derived here.
 */
final class XlsxInputs {
    private XlsxInputs() { }

    static void write(XlsxBook b, ReportData d) {
        weights(b, d);
        kv(b, d);
        workloads(b, d);
        runtime(b, d);
        validationAndResult(b, d);
    }

    private static void weights(XlsxBook b, ReportData d) {
        Weights w = d.sheet.weights();
        WeightFormat f = w.format();
        boolean q = f.quantized();
        long group = resolved(d, FigureKey.WEIGHTS_GROUP_SIZE, w.resolvedGroupSize());
        long scale = resolved(d, FigureKey.WEIGHTS_SCALE_BITS, w.resolvedScaleBits());
        long zero = resolved(d, FigureKey.WEIGHTS_ZERO_POINT_BITS, w.resolvedZeroPointBits());
        b.heading("WEIGHTS");
        b.input("Params", "Parameter count (total)", num(w.totalParams()), false);
        b.input("ActiveParams", "Parameter count (active)", num(w.activeParams() != null ? w.activeParams() : w.totalParams()),
                false);
        b.text("Weight dtype / quantization", f.label());
        b.input("WeightBits", "Bits per quantized parameter", f.bits(), false);
        b.input("GroupSize", "Quantization group size (0 = none)", group, false);
        b.input("ScaleBits", "Scale bits per group", scale, false);
        b.input("ZeroBits", "Zero-point bits per group", zero, false);
        b.input("UnqParams", "Unquantized parameters", q && w.unquantizedParams() != null ? w.unquantizedParams() : 0, false);
        b.input("ComputeBytes", "Compute dtype bytes per parameter", w.computeDtype().bytes(), false);
        b.noteFormula("IF(ComputeBytes=4,\"fp32\",IF(ComputeBytes=2,\"bf16 / fp16\",\"check: 2 or 4\"))");
        b.input("CheckpointBytes", "Actual checkpoint bytes (empty = use the estimate)", num(w.checkpointBytes()), true);
        b.input("EncoderParams", "Encoder parameters (vision / audio, compute dtype)",
                w.encoderParams() == null ? 0 : w.encoderParams(), false);
    }

    private static void kv(XlsxBook b, ReportData d) {
        Weights w = d.sheet.weights();
        KvArchitecture k = d.sheet.kv();
        boolean mla = k.kind() == AttentionKind.MLA;
        var dt = k.kvDtype().resolve(w.computeDtype());
        LayerWindow win = k.windows().isEmpty() ? null : k.windows().get(0);
        b.heading("KV ARCHITECTURE");
        b.text("Attention/cache type", k.kind().label());
        b.input("Mla", "MLA (1) or K/V per head (0)", mla ? 1 : 0, false);
        b.input("Layers", "Attention layers", num(k.layers()), false);
        b.input("AttnHeads", "Attention heads", num(k.attentionHeads()), false);
        Figure kvHeads = d.figure(FigureKey.KV_CACHE_KV_HEADS);
        b.input("KvHeads", "KV heads", mla ? 1 : kvHeads.available() ? num(kvHeads.value()) : num(KvGeometry.kvHeads(k)), false);
        Figure hd = d.figure(FigureKey.KV_CACHE_HEAD_DIM);
        b.input("HeadDim", "Head dimension", mla ? num(k.headDim()) : hd.available() ? num(hd.value()) : null, false);
        b.input("LatentDim", "MLA kv_lora_rank + qk_rope_head_dim", mla && k.kvLoraRank() != null && k.qkRopeHeadDim() != null
                ? k.kvLoraRank() + k.qkRopeHeadDim() : 0, false);
        Figure elem = d.figure(FigureKey.KV_CACHE_ELEMENT_BYTES);
        b.input("KvElemBytes", "KV-cache bytes per element", elem.available() ? elem.ratio() : dt.num() / (double) dt.den(), false);
        b.noteFormula("IF(KvElemBytes=4,\"fp32\",IF(KvElemBytes=2,\"bf16 / fp16\",IF(KvElemBytes=1,\"fp8\","
                + "IF(KvElemBytes=0.5,\"fp4\",\"a packed format\"))))");
        b.input("WindowLayers", "Windowed layers", win == null ? 0 : num(win.layers()), false);
        b.input("WindowTokens", "Window (tokens)", win == null ? 0 : num(win.window()), false);
        b.input("WindowChunked", "Chunked local (1) or sliding (0)", win != null && win.kind() == WindowKind.CHUNKED ? 1 : 0,
                false);
        Number kvh = mla ? (Number) 1 : num(KvGeometry.kvHeads(k));
        Number hdv = mla ? num(k.headDim()) : hd.available() ? num(hd.value()) : null;
        b.input("WinKvHeads", "KV heads of the windowed layers", win != null && win.kvHeads() != null && !mla ? (Number) win.kvHeads()
                : kvh, false);
        b.input("WinHeadDim", "Head size of the windowed layers", win != null && win.headDim() != null && !mla ? (Number) win.headDim()
                : hdv, false);
        b.input("StateLayers", "Fixed-state layers", k.stateLayers() == null ? 0 : k.stateLayers(), false);
        b.input("StateBytes", "State bytes per layer per sequence", k.stateBytesPerLayer() == null ? 0
                : k.stateBytesPerLayer(), true);
    }

    private static void workloads(XlsxBook b, ReportData d) {
        b.scenarioHeading("TYPICAL / HEAVY / LIMIT WORKLOADS");
        scenarioInputs(b, d, "Input", "Input tokens", s -> s.inputTokens());
        scenarioInputs(b, d, "Generated", "Expected generated tokens", s -> s.generatedTokens());
        scenarioInputs(b, d, "Seqs", "Concurrent active sequences", s -> s.concurrentSequences());
        scenarioInputs(b, d, "Prefix", "Shared prefix tokens", s -> s.sharedPrefixTokens() == null ? 0L : s.sharedPrefixTokens());
        shareInputs(b, d);
    }

    /** The share of each scenario's sequences that carry the shared prefix (version 9; empty in the sheet = all, 1). */
    private static void shareInputs(XlsxBook b, ReportData d) {
        Row r = b.next();
        r.createCell(0).setCellValue("Share of sequences with the prefix (1 = all)");
        int col = 1;
        for (ScenarioId id : ScenarioId.values()) {
            Double v = d.sheet.workloads().get(id).sharedPrefixShare();
            XSSFCell c = (XSSFCell) r.createCell(col);
            c.setCellValue(v == null ? 1.0 : v);
            c.setCellStyle(b.input);
            b.name(id.label() + "_PrefixShare", col, r.getRowNum());
            col++;
        }
    }

    private static void runtime(XlsxBook b, ReportData d) {
        RuntimeSettings r = d.sheet.runtime();
        b.heading("RUNTIME");
        b.inputText("Engine", "Inference engine", r.engine().label(), Arrays.stream(Engine.values())
                .map(Engine::label).toArray(String[]::new));
        b.text("Version", r.engineVersion());
        b.text("Cache implementation", EngineDefaults.cache(r).label());
        b.input("TP", "Tensor parallel size", r.tensorParallel(), false);
        b.input("PP", "Pipeline parallel size", r.pipelineParallel(), false);
        b.input("DP", "Data parallel size (replicas)", r.dataParallel(), false);
        b.input("AttnDP", "Attention data-parallel ranks of a MoE (each its own KV pool)", r.expert().ranks(), false);
        Figure frac = d.figure(FigureKey.POOL_FRACTION);
        b.input("Util", "Memory utilization / fraction (resolved)", frac.available() ? frac.ratio() : 1.0, false);
        Figure bs = d.figure(FigureKey.POOL_BLOCK_SIZE);
        b.input("BlockSize", "Block size (resolved, tokens)", bs.available() ? bs.value() : 16, false);
        Figure maxLen = d.figure(FigureKey.POOL_MAX_MODEL_LEN);
        b.input("MaxModelLen", "Max model length (tokens)", maxLen.available() ? num(maxLen.value()) : null, false);
        b.input("MaxBatched", "Max batched tokens (resolved)", resolved(d, FigureKey.POOL_MAX_BATCHED_TOKENS,
                EngineDefaults.maxNumBatchedTokens(r, d.sheet.gpu()).value()), false);
        b.input("PrefixCaching", "Prefix caching (1 on, 0 off)", r.prefixCaching() ? 1 : 0, false);
        b.input("CapFromConc", "vLLM reports capacity as concurrency x max_model_len (1/0, by version)",
                resolved(d, FigureKey.POOL_CAPACITY_FROM_CONCURRENCY, 0), false);
        part(b, d, "Act", "Activation peak per GPU", FigureKey.POOL_ACTIVATION_PEAK_BYTES);
        part(b, d, "NonTorch", "Non-torch / framework per GPU", FigureKey.POOL_NON_TORCH_BYTES);
        part(b, d, "CudaGraph", "CUDA graphs per GPU", FigureKey.POOL_CUDA_GRAPH_ESTIMATE_BYTES);
        b.input("CgInPool", "CUDA graphs taken from the pool (1/0, resolved)",
                resolved(d, FigureKey.POOL_CUDA_GRAPHS_IN_POOL, 0), false);
        b.input("KvCacheMem", "vLLM --kv-cache-memory (empty = profile)", num(r.kvCacheMemoryBytes()), true);
        b.input("FragPct", "Fragmentation allowance (%)", r.fragmentationPercent(), false);
        b.text("GPU", d.sheet.gpu().count() + " x " + d.sheet.gpu().name());
        b.input("GpuTotal", "CUDA-visible memory per GPU", num(d.sheet.gpu().totalBytes()), true);
        b.heading("VALIDATION");
    }

    /** A non-KV part as the calculation used it (typed, measured or estimated: the label says which). */
    private static void part(XlsxBook b, ReportData d, String name, String label, FigureKey key) {
        Figure f = d.figure(key);
        b.input(name, label + " (" + (f.available() ? f.provenance().formula() : "unavailable") + ")",
                f.available() ? num(f.value()) : null, true);
    }

    private static void validationAndResult(XlsxBook b, ReportData d) {
        var v = d.sheet.validation();
        // a measurement of another setup is not an input here either (the core leaves it out): shown beside, cell empty
        boolean nonKv = !d.figure(FigureKey.VALIDATION_STALE_NON_KV).isTrue();
        boolean pool = !d.figure(FigureKey.VALIDATION_STALE_POOL).isTrue();
        measured(b, "MeasuredNonKv", "Measured non-KV footprint (empty = estimate)", v.measuredNonKvBytes(), nonKv, true);
        b.input("MeasuredOnGpus", "Measured on (GPUs per replica)", num(v.measuredOnGpus()), false);
        measured(b, "AllocatedKv", "Allocated KV memory", v.allocatedKvBytes(), pool, true);
        measured(b, "KvCapacityTokens", "KV capacity in tokens", v.kvCapacityTokens(), pool, false);
        measured(b, "MeasuredPeak", "Measured peak VRAM", v.measuredPeakBytes(), pool, true);
        measured(b, "Preemption", "Preemption/OOM boundary (sequences)", v.preemptionSequences(), pool, false);
        b.input("PredictedNonKv", "Predicted before launch: non-KV per GPU (frozen when the log was applied)",
                num(v.predictedNonKvBytes()), true);
        b.input("PredictedPool", "Predicted before launch: KV pool per GPU", num(v.predictedKvPoolBytes()), true);
        b.input("PredictedCapacity", "Predicted before launch: KV capacity (tokens)", num(v.predictedKvCapacityTokens()), false);
        b.text("Notes", v.notes());
        b.heading("RESULT (inputs)");
        b.input("Headroom", "Operational headroom", d.sheet.result().headroomBytes(), true);
        b.inputText("Sizing", "Scenario that sizes the budget (Typical / Heavy / Limit)",
                d.sheet.result().sizingScenario().label(), "Typical", "Heavy", "Limit");
        Figure ctx = d.figure(FigureKey.POOL_CONTEXT_LENGTH);
        b.input("Context", "Context length for concurrency (tokens)", ctx.available() ? ctx.value() : null, false);
    }

    /** A VALIDATION measurement: the input when it is of this setup, else an empty cell and the value beside it, unused. */
    private static void measured(XlsxBook b, String name, String label, Long value, boolean used, boolean isBytes) {
        b.input(name, label, used ? num(value) : null, isBytes);
        if (!used && value != null) {
            b.noteText((isBytes ? Units.gibText(value) : Units.grouped(value)) + " measured on another setup: not used");
        }
    }

    /** A resolved figure's value, or the sheet's own resolution when the figure is unavailable (bad input). */
    private static long resolved(ReportData d, FigureKey key, long otherwise) {
        Figure f = d.figure(key);
        return f.available() ? f.value() : otherwise;
    }

    private interface Pick {
        Long of(Scenario s);
    }

    private static void scenarioInputs(XlsxBook b, ReportData d, String name, String label, Pick p) {
        Row r = b.next();
        r.createCell(0).setCellValue(label);
        int col = 1;
        for (ScenarioId id : ScenarioId.values()) {
            Scenario s = d.sheet.workloads().get(id);
            XSSFCell c = (XSSFCell) r.createCell(col);
            Long v = p.of(s);
            if (s.explicit() && !name.equals("Prefix")) {
                v = switch (name) {
                    case "Input" -> s.sequenceLengths().stream().mapToLong(Long::longValue).max().orElse(0);
                    case "Generated" -> 0L;
                    default -> (long) s.sequenceLengths().size();
                };
            }
            if (v != null) {
                c.setCellValue(v);
            }
            c.setCellStyle(b.input);
            b.name(id.label() + "_" + name, col, r.getRowNum());
            col++;
        }
    }
}
