package org.vramsheet.report;

import org.vramsheet.core.result.FigureKey;
import org.vramsheet.core.result.ScenarioFigure;

import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.vramsheet.core.calc.SizingCalculator;
import org.vramsheet.core.compare.Comparison;
import org.vramsheet.core.curves.Curves;
import org.vramsheet.core.result.Figure;
import org.vramsheet.core.result.FigureFormat;
import org.vramsheet.core.result.SizingResult;
import org.vramsheet.core.result.Unit;
import org.vramsheet.core.sheet.Gpu;
import org.vramsheet.core.sheet.KvArchitecture;
import org.vramsheet.core.sheet.LayerWindow;
import org.vramsheet.core.sheet.RuntimeSettings;
import org.vramsheet.core.sheet.Scenario;
import org.vramsheet.core.sheet.ScenarioId;
import org.vramsheet.core.sheet.SignOff;
import org.vramsheet.core.sheet.Validation;
import org.vramsheet.core.sheet.Weights;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.core.units.Units;
import org.vramsheet.io.json.Fingerprint;
import org.vramsheet.io.json.WorksheetJson;

/**
 * Everything a report prints, taken from the sheet and the core's results (reports never recompute):
 * the SS-007 sections as rows of inputs and results, the chart series, the fingerprint and metadata.
 */
public final class ReportData {
    /** One printed row: label and value text. */
    public record Row(String label, String value) { }

    /** One SS-007 section: its inputs and the keys of its results. */
    public record Section(String title, List<Row> inputs, List<FigureKey> resultKeys) { }

    public final Worksheet sheet;
    public final SizingResult result;
    public final Curves.Charts charts;
    public final String json;
    public final String fingerprint;
    public final String generatedAt;
    public final String version;
    /** The sheet's variants side by side (one column and nothing to print for a sheet without variants). */
    public final Comparison.Table comparison;

    /** Calculates the sheet once here (the command line, verify): results, charts and the variants' comparison. */
    public ReportData(Worksheet sheet, String version, ZonedDateTime now) {
        this(sheet, version, now.format(DATE));
    }

    /**
     * The sheet's own calculation, as the window shows it: nothing is calculated again for this sheet (only the other
     * variants, for the comparison).
     *
     * @param outcome the calculation of {@code sheet}
     * @param charts  its charts ({@link Curves#of(SizingCalculator.Outcome)})
     */
    public ReportData(Worksheet sheet, SizingCalculator.Outcome outcome, Curves.Charts charts, String version, ZonedDateTime now) {
        this(sheet, outcome, charts, version, now.format(DATE));
    }

    /** Local date and time to the minute, with the zone: "2026-11-30 09:18 UTC (+00:00)". */
    static final DateTimeFormatter DATE = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm zzz (xxx)", Locale.ROOT);

    /** With the generation time as printed (verify renders a report again at its own time). */
    ReportData(Worksheet sheet, String version, String generatedAt) {
        this(sheet, SizingCalculator.compute(sheet), version, generatedAt);
    }

    private ReportData(Worksheet sheet, SizingCalculator.Outcome outcome, String version, String generatedAt) {
        this(sheet, outcome, Curves.of(outcome), version, generatedAt);
    }

    private ReportData(Worksheet sheet, SizingCalculator.Outcome outcome, Curves.Charts charts, String version,
                       String generatedAt) {
        this.sheet = sheet;
        this.result = outcome.result();
        this.charts = charts;
        this.json = WorksheetJson.write(sheet);
        this.fingerprint = Fingerprint.of(json);
        this.generatedAt = generatedAt;
        this.version = version;
        this.comparison = Comparison.of(sheet, outcome);
    }

    /** A figure in a narrow table cell: "65.71 GiB (70.55 GB)", "46 sequences", "unavailable". */
    public String shortText(Figure f) {
        if (!f.available()) {
            return "unavailable";
        }
        if (f.key().equals(FigureKey.RESULT_FITS.id())) {
            return f.isTrue() ? "FITS" : "DOES NOT FIT";
        }
        return f.unit() == Unit.BYTES && Math.abs(f.value()) >= Units.GIB / 4
                ? Units.gibText(f.value()) + " (" + Units.gbText(f.value()) + ")" : text(f);
    }

    public Figure figure(FigureKey key) { return result.get(key); }

    /** One of a scenario's figures. */
    public Figure sheetFigure(ScenarioId id, ScenarioFigure figure) { return result.get(id, figure); }

    /** A figure as printed: "131.42 GiB (141.11 GB, 141,107,412,992 B)", "15 sequences", or "unavailable: why". */
    public String text(FigureKey key) { return text(result.get(key)); }

    /** A figure as printed (see {@link #text(FigureKey)}). */
    public String text(Figure f) {
        if (!f.available()) {
            return "unavailable: " + f.reason();
        }
        return switch (f.unit()) {
            case BYTES -> Math.abs(f.value()) < Units.GIB / 4 ? Units.bytesText(f.value())
                    : Units.gibText(f.value()) + " (" + Units.gbText(f.value()) + ", " + Units.grouped(f.value()) + " B)";
            default -> FigureFormat.nonBytes(f, "parameters", "NO");
        };
    }

    private static String opt(Object o) { return o == null ? "-" : o.toString(); }

    private static String count(Long n) { return n == null ? "-" : Units.grouped(n); }

    private static String count(Integer n) { return n == null ? "-" : Units.grouped(n); }

    /** Bytes as every other row prints them: small ones with their binary unit, large ones in GiB, GB and B (once each). */
    private static String bytes(Long n) {
        return n == null ? "-" : Math.abs(n) < Units.GIB / 4 ? Units.bytesText(n)
                : Units.gibText(n) + " (" + Units.gbText(n) + ", " + Units.grouped(n) + " B)";
    }

    public List<Section> sections() {
        List<Section> out = new ArrayList<>();
        var m = sheet.model();
        out.add(new Section("MODEL", List.of(new Row("Exact model ID", m.modelId()), new Row("Revision", m.revision()),
                new Row("Architecture", m.architecture()), new Row("Maximum context", count(m.maxContextTokens()))), List.of()));
        Weights w = sheet.weights();
        out.add(new Section("WEIGHTS", List.of(new Row("Parameter count (total)", count(w.totalParams())),
                new Row("Parameter count (active)", count(w.activeParams())),
                new Row("Weight dtype / quantization", w.format().label() + (w.groupSize() != null ? ", group "
                        + w.groupSize() + " (" + opt(w.scaleBits()) + "-bit scale, " + opt(w.zeroPointBits()) + "-bit zero)" : "")),
                new Row("Model (compute) dtype", w.computeDtype().label()),
                new Row("Unquantized parameters", count(w.unquantizedParams())),
                new Row("Actual checkpoint bytes", bytes(w.checkpointBytes())),
                new Row("Actual checkpoint format", w.checkpointFormat()),
                new Row("Encoder parameters (vision / audio)", w.encoderParams() == null ? "none" : count(w.encoderParams()))),
                List.of(FigureKey.WEIGHTS_ESTIMATED_BYTES, FigureKey.WEIGHTS_ENCODER_BYTES, FigureKey.WEIGHTS_BYTES,
                FigureKey.WEIGHTS_BYTES_PER_PARAM, FigureKey.WEIGHTS_BYTES_PER_GPU)));
        out.add(kvSection());
        RuntimeSettings r = sheet.runtime();
        Gpu g = sheet.gpu();
        out.add(new Section("RUNTIME", List.of(new Row("Inference engine", r.engine().label()),
                new Row("Version", r.engineVersion()), new Row("Cache implementation", r.cacheImplementation().label()),
                new Row("Parallelism", "TP " + r.tensorParallel() + " x PP " + r.pipelineParallel()),
                new Row("Utilization / fraction", r.utilization() == null ? "engine default" : r.utilization().toString()),
                new Row("Block size", r.blockSize() == null ? "engine default" : r.blockSize().toString()),
                new Row("Max model length", count(r.maxModelLen())), new Row("Prefix caching", r.prefixCaching() ? "on" : "off"),
                new Row("Fragmentation allowance", r.fragmentationPercent() + " %"),
                new Row("GPU", g.count() + " x " + g.name() + ", " + bytes(g.totalBytes()) + " CUDA-visible each")),
                List.of(FigureKey.POOL_ACTIVATION_PEAK_BYTES, FigureKey.POOL_NON_TORCH_BYTES, FigureKey.POOL_CUDA_GRAPH_ESTIMATE_BYTES,
                        FigureKey.POOL_FRACTION, FigureKey.POOL_REQUESTED_BYTES, FigureKey.POOL_NON_KV_BYTES,
                        FigureKey.POOL_CUDA_GRAPH_BYTES, FigureKey.POOL_KV_POOL_BYTES,
                        FigureKey.POOL_BLOCK_SIZE, FigureKey.POOL_GPU_BLOCKS, FigureKey.POOL_CAPACITY_TOKENS, FigureKey.POOL_CONTEXT_LENGTH,
                        FigureKey.KV_CACHE_BYTES_PER_SEQUENCE, FigureKey.POOL_CONCURRENCY_RATIO, FigureKey.POOL_MAX_CONCURRENCY)));
        Validation v = sheet.validation();
        out.add(new Section("VALIDATION", List.of(new Row("Measured non-KV footprint", bytes(v.measuredNonKvBytes())),
                new Row("Allocated KV memory", bytes(v.allocatedKvBytes())),
                new Row("KV capacity in tokens", count(v.kvCapacityTokens())),
                new Row("Measured peak VRAM", bytes(v.measuredPeakBytes())),
                new Row("Preemption/OOM boundary", v.preemptionSequences() == null ? "-"
                        : Units.grouped(v.preemptionSequences()) + " sequences"), new Row("Notes", v.notes())), List.of()));
        out.add(new Section("RESULT", List.of(new Row("Operational headroom", bytes(sheet.result().headroomBytes())),
                new Row("Scenario that sizes the budget", sheet.result().sizingScenario().label())),
                List.of(FigureKey.RESULT_NON_KV_BYTES, FigureKey.RESULT_KV_BYTES, FigureKey.RESULT_FRAGMENTATION_BYTES,
                FigureKey.RESULT_HEADROOM_BYTES,
                        FigureKey.RESULT_BUDGET_BYTES, FigureKey.RESULT_GPU_CAPACITY_BYTES, FigureKey.RESULT_MARGIN_BYTES,
                        FigureKey.RESULT_FITS)));
        return out;
    }

    private Section kvSection() {
        KvArchitecture k = sheet.kv();
        StringBuilder win = new StringBuilder();
        for (LayerWindow lw : k.windows()) {
            win.append(win.length() == 0 ? "" : "; ").append(opt(lw.layers())).append(" layers x ")
                    .append(count(lw.window())).append(" tokens (").append(lw.kind().name().toLowerCase(Locale.ROOT))
                    .append(lw.kvHeads() != null ? ", " + lw.kvHeads() + " KV heads" : "")
                    .append(lw.headDim() != null ? ", head size " + lw.headDim() : "")
                    .append(lw.kvDtype() != null ? ", " + lw.kvDtype().label() : "").append(")");
        }
        return new Section("KV ARCHITECTURE", List.of(new Row("Attention/cache type", k.kind().label()),
                new Row("Attention layers", count(k.layers())), new Row("Attention heads", count(k.attentionHeads())),
                new Row("KV heads", count(k.kvHeads())), new Row("Head dimension", k.headDim() != null ? count(k.headDim())
                        : result.get(FigureKey.KV_CACHE_HEAD_DIM).available() ? count(result.get(FigureKey.KV_CACHE_HEAD_DIM).value())
                        + " (hidden " + count(k.hiddenSize()) + " / " + count(k.attentionHeads()) + " heads)" : "-"),
                new Row("MLA kv_lora_rank + qk_rope_head_dim", k.kvLoraRank() == null ? "-"
                        : k.kvLoraRank() + " + " + opt(k.qkRopeHeadDim())),
                new Row("KV-cache dtype", k.kvDtype().label()), new Row("Windows", win.length() == 0 ? "none" : win.toString()),
                new Row("Fixed-state layers", k.stateLayers() == null ? "-" : k.stateLayers() + " x "
                        + bytes(k.stateBytesPerLayer()))),
                List.of(FigureKey.KV_CACHE_BYTES_PER_TOKEN, FigureKey.KV_CACHE_BYTES_PER_TOKEN_PER_GPU,
                FigureKey.KV_CACHE_BYTES_PER_TOKEN_BEYOND_WINDOWS,
                        FigureKey.KV_CACHE_QUERY_HEAD_MISTAKE_BYTES_PER_TOKEN));
    }

    /** Rows of the workload table: label, then Typical / Heavy / Limit. */
    public List<List<String>> workloadRows() {
        List<List<String>> rows = new ArrayList<>();
        rows.add(List.of("", "Typical", "Heavy", "Limit"));
        String[][] inputs = {{"Input tokens", "i"}, {"Expected generated tokens", "g"}, {"Concurrent active sequences", "c"},
            {"Shared prefix tokens", "p"}};
        for (String[] in : inputs) {
            List<String> row = new ArrayList<>(List.of(in[0]));
            for (ScenarioId id : ScenarioId.values()) {
                var s = sheet.workloads().get(id);
                Long v = switch (in[1]) {
                    case "i" -> s.inputTokens();
                    case "g" -> s.generatedTokens();
                    case "c" -> s.concurrentSequences();
                    default -> s.sharedPrefixTokens();
                };
                row.add(s.explicit() && !in[1].equals("p") ? "explicit list" : count(v));
            }
            rows.add(row);
        }
        Map<String, ScenarioFigure> results = new LinkedHashMap<>();
        results.put("Aggregate active tokens", ScenarioFigure.ACTIVE_TOKENS);
        results.put("Calculated raw KV", ScenarioFigure.KV_BYTES);
        results.put("Physical KV (engine blocks)", ScenarioFigure.PHYSICAL_KV_BYTES);
        results.put("Fits the KV pool", ScenarioFigure.FITS);
        results.put("Share of the pool", ScenarioFigure.POOL_SHARE);
        for (Map.Entry<String, ScenarioFigure> res : results.entrySet()) {
            List<String> row = new ArrayList<>(List.of(res.getKey()));
            for (ScenarioId id : ScenarioId.values()) {
                Figure f = result.get(id, res.getValue());
                row.add(!f.available() ? "unavailable" : f.unit() == Unit.BYTES ? Units.gibText(f.value())
                        : text(f));
            }
            rows.add(row);
        }
        return rows;
    }

    public SignOff signOff() { return sheet.signOff(); }

    /** The key numbers verify looks for in a report's text. */
    public List<String> keyNumbers() {
        List<String> out = new ArrayList<>();
        for (FigureKey k : List.of(FigureKey.WEIGHTS_BYTES, FigureKey.KV_CACHE_BYTES_PER_TOKEN, FigureKey.POOL_KV_POOL_BYTES,
                FigureKey.RESULT_BUDGET_BYTES, FigureKey.RESULT_GPU_CAPACITY_BYTES)) {
            Figure f = result.get(k);
            if (f.available()) {
                out.add(Units.grouped(f.value()));
            }
        }
        return out;
    }
}
