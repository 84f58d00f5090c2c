package org.vramsheet.io.logs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.vramsheet.core.calc.Sheets;
import org.vramsheet.core.calc.SizingCalculator;
import org.vramsheet.core.result.FigureKey;
import org.vramsheet.core.sheet.Engine;
import org.vramsheet.core.sheet.Gpu;
import org.vramsheet.core.sheet.KvDtype;
import org.vramsheet.core.sheet.ResultSettings;
import org.vramsheet.core.sheet.RuntimeSettings;
import org.vramsheet.core.sheet.WeightFormat;
import org.vramsheet.core.sheet.Weights;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.core.units.Units;
import org.vramsheet.core.validation.LogComparison;
import org.vramsheet.core.validation.Measurement;
import org.vramsheet.io.catalog.GpuCatalog;
import org.vramsheet.io.hub.ModelSources;
import org.vramsheet.io.logs.FieldLogs.FieldLog;
import org.vramsheet.io.model.ModelImport;
import org.vramsheet.ui.text.Texts;

/**
 * SGLang's pool rule against its published logs: after Apply (with the log's free memory before the weights) the sheet's
 * max_total_num_tokens is the log's within 0.1 %; before launch, from config + GPU + settings, with leave-one-out errors.
 */
class SglangPoolTest {
    private static FieldLog log(String id) { return FieldLogs.of("sglang").filter(l -> l.id().equals(id)).findFirst().orElseThrow(); }

    private static ModelImport config(FieldLog l) throws Exception {
        Path p = Path.of(SglangPoolTest.class.getResource("/configs/" + l.e().get("config").asText()).toURI());
        return ModelSources.fromPath(p, l.e().get("model").asText(), null);
    }

    private static long catalogTotal(String name) {
        return GpuCatalog.entries().stream().filter(g -> g.name().equals(name)).findFirst().orElseThrow().cudaVisibleBytes();
    }

    /** The model's sheet on SGLang at the log's settings; non-torch, activations and graphs typed 0 (SGLang keeps them out). */
    private static Worksheet sheet(FieldLog l, Weights w, long total) throws Exception {
        ModelImport m = config(l);
        int tp = l.setup("tensor_parallel_size") == null ? 1 : l.setup("tensor_parallel_size").asInt();
        long maxLen = 4096;
        RuntimeSettings r = Sheets.engine(Engine.SGLANG, l.setup("memory_fraction").asDouble(), maxLen).toBuilder().tensorParallel(tp)
                .build();
        return new Worksheet(m.model(), w == null ? m.weights() : w, m.kv(), null, r, new Gpu(l.e().path("gpu").asText(""), tp, total),
                null, new ResultSettings(0L, null, maxLen, null), null, null);
    }

    private static long capacity(Worksheet ws) {
        return SizingCalculator.calculate(ws).get(FigureKey.POOL_CAPACITY_TOKENS).value();
    }

    /**
     * Check "rule" (the entry's pool follows from its own printed memory): Apply, then what the lead wires from
     * Measurement.freeBeforeWeightsBytes: SGLang starts from the free memory it measured, so the sheet's non-torch memory is
     * total - that free memory. SG02's page names no GPU: the free memory stands in for the
     * total (non-torch 0); the rule needs only the free memory.
     */
    @Test
    void afterApplyTheCapacityIsTheLogsWithinOneThousandth() throws Exception {
        List<String> rows = new ArrayList<>();
        for (FieldLog l : FieldLogs.of("sglang").filter(x -> x.checks("rule")).toList()) {
            Measurement m = EngineLogParser.parse(l.text());
            long free = m.freeBeforeWeightsBytes();
            Worksheet applied = LogComparison.apply(sheet(l, null, free), m);
            Worksheet wired = applied.withRuntime(applied.runtime().toBuilder().nonTorchBytes(applied.gpu().totalBytes() - free).build());
            long got = capacity(wired);
            double err = (got - m.kvTokens()) / (double) m.kvTokens();
            rows.add(String.format(Locale.ROOT, "| %s | %s | %,d | %,d | %+.3f %% |", l.id(), l.e().get("model").asText(), got,
                    m.kvTokens(), 100 * err));
            assertTrue(Math.abs(err) <= 0.001, l.id() + ": " + got + " vs " + m.kvTokens());
        }
        System.out.println("SGLang after Apply (sheet vs log max_total_num_tokens):\n" + String.join("\n", rows));
        assertFalse(rows.isEmpty());
    }

    /**
     * Seen (issue 27): SG01 (QwQ-32B, 4 x L4 24 GB, 0.4.3.post4). SGLang sized the pool from the 21.63 GB free at load, the
     * sheet from the catalog's memory. The rule with the log's free memory gives 46,620 against the printed 46,611; from the
     * catalog total it is 11 % high. Geometry: Qwen2 64 layers, 8 KV heads, head 128 (the QwQ-32B family's config, as in
     * github.com/Retruth/deontic nlp_models/qwq/README.md; the log's own K size, 1.42 GB for 46,612 slots, agrees).
     */
    @Test
    void theFreeMemoryAtLoadNotTheCatalogsSizesThePool() {
        Measurement m = EngineLogParser.parse(log("SG01").text());
        long l4 = catalogTotal("NVIDIA L4");
        RuntimeSettings r = Sheets.engine(Engine.SGLANG, m.utilization(), 4096).toBuilder().tensorParallel(4).build();
        Worksheet ws = new Worksheet(null, Sheets.weights(1, WeightFormat.FP16), Sheets.gqa(64, 40, 8, 128, KvDtype.BF16), null,
                r, new Gpu("NVIDIA L4", 4, l4), null, new ResultSettings(0L, null, 4096L, null), null, null);
        ws = LogComparison.apply(ws, m);
        long fromCatalog = capacity(ws);
        long fromLog = capacity(ws.withRuntime(ws.runtime().toBuilder().nonTorchBytes(l4 - m.freeBeforeWeightsBytes()).build()));
        System.out.printf(Locale.ROOT, "SG01: from the log's free memory %,d (%+.2f %%), from the catalog total %,d (%+.1f %%), "
                + "log %,d%n", fromLog, 100.0 * (fromLog - m.kvTokens()) / m.kvTokens(), fromCatalog,
                100.0 * (fromCatalog - m.kvTokens()) / m.kvTokens(), m.kvTokens());
        assertTrue(Math.abs(fromLog - m.kvTokens()) <= m.kvTokens() / 1000, fromLog + " vs " + m.kvTokens());
        assertTrue(fromCatalog > m.kvTokens() * 1.05, "the catalog total overstates what SGLang had: " + fromCatalog);
    }

    /** The default fraction by release: 0.4.3.post4 at TP 4 is the TP table's 0.85 (SG01), 0.5.4.post3 the capacity rule. */
    @Test
    void theDefaultFractionFollowsTheRelease() throws Exception {
        long h100 = catalogTotal("NVIDIA H100 SXM 80GB");
        RuntimeSettings old = Sheets.engine(Engine.SGLANG, null, 4096).toBuilder().engineVersion("0.4.3.post4").tensorParallel(4).build();
        Worksheet ws = new Worksheet(null, Sheets.weights(8_000_000_000L, WeightFormat.FP16), Sheets.gqa(32, 32, 8, 128, KvDtype.BF16),
                null, old, new Gpu("NVIDIA H100 SXM 80GB", 4, h100), null, new ResultSettings(0L, null, 4096L, null), null, null);
        assertEquals(0.85, SizingCalculator.calculate(ws).get(FigureKey.POOL_FRACTION).ratio(), 1e-12);
        for (String why : SizingCalculator.calculate(ws).get(FigureKey.POOL_FRACTION).provenance().assumptions()) {
            assertEquals(List.of(), Texts.of("ru").untranslated(why), "the TP-table reason has its Russian");
        }
        Worksheet current = ws.withRuntime(old.toBuilder().engineVersion("0.5.4.post3").tensorParallel(1).build())
                .withGpu(new Gpu("NVIDIA H100 SXM 80GB", 1, 81_559 * Units.MIB));
        // SG04 (0.5.4.post3) printed mem_fraction_static=0.835: the capacity rule's value for an 81,559 MiB H100 at TP 1
        assertEquals(0.835, SizingCalculator.calculate(current).get(FigureKey.POOL_FRACTION).ratio(), 1e-12);
    }

    /**
     * Before launch: max_total_num_tokens from config + catalog GPU + the log's settings. The one constant, the memory SGLang
     * does not see free at load (CUDA context, NCCL, other processes), is fitted on the other logs (leave-one-out: the median
     * of their catalog total - free before weights); with no other log, the sheet's own non-torch estimate is used.
     */
    @Test
    void theHybridNotesHaveTheirRussian() {
        RuntimeSettings r = Sheets.engine(Engine.SGLANG, 0.85, 4096);
        Worksheet mamba = new Worksheet(null, Sheets.weights(1_000_000_000L, WeightFormat.FP16), Sheets.gqa(8, 16, 4, 128, KvDtype.BF16)
                .toBuilder().stateLayers(24).stateBytesPerLayer(1_000_000L).build(), null, r, new Gpu("g", 1, 24 * Units.GIB), null,
                new ResultSettings(0L, null, 4096L, null), null, null);
        var pool = SizingCalculator.calculate(mamba).get(FigureKey.POOL_KV_POOL_BYTES);
        List<String> notes = pool.provenance().assumptions();
        assertTrue(notes.stream().anyMatch(n -> n.startsWith("Mamba state pool first")), notes.toString());
        notes.forEach(n -> assertEquals(List.of(), Texts.of("ru").untranslated(n)));
    }

    @Test
    void beforeLaunchLeaveOneOut() throws Exception {
        List<FieldLog> logs = FieldLogs.of("sglang").filter(x -> x.checks("predict")).toList();
        List<String> rows = new ArrayList<>();
        List<Double> errs = new ArrayList<>();
        for (FieldLog l : logs) {
            Measurement m = EngineLogParser.parse(l.text());
            long total = catalogTotal(l.e().get("gpu_catalog").asText());
            ModelImport c = config(l);
            Weights w = "fp8".equals(l.setup("quantization") == null ? null : l.setup("quantization").asText())
                    ? Weights.builder().totalParams(c.weights().totalParams()).activeParams(c.weights().activeParams())
                    .format(WeightFormat.FP8).computeDtype(c.weights().computeDtype()).build() : c.weights();
            Worksheet ws = sheet(l, w, total);
            List<Long> others = new ArrayList<>();
            for (FieldLog o : logs) {
                Measurement om = EngineLogParser.parse(o.text());
                if (o != l && om.freeBeforeWeightsBytes() != null) {
                    others.add(catalogTotal(o.e().get("gpu_catalog").asText()) - om.freeBeforeWeightsBytes());
                }
            }
            String constant = "sheet's non-torch estimate";
            if (others.isEmpty()) {
                ws = ws.withRuntime(ws.runtime().toBuilder().nonTorchBytes(null).build());
            } else {
                long fitted = others.stream().sorted().toList().get(others.size() / 2);
                ws = ws.withRuntime(ws.runtime().toBuilder().nonTorchBytes(fitted).build());
                constant = Units.gibText(fitted) + " fitted on " + others.size();
            }
            long got = capacity(ws);
            double err = (got - m.kvTokens()) / (double) m.kvTokens();
            errs.add(Math.abs(err));
            rows.add(String.format(Locale.ROOT, "| %s | %s | %s | %,d | %,d | %+.2f %% |", l.id(), l.e().get("model").asText(),
                    constant, got, m.kvTokens(), 100 * err));
        }
        List<Double> sorted = errs.stream().sorted().toList();
        double median = sorted.get(sorted.size() / 2);
        double worst = sorted.get(sorted.size() - 1);
        System.out.printf(Locale.ROOT, "SGLang before launch (leave-one-out), %d logs, median %.2f %%, worst %.2f %%:%n%s%n",
                logs.size(), 100 * median, 100 * worst, String.join("\n", rows));
        // honest bound: what is achieved on the logs there are (see docs/accuracy.md), not the 1 % / 5 % target
        assertTrue(worst <= 0.05, "worst " + worst);
    }
}
