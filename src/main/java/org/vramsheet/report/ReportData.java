package org.vramsheet.report;

import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import org.vramsheet.core.calc.SizingCalculator;
import org.vramsheet.core.curves.Curves;
import org.vramsheet.core.result.Figure;
import org.vramsheet.core.result.SizingResult;
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
    public record Section(String title, List<Row> inputs, List<String> resultKeys) { }

    public final Worksheet sheet;
    public final SizingResult result;
    public final Curves.Charts charts;
    public final String json;
    public final String fingerprint;
    public final String generatedAt;
    public final String version;

    public ReportData(Worksheet sheet, String version, ZonedDateTime now) {
        this.sheet = sheet;
        SizingCalculator.Outcome o = SizingCalculator.compute(sheet);
        this.result = o.result();
        this.charts = Curves.of(o, 40);
        this.json = WorksheetJson.write(sheet);
        this.fingerprint = Fingerprint.of(json);
        this.generatedAt = now.format(DateTimeFormatter.ISO_OFFSET_DATE_TIME);
        this.version = version;
    }

    public Figure figure(String key) { return result.get(key); }

    /** A figure as printed: "131.42 GiB (141.11 GB, 141,107,412,992 B)", "15 sequences", or "unavailable: why". */
    public String text(String key) {
        Figure f = result.get(key);
        if (!f.available()) {
            return "unavailable: " + f.reason();
        }
        return switch (f.unit()) {
            case BYTES -> Math.abs(f.value()) < Units.GIB / 4 ? Units.bytesText(f.value())
                    : Units.gibText(f.value()) + " (" + Units.gbText(f.value()) + ", " + Units.grouped(f.value()) + " B)";
            default -> org.vramsheet.core.result.FigureFormat.nonBytes(f, "parameters", "NO");
        };
    }

    private static String opt(Object o) { return o == null ? "-" : o.toString(); }

    private static String count(Long n) { return n == null ? "-" : Units.grouped(n); }

    private static String count(Integer n) { return n == null ? "-" : Units.grouped(n); }

    private static String bytes(Long n) { return n == null ? "-" : Units.bytesText(n) + " = " + Units.gibText(n); }

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
                new Row("Actual checkpoint format", w.checkpointFormat())),
                List.of("weights.estimatedBytes", "weights.bytes", "weights.bytesPerParam", "weights.bytesPerGpu")));
        KvArchitecture k = sheet.kv();
        StringBuilder win = new StringBuilder();
        for (LayerWindow lw : k.windows()) {
            win.append(win.length() == 0 ? "" : "; ").append(opt(lw.layers())).append(" layers x ")
                    .append(count(lw.window())).append(" tokens (").append(lw.kind().name().toLowerCase(java.util.Locale.ROOT))
                    .append(")");
        }
        out.add(new Section("KV ARCHITECTURE", List.of(new Row("Attention/cache type", k.kind().label()),
                new Row("Attention layers", count(k.layers())), new Row("Attention heads", count(k.attentionHeads())),
                new Row("KV heads", count(k.kvHeads())), new Row("Head dimension", k.headDim() != null ? count(k.headDim())
                        : k.hiddenSize() != null ? "hidden " + k.hiddenSize() + " / heads" : "-"),
                new Row("MLA kv_lora_rank + qk_rope_head_dim", k.kvLoraRank() == null ? "-"
                        : k.kvLoraRank() + " + " + opt(k.qkRopeHeadDim())),
                new Row("KV-cache dtype", k.kvDtype().label()), new Row("Windows", win.length() == 0 ? "none" : win.toString()),
                new Row("Fixed-state layers", k.stateLayers() == null ? "-" : k.stateLayers() + " x "
                        + bytes(k.stateBytesPerLayer()))),
                List.of("kvCache.bytesPerToken", "kvCache.bytesPerTokenPerGpu", "kvCache.bytesPerTokenBeyondWindows",
                        "kvCache.queryHeadMistakeBytesPerToken")));
        RuntimeSettings r = sheet.runtime();
        Gpu g = sheet.gpu();
        out.add(new Section("RUNTIME", List.of(new Row("Inference engine", r.engine().label()),
                new Row("Version", r.engineVersion()), new Row("Cache implementation", r.cacheImplementation().label()),
                new Row("Parallelism", "TP " + r.tensorParallel() + " x PP " + r.pipelineParallel()),
                new Row("Utilization / fraction", r.utilization() == null ? "engine default" : r.utilization().toString()),
                new Row("Block size", r.blockSize() == null ? "engine default" : r.blockSize().toString()),
                new Row("Max model length", count(r.maxModelLen())), new Row("Prefix caching", r.prefixCaching() ? "on" : "off"),
                new Row("Activation peak / non-torch / CUDA graphs (estimates)", Units.binary(r.activationPeakBytes()) + " / "
                        + Units.binary(r.nonTorchBytes()) + " / " + Units.binary(r.cudaGraphBytes())),
                new Row("Fragmentation allowance", r.fragmentationPercent() + " %"),
                new Row("GPU", g.count() + " x " + g.name() + ", " + bytes(g.totalBytes()) + " CUDA-visible each")),
                List.of("pool.fraction", "pool.requestedBytes", "pool.nonKvBytes", "pool.cudaGraphBytes", "pool.kvPoolBytes",
                        "pool.blockSize", "pool.gpuBlocks", "pool.capacityTokens", "pool.contextLength",
                        "kvCache.bytesPerSequence", "pool.concurrencyRatio", "pool.maxConcurrency")));
        Validation v = sheet.validation();
        out.add(new Section("VALIDATION", List.of(new Row("Measured non-KV footprint", bytes(v.measuredNonKvBytes())),
                new Row("Allocated KV memory", bytes(v.allocatedKvBytes())),
                new Row("KV capacity in tokens", count(v.kvCapacityTokens())),
                new Row("Measured peak VRAM", bytes(v.measuredPeakBytes())),
                new Row("Preemption/OOM boundary", v.preemptionSequences() == null ? "-"
                        : Units.grouped(v.preemptionSequences()) + " sequences"), new Row("Notes", v.notes())), List.of()));
        out.add(new Section("RESULT", List.of(new Row("Operational headroom", bytes(sheet.result().headroomBytes())),
                new Row("Scenario that sizes the budget", sheet.result().sizingScenario().label())),
                List.of("result.nonKvBytes", "result.kvBytes", "result.fragmentationBytes", "result.headroomBytes",
                        "result.budgetBytes", "result.gpuCapacityBytes", "result.marginBytes", "result.fits")));
        return out;
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
        String[][] results = {{"Aggregate active tokens", "activeTokens"}, {"Calculated raw KV", "kvBytes"},
            {"Physical KV (engine blocks)", "physicalKvBytes"}, {"Fits the KV pool", "fits"}, {"Share of the pool", "poolShare"}};
        for (String[] res : results) {
            List<String> row = new ArrayList<>(List.of(res[0]));
            for (ScenarioId id : ScenarioId.values()) {
                Figure f = result.get("scenarios." + id.key() + "." + res[1]);
                row.add(!f.available() ? "unavailable" : f.unit() == org.vramsheet.core.result.Unit.BYTES ? Units.gibText(f.value())
                        : text(f.key()));
            }
            rows.add(row);
        }
        return rows;
    }

    public SignOff signOff() { return sheet.signOff(); }

    /** The key numbers verify looks for in a report's text. */
    public List<String> keyNumbers() {
        List<String> out = new ArrayList<>();
        for (String k : List.of("weights.bytes", "kvCache.bytesPerToken", "pool.kvPoolBytes", "result.budgetBytes",
                "result.gpuCapacityBytes")) {
            Figure f = result.get(k);
            if (f.available()) {
                out.add(Units.grouped(f.value()));
            }
        }
        return out;
    }
}
