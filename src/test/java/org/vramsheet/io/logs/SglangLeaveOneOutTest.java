package org.vramsheet.io.logs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.vramsheet.core.calc.SizingCalculator;
import org.vramsheet.core.engine.sglang.SglangBoards;
import org.vramsheet.core.result.FigureKey;
import org.vramsheet.core.result.SizingResult;
import org.vramsheet.core.sheet.Engine;
import org.vramsheet.core.sheet.Gpu;
import org.vramsheet.core.sheet.ResultSettings;
import org.vramsheet.core.sheet.RuntimeSettings;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.core.units.Units;
import org.vramsheet.core.validation.Measurement;
import org.vramsheet.io.catalog.GpuCatalog;
import org.vramsheet.io.logs.FieldLogs.FieldLog;
import org.vramsheet.io.model.ConfigImporter;
import org.vramsheet.io.model.ModelImport;

/**
 * SGLang before launch, leave-one-out over its predictable field logs (a config here, a catalog GPU, the settings shown). The
 * one figure the source cannot give, K = what was not free to the pool (total - (printed pool + estimated weights) /
 * fraction), is two terms (SglangNonKv): the memory not free at load (total - "Load weight begin. avail mem"), by kind (one
 * GPU, TP on PCIe cards, TP on an NVLink board), measured on every SGLang field log that prints it on a catalog GPU, and what
 * the load takes beyond the weight estimate (K - not free at load), from the predictable logs that print their free memory.
 * For each log both are the medians of the other logs, and its max_total_num_tokens is predicted from its config, GPU and
 * settings; the module's constants are the medians on every log.
 */
class SglangLeaveOneOutTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** One predictable log: its sheet before launch (non-torch empty) and what it printed. */
    record Case(FieldLog log, Worksheet sheet, long tokens, Long atLoad) {
        String id() { return log.id(); }

        String kind() { return kindOf(sheet.runtime().tensorParallel(), sheet.gpu().name()); }

        /** The sheet with this much memory not free at load (RUNTIME non-torch). */
        Worksheet with(long notFree) { return sheet.withRuntime(sheet.runtime().toBuilder().nonTorchBytes(notFree).build()); }

        /** K of this log: total - (tokens x cell + weights per GPU) / fraction, from the sheet's own cell, weights and fraction. */
        long notFree() {
            SizingResult r = SizingCalculator.calculate(with(0L));
            long cell = r.get(FigureKey.KV_CACHE_BYTES_PER_TOKEN_PER_GPU).value();
            long weights = r.get(FigureKey.WEIGHTS_BYTES_PER_GPU).value();
            double fraction = r.get(FigureKey.POOL_FRACTION).ratio();
            return sheet.gpu().totalBytes() - Math.round((tokens * (double) cell + weights) / fraction);
        }

        /** What the load took beyond the weight estimate: K - not free at load (null when the log prints no free memory). */
        Long beyond() { return atLoad == null ? null : notFree() - atLoad; }

        long predicted(long notFree) { return SizingCalculator.calculate(with(notFree)).get(FigureKey.POOL_CAPACITY_TOKENS).value(); }
    }

    /** A log's memory not free at load: the catalog GPU's CUDA-visible total - the free memory it printed before the weights. */
    record AtLoad(String id, String kind, long bytes) { }

    /** The kind the not-free-at-load term is taken for (SglangNonKv.Kind): one GPU, TP on PCIe, TP on NVLink. */
    static String kindOf(int tp, String gpu) { return tp <= 1 ? "one GPU" : SglangBoards.nvlink(gpu) ? "TP, NVLink" : "TP, PCIe"; }

    static long total(FieldLog l) {
        return GpuCatalog.entries().stream().filter(g -> g.name().equals(l.e().get("gpu_catalog").asText())).findFirst()
                .orElseThrow().cudaVisibleBytes();
    }

    static int tp(FieldLog l) { return l.setup("tensor_parallel_size") == null ? 1 : l.setup("tensor_parallel_size").asInt(); }

    /** Every SGLang field log on a catalog GPU that prints its free memory at load (read or predicted alike). */
    static List<AtLoad> atLoads() {
        List<AtLoad> out = new ArrayList<>();
        // the module's constants are CUDA's: a ROCm log (SR01, MI300X, release not printed) is checked after Apply only
        // (RocmFieldLogTest), not fitted here
        for (FieldLog l : FieldLogs.of("sglang").filter(x -> x.e().hasNonNull("gpu_catalog")
                && !x.e().get("gpu_catalog").asText().startsWith("AMD")).toList()) {
            Long free = EngineLogParser.parse(l.text()).freeBeforeWeightsBytes();
            if (free != null) {
                out.add(new AtLoad(l.id(), kindOf(tp(l), l.e().get("gpu_catalog").asText()), total(l) - free));
            }
        }
        return out;
    }

    static List<Case> cases() throws Exception {
        List<Case> out = new ArrayList<>();
        for (FieldLog l : FieldLogs.of("sglang").filter(x -> x.checks("predict")).toList()) {
            Measurement m = EngineLogParser.parse(l.text());
            Long free = m.freeBeforeWeightsBytes();
            out.add(new Case(l, preLaunch(l), m.kvTokens(), free == null ? null : total(l) - free));
        }
        return out;
    }

    /**
     * The log's sheet as a new user fills it: the model's config (an FP8 checkpoint: the same config with the quantization_config
     * the log shows, so the importer applies its FP8 rule: embeddings and LM head unquantized, block scales), the catalog GPU's
     * CUDA-visible total, SGLang with the release, TP, PP, page size and mem_fraction_static the source shows (else defaults).
     */
    static Worksheet preLaunch(FieldLog l) throws Exception {
        JsonNode e = l.e();
        ModelImport m = model(l);
        long total = total(l);
        int tp = tp(l);
        RuntimeSettings.Builder r = RuntimeSettings.builder().engine(Engine.SGLANG).engineVersion(e.path("engine_version").asText(""))
                .tensorParallel(tp);
        if (l.setup("memory_fraction") != null) {
            r.utilization(l.setup("memory_fraction").asDouble());
        }
        if (l.setup("page_size") != null) {
            r.blockSize(l.setup("page_size").asInt());
        }
        return m.applyTo(new Worksheet(null, null, null, null, r.build(), new Gpu(e.get("gpu_catalog").asText(), tp, total), null,
                new ResultSettings(0L, null, null, null), null, null));
    }

    /** The entry's config as the importer reads it; an FP8 checkpoint's with the quantization_config the log shows added. */
    static ModelImport model(FieldLog l) throws Exception {
        JsonNode e = l.e();
        ObjectNode root;
        try (InputStream in = SglangLeaveOneOutTest.class.getResourceAsStream("/configs/" + e.get("config").asText())) {
            root = (ObjectNode) JSON.readTree(in);
        }
        if (l.setup("quantization") != null && "fp8".equals(l.setup("quantization").asText())) {
            ObjectNode q = root.putObject("quantization_config").put("quant_method", "fp8");
            if (l.setup("weight_block_size") != null) {
                q.set("weight_block_size", l.setup("weight_block_size"));
            }
        }
        return ConfigImporter.parse(root, e.get("config").asText(), null, e.get("model").asText());
    }

    static long median(List<Long> v) {
        List<Long> s = v.stream().sorted().toList();
        int n = s.size();
        return n % 2 == 1 ? s.get(n / 2) : Math.round((s.get(n / 2 - 1) + s.get(n / 2)) / 2.0);
    }

    /** Each log with its own K reproduces its printed tokens: the arithmetic of K is the pool rule's, inverted. */
    @Test
    void eachLogsOwnNotFreeMemoryGivesItsTokens() throws Exception {
        for (Case c : cases()) {
            long got = c.predicted(c.notFree());
            assertTrue(Math.abs(got - c.tokens) <= Math.max(64, c.tokens / 100_000), c.id() + ": " + got + " vs " + c.tokens);
        }
    }

    /** The fit without the log {@code id}: not free at load of its kind (else of every kind) + the load beyond the weights. */
    record Fit(long atLoad, long beyond, boolean fallback) {
        long k() { return atLoad + beyond; }

        static Fit without(String id, String kind, List<Case> cases, List<AtLoad> atLoads) {
            List<Long> same = atLoads.stream().filter(a -> !a.id().equals(id) && a.kind().equals(kind)).map(AtLoad::bytes).toList();
            boolean fallback = same.isEmpty();
            long atLoad = median(fallback ? atLoads.stream().filter(a -> !a.id().equals(id)).map(AtLoad::bytes).toList() : same);
            long beyond = median(cases.stream().filter(o -> !o.id().equals(id) && o.beyond() != null).map(Case::beyond).toList());
            return new Fit(atLoad, beyond, fallback);
        }
    }

    @Test
    void beforeLaunchLeaveOneOut() throws Exception {
        List<Case> cases = cases();
        List<AtLoad> atLoads = atLoads();
        List<String> rows = new ArrayList<>();
        List<Double> errs = new ArrayList<>();
        for (Case c : cases) {
            Fit f = Fit.without(c.id(), c.kind(), cases, atLoads);
            long got = c.predicted(f.k());
            double err = (got - c.tokens) / (double) c.tokens;
            errs.add(Math.abs(err));
            rows.add(String.format(Locale.ROOT, "| %s | %s | %d | %s | %s | %,d | %,d | %+.2f %% | %s = %s%s + %s (own %s%s) |", c.id(),
                    c.log.e().get("gpu_catalog").asText(), c.sheet.runtime().tensorParallel(), c.kind(),
                    c.log.e().path("engine_version").asText("-"), c.tokens, got, 100 * err, Units.gibText(f.k()),
                    Units.gibText(f.atLoad()), f.fallback() ? " (no other log of its kind: every kind's median)" : "",
                    Units.gibText(f.beyond()), Units.gibText(c.notFree()),
                    c.atLoad == null ? "" : ", at load " + Units.gibText(c.atLoad)));
        }
        List<Double> sorted = errs.stream().sorted().toList();
        double median = sorted.size() % 2 == 1 ? sorted.get(sorted.size() / 2)
                : (sorted.get(sorted.size() / 2 - 1) + sorted.get(sorted.size() / 2)) / 2;
        double worst = sorted.get(sorted.size() - 1);
        System.out.printf(Locale.ROOT, "SGLang before launch (leave-one-out), %d logs, median %.2f %%, worst %.2f %%:%n%s%n",
                cases.size(), 100 * median, 100 * worst, String.join("\n", rows));
        assertTrue(cases.size() >= 6, "predictable SGLang logs: " + cases.size());
        // issue 27's target, median 1 % and worst 5 %, on logs the constants were not fitted to
        assertTrue(median <= 0.01, "median " + median);
        assertTrue(worst <= 0.05, "worst " + worst);
    }

    /** The memory not free at load that each kind's constant is the median of, as the logs print it. */
    @Test
    void theNotFreeAtLoadByKind() {
        List<AtLoad> atLoads = atLoads();
        for (String kind : List.of("one GPU", "TP, PCIe", "TP, NVLink")) {
            List<AtLoad> of = atLoads.stream().filter(a -> a.kind().equals(kind)).toList();
            long median = median(of.stream().map(AtLoad::bytes).toList());
            System.out.printf(Locale.ROOT, "not free at load, %s: %s -> median %s%n", kind,
                    of.stream().map(a -> a.id() + " " + Units.gibText(a.bytes())).toList(), Units.gibText(median));
            assertTrue(!of.isEmpty(), kind);
        }
    }

    /** The sheet's K is the medians on every log (to the 0.01 GiB the constants are written with), for each case's kind. */
    @Test
    void theModulesConstantsAreTheFitOnEveryLog() throws Exception {
        List<Case> cases = cases();
        List<AtLoad> atLoads = atLoads();
        for (Case c : cases) {
            Fit all = Fit.without("", c.kind(), cases, atLoads);
            long used = SizingCalculator.calculate(c.sheet).get(FigureKey.POOL_NON_TORCH_BYTES).value();
            assertEquals(Math.round(all.atLoad() / (double) Units.GIB * 100) / 100.0 + Math.round(all.beyond() / (double) Units.GIB
                    * 100) / 100.0, used / (double) Units.GIB, 0.006, c.id() + " (" + c.kind() + "): fit " + Units.gibText(all.atLoad())
                    + " + " + Units.gibText(all.beyond()) + ", module " + Units.gibText(used));
        }
    }

    /** The measured free memory before the weights, where a log prints it, is what the fit stands in for: printed, not fitted. */
    @Test
    void theFreeMemoryAtLoadIsPrintedWhereTheFitStandsIn() throws Exception {
        for (Case c : cases()) {
            Measurement m = EngineLogParser.parse(c.log.text());
            if (m.freeBeforeWeightsBytes() != null) {
                long notFreeAtLoad = c.sheet.gpu().totalBytes() - m.freeBeforeWeightsBytes();
                System.out.printf(Locale.ROOT, "%s: total - free at load %s, K %s%n", c.id(), Units.gibText(notFreeAtLoad),
                        Units.gibText(c.notFree()));
                assertTrue(notFreeAtLoad > 0 && notFreeAtLoad < Units.GIB * 2, c.id() + " " + Units.gibText(notFreeAtLoad));
            }
        }
    }
}
