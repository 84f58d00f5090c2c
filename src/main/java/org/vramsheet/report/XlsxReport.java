package org.vramsheet.report;

import java.util.Arrays;
import org.vramsheet.core.result.FigureKey;
import org.vramsheet.core.result.ScenarioFigure;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.poi.ss.usermodel.CellStyle;
import org.apache.poi.ss.usermodel.Row;
import org.apache.poi.ss.util.CellRangeAddress;
import org.apache.poi.xddf.usermodel.chart.AxisPosition;
import org.apache.poi.xddf.usermodel.chart.ChartTypes;
import org.apache.poi.xddf.usermodel.chart.LegendPosition;
import org.apache.poi.xddf.usermodel.chart.XDDFCategoryAxis;
import org.apache.poi.xddf.usermodel.chart.XDDFChartData;
import org.apache.poi.xddf.usermodel.chart.XDDFDataSourcesFactory;
import org.apache.poi.xddf.usermodel.chart.XDDFNumericalDataSource;
import org.apache.poi.xddf.usermodel.chart.XDDFValueAxis;
import org.apache.poi.xssf.usermodel.XSSFCell;
import org.apache.poi.xssf.usermodel.XSSFChart;
import org.apache.poi.xssf.usermodel.XSSFDrawing;
import org.apache.poi.xssf.usermodel.XSSFSheet;
import org.apache.poi.xssf.usermodel.XSSFWorkbook;
import org.vramsheet.core.curves.Curves;
import org.vramsheet.core.engine.spi.Capacity;
import org.vramsheet.core.engine.EngineDefaults;
import org.vramsheet.core.engine.Engines;
import org.vramsheet.core.engine.spi.XlsxPool;
import org.vramsheet.core.result.Figure;
import org.vramsheet.core.sheet.Engine;
import org.vramsheet.core.sheet.LayerWindow;
import org.vramsheet.core.sheet.Scenario;
import org.vramsheet.core.sheet.ScenarioId;
import org.vramsheet.core.sheet.SignOffStatus;
import org.vramsheet.core.sheet.Weights;
import org.vramsheet.core.sheet.Worksheet;

/**
 * The XLSX report: a "Worksheet" sheet laid out like SS-007 with the inputs as named cells and the
 * results as formulas over them (so a reader who changes an input sees every result recompute), the
 * three scenarios side by side, a "Chart data" sheet with a native chart of KV memory against context,
 * the sign-off block and metadata. Inputs are the values the app resolved (engine defaults included).
 * Layouts the formulas do not cover (hybrid state layers on vLLM, llama.cpp, transformers, explicit
 * sequence lists) carry the app's value and say so.
 */
public final class XlsxReport {
    private XlsxReport() { }

    public static byte[] render(ReportData d) throws IOException {
        try (XSSFWorkbook wb = new XSSFWorkbook()) {
            XlsxBook b = new XlsxBook(wb, "Worksheet");
            header(b, d);
            boolean locked = appValues(d);
            if (locked) {
                b.text("Inputs locked", "Some results are the app's values (this layout has no formulas here): the sheet is "
                        + "protected so a what-if edit cannot leave them behind. Edit the worksheet in VRAM Sheet instead.");
            }
            XlsxInputs.write(b, d);
            results(b, d);
            b.marks(headlineMarks(d));
            signOff(b, d);
            Runnable chart = XlsxChart.write(wb, d, vllmFormulas(d), simpleFormulas(d));
            XlsxVariants.write(wb, d);
            XlsxEntered.write(wb, d.sheet);
            b.fitLabels();
            if (locked) {
                b.sheet.enableLocking(); // protection without a password: every cell, inputs included, read-only
            }
            for (var sheet : wb) {
                XlsxBook.printSetup((XSSFSheet) sheet, d.sheet.model().modelId(), d.fingerprint);
            }
            // cached values for every formula: previews and libraries that do not recalculate show the numbers
            // (one evaluator, so each formula is evaluated once; the chart then reads the cached values)
            wb.getCreationHelper().createFormulaEvaluator().evaluateAll();
            chart.run();
            wb.setForceFormulaRecalculation(true);
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            wb.write(out);
            return out.toByteArray();
        }
    }

    static Double num(Number n) { return n == null ? null : n.doubleValue(); }

    /** The header row that says whether the headline figures are estimated or measured (as exported). */
    static final String HEADLINE = "Headline figures (as exported)";

    /** The rows (by cell name) that hold the headline figures, each with its mark (HeadlineBasis). */
    private static Map<String, String> headlineMarks(ReportData d) {
        Map<String, FigureKey> rows = Map.of("Fits", FigureKey.RESULT_FITS, "MaxConcurrency", FigureKey.POOL_MAX_CONCURRENCY,
                "Margin", FigureKey.RESULT_MARGIN_BYTES, "Budget", FigureKey.RESULT_BUDGET_BYTES, "PoolGpu",
                FigureKey.POOL_KV_POOL_BYTES, "Capacity", FigureKey.POOL_CAPACITY_TOKENS, "NonKvReplica",
                FigureKey.RESULT_NON_KV_BYTES, "NonKvGpu", FigureKey.POOL_NON_KV_BYTES);
        Map<String, String> out = new TreeMap<>();
        rows.forEach((name, key) -> out.put(name, d.basis.markFor(d.figure(key))));
        return out;
    }

    private static void header(XlsxBook b, ReportData d) {
        Row r = b.next();
        r.createCell(0).setCellValue("VRAM sizing report (SS-007)");
        r.getCell(0).setCellStyle(b.heading);
        b.text("Generated by", "VRAM Sheet " + d.version);
        b.text("Generated at", d.generatedAt);
        b.text("Worksheet fingerprint (SHA-256)", d.fingerprint);
        b.text(HEADLINE, d.basis.mark());
        if (!d.basis.staleNote().isEmpty()) {
            b.text("Measurements not used", d.basis.staleNote());
        }
        b.text("How to read", "Yellow cells are inputs (named ranges); every other number is a formula over them.");
        b.heading("MODEL");
        b.text("Exact model ID", d.sheet.model().modelId());
        b.text("Revision", d.sheet.model().revision());
        b.text("Architecture", d.sheet.model().architecture());
        b.input("MaxContext", "Maximum context (tokens)", num(d.sheet.model().maxContextTokens()), false);
    }

    private static void results(XlsxBook b, ReportData d) {
        b.heading("RESULTS (formulas)");
        b.formula("QParams", "Quantized parameters", "Params-UnqParams", b.count);
        b.formula("WeightsEstimate", "Estimated weight payload",
                "ROUNDUP((QParams*WeightBits+IF(GroupSize>0,ROUNDUP(QParams/GroupSize,0)*(ScaleBits+ZeroBits),0)"
                        + "+UnqParams*ComputeBytes*8)/8,0)", b.bytes);
        b.formula("EncoderBytes", "Vision / audio encoders", "EncoderParams*ComputeBytes", b.bytes);
        b.formula("Weights", "Weights (checkpoint bytes win; they hold the encoders)",
                "IF(ISNUMBER(CheckpointBytes),CheckpointBytes,WeightsEstimate+EncoderBytes)", b.bytes);
        b.formula("Ranks", "GPUs per replica (TP x PP)", "TP*PP", b.count);
        b.formula("WeightsPerGpu", "Weights per GPU (encoders on the first stage, split by TP)",
                "IF(AND(EncoderBytes>0,EncoderBytes<Weights),ROUNDUP((Weights-EncoderBytes)/Ranks,0)+ROUNDUP(EncoderBytes/TP,0),"
                        + "ROUNDUP(Weights/Ranks,0))", b.bytes);
        b.formula("ElemsLayer", "Cache elements per token per layer", "IF(Mla=1,LatentDim,2*KvHeads*HeadDim)", b.count);
        b.formula("KvHeadsRank", "KV heads per GPU", "IF(Mla=1,1,MAX(1,INT(KvHeads/TP)))", b.count);
        b.formula("ElemsLayerRank", "Cache elements per token per layer per GPU", "IF(Mla=1,LatentDim,2*KvHeadsRank*HeadDim)",
                b.count);
        b.formula("BytesLayerTok", "KV bytes per token per layer", "ROUNDUP(ElemsLayer*KvElemBytes,0)", b.bytes);
        b.formula("BytesLayerTokRank", "KV bytes per token per layer per GPU", "ROUNDUP(ElemsLayerRank*KvElemBytes,0)",
                b.bytes);
        b.formula("BytesLayerTokWin", "KV bytes per token per windowed layer",
                "ROUNDUP(IF(Mla=1,LatentDim,2*WinKvHeads*WinHeadDim)*KvElemBytes,0)", b.bytes);
        b.formula("BytesLayerTokWinRank", "KV bytes per token per windowed layer per GPU",
                "ROUNDUP(IF(Mla=1,LatentDim,2*MAX(1,INT(WinKvHeads/TP))*WinHeadDim)*KvElemBytes,0)", b.bytes);
        b.formula("FullLayers", "Full-attention layers", "Layers-WindowLayers", b.count);
        b.formula("KvPerToken", "Calculated raw KV bytes per token (2 x L x H_kv x D x B per layer group, or MLA)",
                "FullLayers*BytesLayerTok+WindowLayers*BytesLayerTokWin", b.bytes);
        b.formula("FullRank", "Full-attention layers per stage", "ROUNDUP(FullLayers/PP,0)", b.count);
        b.formula("WinRank", "Windowed layers per stage", "ROUNDUP(WindowLayers/PP,0)", b.count);
        b.formula("KvPerTokenRank", "KV bytes per token per GPU", "FullRank*BytesLayerTokRank+WinRank*BytesLayerTokWinRank",
                b.bytes);
        b.formula("StatePerSeq", "Fixed state per sequence", "StateLayers*StateBytes", b.bytes);
        b.formula("StateRank", "Fixed state per sequence per GPU", "ROUNDUP(StateLayers/PP,0)*ROUNDUP(StateBytes/TP,0)",
                b.bytes);
        pool(b, d);
        scenarios(b, d);
        budget(b);
        predictionErrors(b);
    }

    /** Whether any result row carries the app's value rather than a formula (hybrid layouts, explicit sequence lists). */
    static boolean appValues(ReportData d) {
        boolean explicit = Arrays.stream(ScenarioId.values()).anyMatch(id -> d.sheet.workloads().get(id).explicit());
        return explicit || !vllmFormulas(d) && !simpleFormulas(d);
    }

    static boolean vllmFormulas(ReportData d) {
        boolean noState = d.sheet.kv().stateLayers() == null || d.sheet.kv().stateLayers() == 0;
        return pool(d) == XlsxPool.VLLM_BLOCKS && noState && formulaGeometry(d)
                && d.sheet.kv().windows().stream().noneMatch(LayerWindow::ownGeometry);
    }

    static boolean simpleFormulas(ReportData d) {
        XlsxPool p = pool(d);
        return (p == XlsxPool.SGLANG_PAGES || p == XlsxPool.TRT_BLOCKS) && formulaGeometry(d);
    }

    /** How the sheet's engine module has its pool written. */
    private static XlsxPool pool(ReportData d) { return Engines.of(d.sheet.runtime().engine()).xlsxPool(); }

    /** One window group whose own geometry (if any) the formulas carry: heads and head size, not another dtype. */
    private static boolean formulaGeometry(ReportData d) {
        var w = d.sheet.kv().windows();
        return w.size() <= 1 && w.stream().allMatch(x -> x.kvDtype() == null);
    }

    private static void pool(XlsxBook b, ReportData d) {
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
                            + "2*MAX(1,INT(WinKvHeads/TP))*WinHeadDim)*KvElemBytes,0),0))", b.bytes);
        } else if (!Engines.of(e).pagesSpanLayers()) {
            b.formula("Page", d.figure(FigureKey.POOL_PAGE_BYTES).label(), "ROUNDUP(BlockSize*ElemsLayerRank*KvElemBytes,0)",
                    b.bytes);
        } else {
            b.formula("Page", d.figure(FigureKey.POOL_PAGE_BYTES).label(), "BlockSize*KvPerTokenRank", b.bytes);
        }
        b.formula("LayerGroup", "Layers per block group (vLLM)", "IF(WinRank=0,FullRank,IF(FullRank=0,WinRank,IF(MAX(FullRank,"
                + "WinRank)<1.5*MIN(FullRank,WinRank),MAX(FullRank,WinRank),MIN(FullRank,WinRank))))", b.count);
        b.formula("GroupsFull", "Full-attention groups", "IF(FullRank=0,0,ROUNDUP(FullRank/LayerGroup,0))", b.count);
        b.formula("GroupsWin", "Windowed groups", "IF(WinRank=0,0,ROUNDUP(WinRank/LayerGroup,0))", b.count);
        String why = "value from the app: " + e.label() + (kind == XlsxPool.VLLM_BLOCKS ? " hybrid state layouts" : "")
                + " are not expressed as formulas here";
        if (vllmFormulas(d)) {
            vllmPool(b);
        } else if (kind == XlsxPool.SGLANG_PAGES) {
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

    private static void scenarios(XlsxBook b, ReportData d) {
        b.scenarioHeading("SCENARIOS (formulas)");
        Engine e = d.sheet.runtime().engine();
        boolean paged = vllmFormulas(d);
        boolean simple = simpleFormulas(d);
        scen(b, d, new ScenRow("Len", "Active tokens per sequence", "{Input}+{Generated}", b.count), null);
        scen(b, d, new ScenRow("Active", "Aggregate active tokens", "{Len}*{Seqs}", b.count), ScenarioFigure.ACTIVE_TOKENS);
        scen(b, d, new ScenRow("PrefixUsed", "Shared prefix stored once", "IF(PrefixCaching=1,{Prefix},0)", b.count), null);
        scen(b, d, new ScenRow("Unique", "Unique tokens after prefix sharing", "{Active}-({Seqs}-1)*{PrefixUsed}", b.count), null);
        scen(b, d, new ScenRow("KvLogical", "Calculated raw KV",
                "{Seqs}*(BytesLayerTok*FullLayers*{Len}+BytesLayerTokWin*WindowLayers*MIN({Len},WindowTokens)+StatePerSeq)"
                        + "-({Seqs}-1)*{PrefixUsed}*BytesLayerTok*FullLayers", b.bytes), ScenarioFigure.KV_BYTES);
        String held = "GroupsFull*ROUNDUP({Len}/BlockSize,0)+GroupsWin*MIN(ROUNDUP({Len}/BlockSize,0),"
                + "ROUNDUP((WindowTokens-1)/BlockSize,0)+1)";
        String shared = "({Seqs}-1)*INT({PrefixUsed}/BlockSize)*BlockSize*BytesLayerTokRank*FullRank";
        if (paged) {
            scen(b, d, new ScenRow("Physical", "Physical KV (engine blocks, replica)",
                    "({Seqs}*(" + held + ")*Page*LayerGroup-" + shared + ")*Ranks", b.bytes), ScenarioFigure.PHYSICAL_KV_BYTES);
        } else if (simple) {
            String t = "ROUNDUP({Len}/BlockSize,0)*BlockSize";
            scen(b, d, new ScenRow("Physical", "Physical KV (replica)", "({Seqs}*(BytesLayerTokRank*FullRank*" + t
                    + "+BytesLayerTokWinRank*WinRank*MIN(" + t + ",WindowTokens)+StateRank)-" + shared + ")*Ranks", b.bytes),
                    ScenarioFigure.PHYSICAL_KV_BYTES);
        } else {
            scenValues(b, d, "Physical", "Physical KV (replica)", ScenarioFigure.PHYSICAL_KV_BYTES,
                    "value from the app: " + e.label() + " / " + EngineDefaults.cache(d.sheet.runtime()).label());
        }
        scen(b, d, new ScenRow("PhysicalGiB", "Physical KV (GiB)", "{Physical}/1073741824", b.gib), null);
        scen(b, d, new ScenRow("Fits", "Fits the KV pool",
                "IF(AND({Physical}<=PoolReplica,OR(NOT(ISNUMBER(MaxModelLen)),{Len}<=MaxModelLen)),\"yes\",\"no\")", b.label), null);
        scen(b, d, new ScenRow("Share", "Share of the KV pool", "IF(PoolReplica=0,\"-\",{Physical}/PoolReplica)", b.decimal), null);
    }

    /** One row of the scenario table: its cell name, label, formula template ({X} = the scenario's X) and style. */
    private record ScenRow(String name, String label, String template, CellStyle style) { }

    private static void scen(XlsxBook b, ReportData d, ScenRow row, ScenarioFigure figure) {
        String name = row.name();
        String template = row.template();
        CellStyle style = row.style();
        String label = row.label();
        Row r = b.next();
        r.createCell(0).setCellValue(label);
        int col = 1;
        for (ScenarioId id : ScenarioId.values()) {
            Scenario s = d.sheet.workloads().get(id);
            XSSFCell c = (XSSFCell) r.createCell(col);
            if (s.explicit() && figure != null) {
                Figure f = d.sheetFigure(id, figure);
                if (f.available()) {
                    c.setCellValue(f.value());
                }
                r.createCell(4).setCellValue("explicit sequence lengths: values from the app");
            } else {
                c.setCellFormula(template.replaceAll("\\{(\\w+)}", id.label() + "_$1"));
            }
            c.setCellStyle(style);
            b.name(id.label() + "_" + name, col, r.getRowNum());
            col++;
        }
    }

    private static void scenValues(XlsxBook b, ReportData d, String name, String label, ScenarioFigure figure, String why) {
        Row r = b.next();
        r.createCell(0).setCellValue(label);
        int col = 1;
        for (ScenarioId id : ScenarioId.values()) {
            Figure f = d.sheetFigure(id, figure);
            XSSFCell c = (XSSFCell) r.createCell(col);
            if (f.available()) {
                c.setCellValue(f.value());
            }
            c.setCellStyle(b.bytes);
            b.name(id.label() + "_" + name, col, r.getRowNum());
            col++;
        }
        XlsxBook.put(r.createCell(4), why);
    }

    /** How good the pre-launch prediction was, when VALIDATION froze one (the same figures as the window and PDF). */
    private static void predictionErrors(XlsxBook b) {
        b.heading("VALIDATION: PREDICTED BEFORE LAUNCH AGAINST MEASURED");
        b.formula("ErrNonKv", "Pre-launch error: non-KV per GPU",
                "IF(AND(ISNUMBER(PredictedNonKv),ISNUMBER(MeasuredNonKv)),(PredictedNonKv-MeasuredNonKv)/MeasuredNonKv,\"-\")",
                b.decimal);
        b.formula("ErrPool", "Pre-launch error: KV pool per GPU",
                "IF(AND(ISNUMBER(PredictedPool),ISNUMBER(AllocatedKv)),(PredictedPool-AllocatedKv)/AllocatedKv,\"-\")", b.decimal);
        b.formula("ErrCapacity", "Pre-launch error: KV capacity",
                "IF(AND(ISNUMBER(PredictedCapacity),ISNUMBER(KvCapacityTokens)),"
                        + "(PredictedCapacity-KvCapacityTokens)/KvCapacityTokens,\"-\")", b.decimal);
    }

    private static void budget(XlsxBook b) {
        b.heading("RESULT: PRODUCTION MEMORY BUDGET PER REPLICA");
        b.formula("NonKvReplica", "Non-KV footprint (measured x GPUs, else weights + GPUs x (activation + non-torch + graphs))",
                "IF(ISNUMBER(MeasuredNonKv),MeasuredPerGpu*Ranks,Weights+Ranks*(Act+NonTorch+CudaGraph))", b.bytes);
        b.formula("SizingKv", "Required KV (sizing scenario)",
                "IF(Sizing=\"Typical\",Typical_Physical,IF(Sizing=\"Heavy\",Heavy_Physical,Limit_Physical))", b.bytes);
        b.formula("Fragmentation", "Fragmentation allowance (estimates only)",
                "IF(ISNUMBER(MeasuredNonKv),0,ROUNDUP((NonKvReplica+SizingKv)*FragPct/100,0))", b.bytes);
        b.formula("Budget", "Production memory budget per replica", "NonKvReplica+SizingKv+Fragmentation+Headroom", b.bytes);
        b.formula("GpuCapacity", "GPU memory per replica", "GpuTotal*Ranks", b.bytes);
        b.formula("Margin", "Margin", "GpuCapacity-Budget", b.bytes);
        b.formula("Fits", "Fits the GPU (and the engine admits the sizing scenario's sequences)",
                "IF(AND(Margin>=0,OR(NOT(ISNUMBER(MaxModelLen)),IF(Sizing=\"Typical\",Typical_Len,IF(Sizing=\"Heavy\","
                        + "Heavy_Len,Limit_Len))<=MaxModelLen)),\"yes\",\"no\")", b.label);
        b.heading("PLACEMENT (SS-006)");
        b.formula("TotalGpus", "GPUs in the fleet (TP x PP x DP)", "Ranks*DP", b.count);
        b.formula("FleetConcurrency", "Fleet max concurrency at the context", "MaxConcurrency*DP", b.count);
    }

    private static void signOff(XlsxBook b, ReportData d) {
        var s = d.signOff();
        b.heading("SIGN-OFF");
        Row h = b.next();
        h.createCell(1).setCellValue("Name");
        h.createCell(2).setCellValue("Date");
        String[][] rows = {{"Prepared by", s.preparedBy(), s.preparedOn()}, {"Reviewed by", s.reviewedBy(), s.reviewedOn()},
            {"Approved by", s.approvedBy(), s.approvedOn()}};
        for (String[] r : rows) {
            Row x = b.next();
            x.createCell(0).setCellValue(r[0]);
            XlsxBook.put(x.createCell(1), r[1]);
            XlsxBook.put(x.createCell(2), r[2]);
        }
        b.text("Status", s.status() == SignOffStatus.APPROVED ? "Approved" : "Draft");
        b.text("Signature", "");
    }
}
