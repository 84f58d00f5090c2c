package org.vramsheet.report;

import java.util.Arrays;
import org.vramsheet.core.result.FigureKey;
import org.vramsheet.core.engine.spi.Capacity;
import org.vramsheet.core.engine.Engines;
import org.vramsheet.core.engine.spi.XlsxPool;
import org.vramsheet.core.result.Figure;
import org.vramsheet.core.sheet.Engine;
import org.vramsheet.core.sheet.LayerWindow;
import org.vramsheet.core.sheet.ScenarioId;
import org.vramsheet.core.sheet.Weights;

/** XLSX: the engine's KV pool per GPU, as formulas where the engine module has them (vLLM blocks, SGLang pages, TensorRT-LLM blocks). */
final class XlsxPoolSheet {
    private XlsxPoolSheet() { }

    /** Whether any result row carries the app's value rather than a formula (hybrid layouts, explicit sequence lists). */
    static boolean appValues(ReportData d) {
        boolean explicit = Arrays.stream(ScenarioId.values()).anyMatch(id -> d.sheet.workloads().get(id).explicit());
        return explicit || !vllmFormulas(d) && !simpleFormulas(d);
    }

    static boolean vllmFormulas(ReportData d) {
        boolean noState = d.sheet.kv().stateLayers() == null || d.sheet.kv().stateLayers() == 0;
        return pool(d) == XlsxPool.VLLM_BLOCKS && noState && formulaGeometry(d) && noDraft(d)
                && d.sheet.kv().windows().stream().noneMatch(LayerWindow::ownGeometry);
    }

    static boolean simpleFormulas(ReportData d) {
        XlsxPool p = pool(d);
        // SGLang splits a windowed model's pool (full / SWA) and gives hybrid state its own pool: the formulas know neither
        boolean split = p == XlsxPool.SGLANG_PAGES && (!d.sheet.kv().windows().isEmpty()
                || d.sheet.kv().stateLayers() != null && d.sheet.kv().stateLayers() > 0);
        return (p == XlsxPool.SGLANG_PAGES || p == XlsxPool.TRT_BLOCKS) && formulaGeometry(d) && !split && noDraft(d);
    }

    /**
     * The formulas know no speculative draft (its weights in the non-KV memory, its layers in the pool) and no LoRA slots
     * taken from the pool: app values then.
     */
    private static boolean noDraft(ReportData d) {
        return !d.sheet.runtime().speculative().method().hasDraft() && !d.sheet.runtime().lora().on();
    }

    /** How the sheet's engine module has its pool written. */
    private static XlsxPool pool(ReportData d) { return Engines.of(d.sheet.runtime().engine()).xlsxPool(); }

    /** One window group whose own geometry (if any) the formulas carry: heads and head size, not another dtype. */
    private static boolean formulaGeometry(ReportData d) {
        var w = d.sheet.kv().windows();
        return w.size() <= 1 && w.stream().allMatch(x -> x.kvDtype() == null);
    }

    /** The ENGINE KV POOL block: the engine's own pool rule as formulas, else the app's values saying so. */
    static void write(XlsxBook b, ReportData d) {
        b.heading("ENGINE KV POOL (per GPU)");
        b.formula("MeasuredPerGpu", "Measured non-KV on this layout (weights split again, the rest per GPU)",
                "IF(ISNUMBER(MeasuredNonKv),IF(AND(ISNUMBER(MeasuredOnGpus),MeasuredOnGpus<>Ranks),"
                        + "ROUNDUP(Weights/Ranks,0)+MAX(0,MeasuredNonKv-ROUNDUP(Weights/MeasuredOnGpus,0)),MeasuredNonKv),\"-\")",
                b.bytes);
        Engine e = d.sheet.runtime().engine();
        XlsxPool kind = pool(d);
        if (kind == XlsxPool.VLLM_BLOCKS) {
            b.formula("Page", d.figure(FigureKey.POOL_PAGE_BYTES).label() + " (the largest group's: vLLM makes pages equal)",
                    "MAX(ROUNDUP(BlockSize*ElemsLayerRank*KvElemBytes,0),IF(WindowLayers>0,ROUNDUP(BlockSize*IF(Mla=1,LatentDim,"
                            + "2*MAX(1,INT(WinKvHeads/TP))*WinHeadDim)*KvElemBytes,0),0))", b.smallBytes);
        } else if (!Engines.of(e).pagesSpanLayers()) {
            b.formula("Page", d.figure(FigureKey.POOL_PAGE_BYTES).label(), "ROUNDUP(BlockSize*ElemsLayerRank*KvElemBytes,0)",
                    b.smallBytes);
        } else {
            b.formula("Page", d.figure(FigureKey.POOL_PAGE_BYTES).label(), "BlockSize*KvPerTokenRank", b.smallBytes);
        }
        b.formula("LayerGroup", "Layers per block group (vLLM)", "IF(WinRank=0,FullRank,IF(FullRank=0,WinRank,IF(MAX(FullRank,"
                + "WinRank)<1.5*MIN(FullRank,WinRank),MAX(FullRank,WinRank),MIN(FullRank,WinRank))))", b.count);
        b.formula("GroupsFull", "Full-attention groups", "IF(FullRank=0,0,ROUNDUP(FullRank/LayerGroup,0))", b.count);
        b.formula("GroupsWin", "Windowed groups", "IF(WinRank=0,0,ROUNDUP(WinRank/LayerGroup,0))", b.count);
        String why = "value from the app: " + e.label() + (kind == XlsxPool.VLLM_BLOCKS ? " hybrid state layouts"
                : kind == XlsxPool.SGLANG_PAGES ? " split pools (full and sliding-window tokens, hybrid state)" : "")
                + " are not expressed as formulas here";
        if (vllmFormulas(d)) {
            vllmPool(b);
        } else if (kind == XlsxPool.SGLANG_PAGES && simpleFormulas(d)) {
            sglangPool(b);
        } else if (kind == XlsxPool.TRT_BLOCKS) {
            trtPool(b);
        } else {
            appPool(b, d, why);
        }
        b.formula("MaxConcurrency", "Max concurrency at the context (sequences)", "INT(Ratio+0.000000001)", b.count);
        b.formula("PoolReplica", "KV pool per replica", "PoolGpu*Ranks", b.bytes);
    }

    private static void vllmPool(XlsxBook b) {
        b.formula("Requested", "Requested memory = ceil(total x utilization)", "ROUNDUP(GpuTotal*Util,0)", b.bytes);
        b.formula("NonKvGpu", "Non-KV memory per GPU (measured, else weights + activation + non-torch)",
                "IF(ISNUMBER(MeasuredNonKv),MeasuredPerGpu,WeightsPerGpu+Act+NonTorch)", b.bytes);
        b.formula("CgSub", "CUDA graphs taken from the pool", "IF(CgInPool=1,CudaGraph,0)", b.bytes);
        b.formula("Available", "Available KV cache memory",
                "IF(ISNUMBER(KvCacheMem),KvCacheMem,Requested-NonKvGpu-CgSub)", b.bytes);
        b.formula("Blocks", "GPU blocks = available // page // group size",
                "IF(Available<=0,0,INT(INT(Available/Page)/LayerGroup))", b.count);
        b.formula("PoolGpu", "KV pool per GPU", "Blocks*Page*LayerGroup", b.bytes);
        b.formula("BlocksAtMaxLen", "Blocks one request needs at max_model_len",
                "GroupsFull*ROUNDUP(MaxModelLen/BlockSize,0)+GroupsWin*IF(WindowChunked=1,"
                        + "ROUNDUP(MIN(WindowTokens+MaxBatched,MaxModelLen)/BlockSize,0),"
                        + "ROUNDUP(MIN(WindowTokens-1+MaxBatched,MaxModelLen)/BlockSize,0)+1)", b.count);
        b.formula("Capacity", "KV capacity (GPU KV cache size, tokens; the report form of the version)",
                "IF(CapFromConc=1,INT(Blocks/BlocksAtMaxLen*MaxModelLen),INT(Blocks/(GroupsFull+GroupsWin))*BlockSize)",
                b.count);
        b.formula("BlocksPerRequest", "Blocks one request needs at the context",
                "GroupsFull*ROUNDUP(Context/BlockSize,0)+GroupsWin*IF(WindowChunked=1,"
                        + "ROUNDUP(MIN(WindowTokens+MaxBatched,Context)/BlockSize,0),"
                        + "ROUNDUP(MIN(WindowTokens-1+MaxBatched,Context)/BlockSize,0)+1)", b.count);
        b.formula("Ratio", "Concurrency ratio (x)", "IF(Context>MaxModelLen,0,Blocks/BlocksPerRequest)", b.decimal);
    }

    private static void sglangPool(XlsxBook b) {
        b.formula("NonKvGpu", "Weights (or measured non-KV) per GPU",
                "IF(ISNUMBER(MeasuredNonKv),MeasuredPerGpu,WeightsPerGpu)", b.bytes);
        b.formula("Available", "rest = (total - non-torch) x mem_fraction_static - weights",
                "INT((GpuTotal-NonTorch)*Util)-NonKvGpu", b.bytes);
        b.formula("Capacity", "max_total_num_tokens",
                "IF(Available<=0,0,INT(INT(Available/KvPerTokenRank)/BlockSize)*BlockSize)", b.count);
        b.formula("Blocks", "Pages", "Capacity/BlockSize", b.count);
        b.formula("PoolGpu", "KV pool per GPU", "Capacity*KvPerTokenRank", b.bytes);
        b.formula("Ratio", "Concurrency ratio (x)", "IF(Context>MaxModelLen,0,Capacity/Context)", b.decimal);
    }

    private static void trtPool(XlsxBook b) {
        b.formula("NonKvGpu", "Non-KV per GPU", "IF(ISNUMBER(MeasuredNonKv),MeasuredPerGpu,WeightsPerGpu+Act+NonTorch+"
                + "CudaGraph)", b.bytes);
        b.formula("PoolGpu", "KV pool = fraction x (total - non-KV)",
                "IF(GpuTotal-NonKvGpu<=0,0,INT((GpuTotal-NonKvGpu)*Util))", b.bytes);
        b.formula("Blocks", "Blocks = ceil(max tokens / tokens per block)", "ROUNDUP(INT(PoolGpu/KvPerTokenRank)/BlockSize,0)",
                b.count);
        b.formula("Capacity", "Tokens", "Blocks*BlockSize", b.count);
        b.formula("Ratio", "Concurrency ratio (x)",
                "IF(Context>MaxModelLen,0,Blocks/ROUNDUP(Context/BlockSize,0))", b.decimal);
    }

    /** Engines without formulas here: the app's values, each saying so. */
    private static void appPool(XlsxBook b, ReportData d, String why) {
        b.value("PoolGpu", "KV pool per GPU", val(d, FigureKey.POOL_KV_POOL_BYTES), b.bytes, why);
        b.value("Blocks", "Blocks", val(d, FigureKey.POOL_GPU_BLOCKS), b.count, why);
        b.value("Capacity", "KV capacity (tokens)", val(d, FigureKey.POOL_CAPACITY_TOKENS), b.count, why);
        b.value("Ratio", "Concurrency ratio (x)", d.figure(FigureKey.POOL_CONCURRENCY_RATIO).available()
                ? d.figure(FigureKey.POOL_CONCURRENCY_RATIO).ratio() : 0, b.decimal, why);
    }

    private static double val(ReportData d, FigureKey key) {
        Figure f = d.figure(key);
        return f.available() ? f.value() : 0;
    }
}
