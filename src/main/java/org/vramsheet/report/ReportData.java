package org.vramsheet.report;

import org.vramsheet.core.result.FigureKey;
import org.vramsheet.core.result.LatencyFigure;
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
import org.vramsheet.core.calc.LatencyComparison;
import org.vramsheet.core.curves.Curves;
import org.vramsheet.core.input.InputText;
import org.vramsheet.core.input.Inputs;
import org.vramsheet.core.result.Figure;
import org.vramsheet.core.result.FigureFormat;
import org.vramsheet.core.result.HeadlineBasis;
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

    /** One SS-007 section: its title and the keys of its results (its inputs are printed from their declarations). */
    public record Section(String title, List<FigureKey> resultKeys) { }

    public final Worksheet sheet;
    public final SizingResult result;
    public final Curves.Charts charts;
    public final String json;
    public final String fingerprint;
    public final String generatedAt;
    public final String version;
    /** The sheet's variants side by side (one column and nothing to print for a sheet without variants). */
    public final Comparison.Table comparison;
    /** Whether the headline figures are estimated or measured, in the words every report prints. */
    public final HeadlineBasis basis;
    /** VALIDATION's measured latency against the estimate, per probe step (issue 29): the window's table. */
    public final LatencyComparison measuredLatency;

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
        this.basis = HeadlineBasis.of(result, sheet.validation().setup());
        this.measuredLatency = LatencyComparison.of(sheet, outcome);
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

    private static String count(Long n) { return n == null ? "-" : Units.grouped(n); }


    /** The report's sections in SS-007 order, each with the results it prints (its inputs come from the declarations). */
    public List<Section> sections() {
        return List.of(new Section("MODEL", List.of()),
                new Section("WEIGHTS", List.of(FigureKey.WEIGHTS_ESTIMATED_BYTES, FigureKey.WEIGHTS_ENCODER_BYTES,
                        FigureKey.WEIGHTS_BYTES, FigureKey.WEIGHTS_BYTES_PER_PARAM, FigureKey.WEIGHTS_BYTES_PER_GPU)),
                new Section("KV ARCHITECTURE", List.of(FigureKey.KV_CACHE_BYTES_PER_TOKEN, FigureKey.KV_CACHE_BYTES_PER_TOKEN_PER_GPU,
                        FigureKey.KV_CACHE_BYTES_PER_TOKEN_BEYOND_WINDOWS, FigureKey.KV_CACHE_QUERY_HEAD_MISTAKE_BYTES_PER_TOKEN)),
                new Section("RUNTIME", List.of(FigureKey.POOL_ACTIVATION_PEAK_BYTES, FigureKey.POOL_NON_TORCH_BYTES,
                        FigureKey.POOL_CUDA_GRAPH_ESTIMATE_BYTES, FigureKey.POOL_FRACTION, FigureKey.POOL_REQUESTED_BYTES,
                        FigureKey.POOL_NON_KV_BYTES, FigureKey.POOL_CUDA_GRAPH_BYTES, FigureKey.POOL_KV_POOL_BYTES,
                        FigureKey.POOL_BLOCK_SIZE, FigureKey.POOL_GPU_BLOCKS, FigureKey.POOL_CAPACITY_TOKENS,
                        FigureKey.POOL_CONTEXT_LENGTH, FigureKey.KV_CACHE_BYTES_PER_SEQUENCE, FigureKey.POOL_CONCURRENCY_RATIO,
                        FigureKey.POOL_MAX_CONCURRENCY, FigureKey.SPECULATIVE_TOKENS, FigureKey.SPECULATIVE_VERIFY_TOKENS,
                        FigureKey.SPECULATIVE_DRAFT_WEIGHTS_BYTES, FigureKey.SPECULATIVE_DRAFT_KV_BYTES_PER_TOKEN,
                        FigureKey.SPECULATIVE_POOL_BYTES_PER_TOKEN_PER_GPU, FigureKey.SPECULATIVE_DRAFT_CONTEXT_BYTES,
                        FigureKey.LORA_BYTES_PER_ADAPTER, FigureKey.LORA_SLOT_BYTES_PER_GPU, FigureKey.LORA_PUNICA_BYTES_PER_GPU,
                        FigureKey.LORA_GPU_BYTES_PER_GPU, FigureKey.LORA_GPU_BYTES, FigureKey.LORA_HOST_BYTES_PER_NODE,
                        FigureKey.OFFLOAD_HOST_BYTES_PER_RANK, FigureKey.OFFLOAD_HOST_BYTES_PER_NODE, FigureKey.OFFLOAD_HOST_TOKENS,
                        FigureKey.OFFLOAD_HOST_RAM_ASKED_BYTES, FigureKey.OFFLOAD_FITS_HOST_RAM)),
                new Section("VALIDATION", List.of()),
                new Section("RESULT", List.of(FigureKey.RESULT_NON_KV_BYTES, FigureKey.RESULT_KV_BYTES,
                        FigureKey.RESULT_FRAGMENTATION_BYTES, FigureKey.RESULT_HEADROOM_BYTES, FigureKey.RESULT_BUDGET_BYTES,
                        FigureKey.RESULT_GPU_CAPACITY_BYTES, FigureKey.RESULT_MARGIN_BYTES, FigureKey.RESULT_FITS)),
                new Section(LATENCY, latencyKeys()));
    }

    /** The title of the latency estimate's section (issue 29). */
    public static final String LATENCY = "LATENCY, SLA AND COST (estimate before launch)";

    /** Each scenario's TTFT, ITL and throughput, then the SLA verdict and the costs: what the window's parts show. */
    public static List<FigureKey> latencyKeys() {
        List<FigureKey> out = new ArrayList<>();
        for (ScenarioId id : ScenarioId.values()) {
            for (LatencyFigure f : List.of(LatencyFigure.TTFT, LatencyFigure.TTFT_P95, LatencyFigure.ITL,
                    LatencyFigure.THROUGHPUT)) {
                out.add(FigureKey.performance(id, f));
            }
        }
        out.addAll(List.of(FigureKey.SLA_LATENCY_MAX_CONCURRENCY, FigureKey.SLA_MAX_CONCURRENCY, FigureKey.SLA_LATENCY_BINDS,
                FigureKey.COST_PRICE_PER_GPU_HOUR, FigureKey.COST_REPLICA_HOUR, FigureKey.COST_FLEET_HOUR));
        for (ScenarioId id : ScenarioId.values()) {
            out.add(FigureKey.costPerMillion(id));
        }
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
        List<String> share = new ArrayList<>(List.of("Share of sequences with the prefix"));
        for (ScenarioId id : ScenarioId.values()) {
            Double v = sheet.workloads().get(id).sharedPrefixShare();
            share.add(v == null ? "all" : InputText.of(Inputs.get("workloads." + id.key() + ".sharedPrefixShare"), v));
        }
        rows.add(share);
        Map<String, ScenarioFigure> results = new LinkedHashMap<>();
        results.put("Aggregate active tokens", ScenarioFigure.ACTIVE_TOKENS);
        results.put("Unique tokens after prefix sharing", ScenarioFigure.UNIQUE_TOKENS);
        results.put("Tokens stored after prefix sharing", ScenarioFigure.STORED_TOKENS);
        results.put("Sequences the pool holds without sharing", ScenarioFigure.CONCURRENCY_WITHOUT_SHARING);
        results.put("Sequences the pool holds with sharing", ScenarioFigure.CONCURRENCY_WITH_SHARING);
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
