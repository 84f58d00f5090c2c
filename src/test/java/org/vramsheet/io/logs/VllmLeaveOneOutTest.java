package org.vramsheet.io.logs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.vramsheet.core.calc.SizingCalculator;
import org.vramsheet.core.engine.EngineDefaults;
import org.vramsheet.core.engine.Engines;
import org.vramsheet.core.engine.NonKvEstimator;
import org.vramsheet.core.engine.vllm.VllmModule;
import org.vramsheet.core.engine.vllm.VllmProfile;
import org.vramsheet.core.engine.vllm.VllmProfileFit;
import org.vramsheet.core.result.FigureKey;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.core.units.Units;
import org.vramsheet.core.validation.LogComparison;
import org.vramsheet.core.validation.Measurement;

/**
 * vLLM's profiling terms ({@link VllmProfile}) fitted on every log but one and checked on that one, for the calibration
 * sweep and the field logs (VB*): the available KV memory predicted from the log's setup and its printed weights against
 * the printed "Available KV cache memory"; and the constants in the code equal to the fit on every log.
 */
class VllmLeaveOneOutTest {
    /** One log with profiling lines: its sheet before launch, what the log printed, and whether it is a field log. */
    record Case(String id, String model, Worksheet sheet, Measurement m, boolean field) {
        VllmProfileFit.Run run() {
            return new VllmProfileFit.Run(id, NonKvEstimator.features(sheet), m.activationPeakBytes(), m.nonTorchBytes(),
                    m.cudaGraphEstimateBytes());
        }

        /**
         * Available KV memory with these constants: ceil(total x utilization) - printed weights - estimate; the printed
         * weights hold vLLM's RoPE cache, which the estimate's non-torch part holds too, so it is taken off once.
         */
        long available(VllmProfile.Constants c) {
            NonKvEstimator.Estimate e = NonKvEstimator.estimate(sheet, c);
            double u = m.utilization() != null ? m.utilization() : sheet.runtime().utilization();
            return VllmModule.requestedBytes(m.totalBytes(), u) - m.weightsBytes() - e.activationPeakBytes()
                    - e.nonTorchBytes() + ropeCache(sheet);
        }
    }

    /** The calibration sweep's logs that print the profiling split, and the field logs that do and have a config. */
    static List<Case> cases() throws Exception {
        List<Case> out = new ArrayList<>();
        for (EngineLogTest.Log log : EngineLogTest.logs().toList()) {
            Measurement m = EngineLogParser.parse(log.text());
            if (m.activationPeakBytes() != null && m.totalBytes() != null) {
                out.add(new Case(log.id(), log.e().get("model").asText(), EngineLogTest.preLaunch(log), m, false));
            }
        }
        // every vLLM field log of the fitted release (0.19) with a config and the profiling split, whoever added it
        for (FieldLogs.FieldLog f : FieldLogs.of("vllm").toList()) {
            Measurement m = EngineLogParser.parse(f.text());
            boolean fitted = f.e().path("engine_version").asText().startsWith("0.19.");
            if (fitted && f.checks("predict") && m.activationPeakBytes() != null && m.totalBytes() != null) {
                out.add(new Case(f.id(), f.e().get("model").asText(), sheet(f), m, true));
            }
        }
        return out;
    }

    static Stream<FieldLogs.FieldLog> vb() { return FieldLogs.of("vllm").filter(f -> f.id().startsWith("VB")); }

    /** A field log's sheet before launch: its config, the setup the log shows, the CUDA-visible total the log printed. */
    static Worksheet sheet(FieldLogs.FieldLog f) throws Exception {
        return FieldLogSheets.preLaunch(f, EngineLogParser.parse(f.text()).totalBytes());
    }

    static long gib(String printed) {
        String[] p = printed.trim().split(" ");
        assertEquals("GiB", p[1], printed);
        return Units.gib(Double.parseDouble(p[0]));
    }

    /** Every VB log is read as its fixture says (the numbers copied from its lines). */
    @ParameterizedTest(name = "{0}")
    @MethodSource("vb")
    void fieldLogsAreRead(FieldLogs.FieldLog f) {
        Measurement m = EngineLogParser.parse(f.text());
        JsonNode x = f.e().get("expected");
        assertEquals(x.get("kvTokens").asLong(), m.kvTokens(), f.id());
        assertEquals(x.get("concurrency").asDouble(), m.concurrency(), 1e-9, f.id());
        if (x.has("utilization")) {
            assertEquals(x.get("utilization").asDouble(), m.utilization(), 1e-12, f.id());
        }
        for (String k : List.of("kvPoolBytes", "weightsBytes", "activationPeakBytes", "nonTorchBytes", "nonKvBytes", "totalBytes",
                "cudaGraphEstimateBytes")) {
            Long got = switch (k) {
                case "kvPoolBytes" -> m.kvPoolBytes();
                case "weightsBytes" -> m.weightsBytes();
                case "activationPeakBytes" -> m.activationPeakBytes();
                case "nonTorchBytes" -> m.nonTorchBytes();
                case "nonKvBytes" -> m.nonKvBytes();
                case "totalBytes" -> m.totalBytes();
                default -> m.cudaGraphEstimateBytes();
            };
            assertEquals(gib(x.get(k).asText()), got, f.id() + " " + k);
        }
    }

    /** Apply: the log's own measured memory on the sheet gives its printed capacity within 0.1 %. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("vb")
    void fieldLogsApplied(FieldLogs.FieldLog f) throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(f.checks("apply"), "no config of the checkpoint for " + f.e().get("model").asText());
        Measurement m = EngineLogParser.parse(f.text());
        Worksheet ws = LogComparison.apply(sheet(f), m);
        long tokens = SizingCalculator.calculate(ws).get(FigureKey.POOL_CAPACITY_TOKENS).value();
        assertEquals(1.0, tokens / (double) m.kvTokens(), 0.001, f.id() + " tokens " + tokens + " vs " + m.kvTokens());
    }

    @Test
    void theConstantsInTheCodeAreTheFitOnEveryLog() throws Exception {
        VllmProfile.Constants fit = VllmProfileFit.fit(cases().stream().map(Case::run).toList());
        VllmProfile.Constants code = VllmProfile.FITTED;
        System.out.println("fit on every log: " + fit);
        assertEquals(fit.perToken(), code.perToken(), Math.abs(fit.perToken()) * 0.005, "per token");
        assertEquals(fit.perVocabSeq(), code.perVocabSeq(), fit.perVocabSeq() * 0.005, "per vocabulary entry and sequence");
        for (long[] p : new long[][] {{fit.nonTorchOne(), code.nonTorchOne()}, {fit.nonTorchTp(), code.nonTorchTp()},
                {fit.nonTorchPp(), code.nonTorchPp()}, {fit.cudaGraphs(), code.cudaGraphs()}}) {
            // within half the 0.01 GiB the logs print (the TP median 2.095 GiB is kept as 2.1)
            assertEquals(p[0], p[1], Units.gib(0.005), "non-torch / CUDA graphs");
        }
    }

    @Test
    void leaveOneOutAvailableKvMemory() throws Exception {
        List<Case> all = cases();
        List<String> table = new ArrayList<>();
        List<Double> cal = new ArrayList<>();
        List<Double> field = new ArrayList<>();
        for (Case c : all) {
            List<VllmProfileFit.Run> others = all.stream().filter(o -> o != c).map(Case::run).toList();
            long predicted = c.available(VllmProfileFit.fit(others));
            long printed = c.m().kvPoolBytes();
            double err = (predicted - printed) / (double) printed;
            (c.field() ? field : cal).add(err);
            table.add(String.format(Locale.ROOT, "| %s | %s | %.2f | %.2f | %+.2f %% |", c.id(), c.model(), printed / (double) Units.GIB,
                    predicted / (double) Units.GIB, err * 100));
        }
        System.out.println("leave-one-out, available KV cache memory (GiB), printed vs predicted:");
        table.forEach(System.out::println);
        double[] c = summary("calibration sweep", cal);
        double[] f = summary("field logs", field);
        // the bounds honestly achieved (docs/accuracy.md): target median 1 %, worst 5 %
        assertTrue(c[0] <= 0.01 && c[1] <= 0.05, "calibration median " + c[0] + " worst " + c[1]);
        assertTrue(f[0] <= 0.01 && f[1] <= 0.05, "field median " + f[0] + " worst " + f[1]);
        assertTrue(cal.size() >= 27 && field.size() >= 15, cal.size() + " / " + field.size());
    }

    /**
     * Before launch through the whole calculation (weights and KV geometry from the config, the leave-one-out estimate
     * typed into RUNTIME): KV tokens against the printed "GPU KV cache size", for the logs whose config is the
     * checkpoint's own (the calibration sweep and the unquantized field logs).
     */
    @Test
    void leaveOneOutKvTokens() throws Exception {
        List<Case> all = cases();
        List<Double> cal = new ArrayList<>();
        List<Double> field = new ArrayList<>();
        System.out.println("leave-one-out, KV tokens before launch, printed vs predicted:");
        for (Case c : all) {
            boolean own = !c.field() || vb().anyMatch(f -> f.id().equals(c.id()) && f.checks("apply"));
            if (!own) {
                continue;
            }
            List<VllmProfileFit.Run> others = all.stream().filter(o -> o != c).map(Case::run).toList();
            NonKvEstimator.Estimate e = NonKvEstimator.estimate(c.sheet(), VllmProfileFit.fit(others));
            Worksheet ws = c.sheet().withRuntime(c.sheet().runtime().toBuilder().activationPeakBytes(e.activationPeakBytes())
                    .nonTorchBytes(e.nonTorchBytes()).cudaGraphBytes(e.cudaGraphBytes()).build());
            long predicted = SizingCalculator.calculate(ws).get(FigureKey.POOL_CAPACITY_TOKENS).value();
            double err = (predicted - c.m().kvTokens()) / (double) c.m().kvTokens();
            (c.field() ? field : cal).add(err);
            System.out.printf(Locale.ROOT, "| %s | %s | %,d | %,d | %+.2f %% |%n", c.id(), c.model(), c.m().kvTokens(), predicted,
                    err * 100);
        }
        double[] c = summary("calibration sweep (tokens)", cal);
        double[] f = summary("field logs (tokens)", field);
        // the worst is P43 (Qwen2.5-72B at TP 2, a 3.04 GiB pool): +3.61 % with the hidden states held through the sampler
        // run (T x H x 2 B: 1 GiB at H 8,192 on these 80-layer models, which printed 0.07 GiB more than the 8B ones)
        assertTrue(c[0] <= 0.01 && c[1] <= 0.05, "calibration median " + c[0] + " worst " + c[1]);
        // Llama-4-Scout (+19.67 %) and gemma-3-27b (+7.44 %) were off by their weights: configs without the vision tower,
        // and vLLM's RoPE cache (2.5 GiB per GPU for Scout's 10,485,760 positions) counted in "Model loading took"
        assertTrue(f[0] <= 0.01 && f[1] <= 0.05, "field median " + f[0] + " worst " + f[1]);
    }

    /**
     * What each term does: the leave-one-out error of the available KV memory with every term, without the encoder
     * term, without the fused-MoE workspace (on the MoE logs), and with the constants before this fit (T x 76 KB + S x V x
     * 11.4 B, non-torch 0.25 / 2.1 / 0.07 GiB).
     */
    @Test
    void whatEachTermDoes() throws Exception {
        List<Case> all = cases();
        VllmProfile.Constants before = VllmProfile.ISSUE_15_FIT;
        List<Double> full = new ArrayList<>();
        List<Double> noEncoder = new ArrayList<>();
        List<Double> old = new ArrayList<>();
        List<Double> mmFull = new ArrayList<>();
        List<Double> mmNoEncoder = new ArrayList<>();
        List<Double> moeFull = new ArrayList<>();
        List<Double> moeNoWorkspace = new ArrayList<>();
        for (Case c : all) {
            VllmProfile.Features f = NonKvEstimator.features(c.sheet());
            boolean mm = f.encoderPeak() > 0;
            List<VllmProfileFit.Run> others = all.stream().filter(o -> o != c).map(Case::run).toList();
            VllmProfile.Constants k = VllmProfileFit.fit(others);
            long printed = c.m().kvPoolBytes();
            double e = (c.available(k) - printed) / (double) printed;
            double ne = (c.available(k) + f.encoderPeak() - printed) / (double) printed;
            full.add(e);
            noEncoder.add(ne);
            old.add((c.available(before) - printed) / (double) printed);
            if (f.moeWorkspace() > 0) {
                double nw = (c.available(k) + f.moeWorkspace() - printed) / (double) printed;
                moeFull.add(e);
                moeNoWorkspace.add(nw);
                System.out.printf(Locale.ROOT, "%s %s: fused-MoE workspace %s, error %+.2f %% with it, %+.2f %% without%n", c.id(),
                        c.model(), Units.gibText(f.moeWorkspace()), e * 100, nw * 100);
            }
            if (mm) {
                mmFull.add(e);
                mmNoEncoder.add(ne);
                System.out.printf(Locale.ROOT, "%s %s: encoder term %s, error %+.2f %% with it, %+.2f %% without%n", c.id(), c.model(),
                        Units.gibText(f.encoderPeak()), e * 100, ne * 100);
            }
        }
        double[] now = summary("every term (leave-one-out, all logs)", full);
        summary("without the encoder term", noEncoder);
        double[] then = summary("the constants before this fit (T x 76 KB + S x V x 11.4 B)", old);
        double[] mm = summary("multimodal logs, every term", mmFull);
        double[] mmNo = summary("multimodal logs, without the encoder term", mmNoEncoder);
        // the sheet sees the vision tower of all 6 multimodal logs (Scout's and gemma-3-27b's configs have their vision_config
        // now); the term helps Gemma 3 and Scout (+1.77 / +2.34 % without it) and costs the Pixtral logs 0.5 to 1.1 points
        assertTrue(mmFull.size() >= 6, "multimodal logs: " + mmFull.size());
        assertTrue(mm[1] <= 0.01 && mmNo[1] > mm[1], "multimodal logs within 1 % with the term, worse without: " + mm[1] + " / "
                + mmNo[1]);
        // the refit with the kernels' shapes (fused-MoE workspace, hidden states held) lowers the median and the worst
        assertTrue(now[0] <= then[0] && now[1] <= then[1], "the refit against the constants before it: " + now[1] + " / " + then[1]);
        double[] moe = summary("MoE logs, every term", moeFull);
        double[] moeNo = summary("MoE logs, without the fused-MoE workspace", moeNoWorkspace);
        // the workspace from the kernel's shapes, nothing fitted: Mixtral +2.08 % -> -0.09 %, Qwen3-30B-A3B +3.04 % -> +0.98 %
        assertTrue(moeFull.size() >= 5 && moe[1] <= 0.013 && moeNo[1] > 2 * moe[1], "MoE logs with / without the workspace: "
                + moe[1] + " / " + moeNo[1]);
    }

    /**
     * Issue 27 point 3: the field logs of other GPUs and releases (VC*), none of them in the fit. Before launch from the
     * sheet alone (the catalog's CUDA-visible total, the config's weights): the available KV memory (with the printed
     * weights, to isolate the non-KV estimate) and the KV tokens against what each log printed. The bounds are the ones
     * achieved (docs/accuracy.md): VC02 (v0.9.2) holds 0.88 GiB more non-KV memory than the v0.19 fit, VC01 is an eager
     * (no torch.compile) offline run whose forward sets its peak, VC04 a v0.24 start whose source saw 7.7 % between two
     * starts of the same server. The
     * worst-5 % bound is on the dense models; a mixture-of-experts log (VC08, Qwen3-235B FP8 on 8 x L40S, v0.10.2) printed a
     * 1.4 GiB activation peak where the dense fit gives 0.56 GiB (the MoE term is not modelled, section 4), so its miss is
     * reported and bounded as it is (12 %; 13 % before the fused-MoE workspace gave it 0.13 of the 0.84 GiB), not hidden in the fit.
     * VC01 (T = 8,192 with S = 256) is the one log whose peak is its dense forward's ({@code VllmForwardPeakTest}): +0.30 %
     * with the larger of the two phases, +2.02 % when they were summed with the forward left out.
     */
    @Test
    void otherGpusAndReleasesBeforeLaunch() throws Exception {
        List<Double> pool = new ArrayList<>();
        List<Double> tokens = new ArrayList<>();
        List<Double> densePool = new ArrayList<>();
        List<Double> denseTokens = new ArrayList<>();
        java.util.Map<String, List<Double>> byGpu = new java.util.TreeMap<>();
        List<Double> whatIf = new ArrayList<>();
        System.out.println("other GPUs and releases, before launch (constants fitted on the vLLM 0.19 H100 logs):");
        for (FieldLogs.FieldLog f : FieldLogs.of("vllm").filter(l -> l.id().startsWith("VC") && l.checks("predict")).toList()) {
            Worksheet ws = FieldLogSheets.preLaunch(f);
            Measurement m = EngineLogParser.parse(f.text());
            NonKvEstimator.Estimate e = NonKvEstimator.estimate(ws);
            Worksheet typed = ws.withRuntime(ws.runtime().toBuilder().activationPeakBytes(e.activationPeakBytes())
                    .nonTorchBytes(e.nonTorchBytes()).cudaGraphBytes(e.cudaGraphBytes()).build());
            long predicted = SizingCalculator.calculate(typed).get(FigureKey.POOL_CAPACITY_TOKENS).value();
            double te = (predicted - m.kvTokens()) / (double) m.kvTokens();
            tokens.add(te);
            boolean moeLog = ws.weights().activeParams() != null && ws.weights().activeParams() < ws.weights().totalParams();
            if (runsTheV2Runner(f, moeLog)) {
                // what-if, not adopted (docs/accuracy.md, third pass): the V2 runner's profile_cudagraph_memory returns 0
                long noGraphs = SizingCalculator.calculate(typed.withRuntime(typed.runtime().toBuilder().cudaGraphBytes(0L)
                        .build())).get(FigureKey.POOL_CAPACITY_TOKENS).value();
                whatIf.add((noGraphs - m.kvTokens()) / (double) m.kvTokens());
                System.out.printf(Locale.ROOT, "what-if %s (V2 runner, no CUDA graph term): %+.2f %% (shipped %+.2f %%)%n", f.id(),
                        whatIf.get(whatIf.size() - 1) * 100, te * 100);
            } else {
                whatIf.add(te);
            }
            byGpu.computeIfAbsent(f.e().path("gpu_catalog").asText(), k -> new ArrayList<>()).add(te);
            boolean moe = ws.weights().activeParams() != null && ws.weights().activeParams() < ws.weights().totalParams();
            if (!moe) {
                denseTokens.add(te);
            }
            String pe = "-";
            if (m.kvPoolBytes() != null && m.weightsBytes() != null) {
                long avail = availableFromPrintedWeights(ws, m, e);
                double err = (avail - m.kvPoolBytes()) / (double) m.kvPoolBytes();
                pool.add(err);
                if (!moe) {
                    densePool.add(err);
                }
                pe = String.format(Locale.ROOT, "%.2f / %.2f (%+.2f %%)", m.kvPoolBytes() / (double) Units.GIB,
                        avail / (double) Units.GIB, err * 100);
            }
            System.out.printf(Locale.ROOT, "| %s | %s | %s | %s | %s | %,d | %,d | %+.2f %% | %s / %s / %s%s |%n", f.id(),
                    f.e().path("engine_version").asText(), f.e().path("gpu_catalog").asText(), f.e().path("model").asText(), pe,
                    m.kvTokens(), predicted, te * 100, Units.gibText(e.activationPeakBytes()), Units.gibText(e.nonTorchBytes()),
                    Units.gibText(e.cudaGraphBytes()), EngineDefaults.cudaGraphsInPool(ws.runtime()).value() ? " (in the pool)" : "");
        }
        byGpu.forEach((gpu, errors) -> summary("KV tokens on " + gpu, errors));
        double[] p = summary("other GPUs and releases, available KV memory", pool);
        double[] t = summary("other GPUs and releases, KV tokens", tokens);
        double[] dp = summary("other GPUs and releases, dense models, available KV memory", densePool);
        double[] dt = summary("other GPUs and releases, dense models, KV tokens", denseTokens);
        summary("what-if, V2 runner without a CUDA graph term (not adopted), KV tokens", whatIf);
        // issue 27 point 3: the peak of the two phases (the dense forward's, from the shapes, where the sampler's is smaller)
        // moved VC01 from +2.02 % to +0.30 %, the measured CUDA totals of the L40S (44.42 GiB) and RTX 5090 (31.84 GiB) VC09
        // from +1.71 % to +1.16 % and VC04 from -2.44 % to +1.29 %. VC10 (4 x RTX PRO 6000, a MoE, v0.27.1) and VC11 (an RTX
        // 4090 under WSL2, Qwen2.5-0.5B, v0.27.1) joined held out, fitted on nothing: VC11 is -7.33 % / -7.31 % (its WSL2 total
        // is 0.5 GiB above the catalog's estimate, its printed peak with the graph estimate 0.31 GiB where the sheet takes
        // 0.57 + 0.84), VC10 -3.98 % / -2.39 %. The third pass added VC12 (the same WSL2 4090 and model, `vllm serve` at
        // 2,048 tokens, utilization 0.85): -6.66 % / -6.62 %, the same causes. The dense models' worst is VC11's, not within 5 %;
        // every bound below is the one achieved (docs/accuracy.md, section 5), so a change that makes any of them worse fails
        assertTrue(tokens.size() >= 10 && pool.size() >= 9, "VC logs with VC12: " + tokens.size() + " / " + pool.size());
        assertTrue(dp[1] <= 0.075 && dt[1] <= 0.075, "dense models' worst (VC11, 7.33 % / 7.31 %): " + dp[1] + " / " + dt[1]);
        assertTrue(dp[0] <= 0.012 && dt[0] <= 0.0125, "dense models' medians (1.16 % / 1.23 %): " + dp[0] + " / " + dt[0]);
        assertTrue(p[0] <= 0.040 && t[0] <= 0.0185, "every log's medians (3.98 % / 1.84 % achieved): " + p[0] + " / " + t[0]);
        assertTrue(p[1] <= 0.085 && t[1] <= 0.115, "every log's worst (the MoE log VC08, 8.26 % / 11.17 %) as achieved: " + p[1]
                + " / " + t[1]);
    }

    /**
     * ceil(catalog total x utilization) - printed weights - the estimate (- the CUDA graph estimate where vLLM takes it); the
     * RoPE cache once (in the printed weights and in the estimate).
     */
    private static long availableFromPrintedWeights(Worksheet ws, Measurement m, NonKvEstimator.Estimate e) {
        long graphs = EngineDefaults.cudaGraphsInPool(ws.runtime()).value() ? e.cudaGraphBytes() : 0;
        // the release's default when the log's launch left it (VC09, vLLM 0.28: 0.92)
        double u = EngineDefaults.fraction(ws.runtime(), ws.gpu().totalBytes()).value();
        return VllmModule.requestedBytes(ws.gpu().totalBytes(), u) - m.weightsBytes() - e.activationPeakBytes()
                - e.nonTorchBytes() + ropeCache(ws) - graphs;
    }

    /**
     * Whether the log's start ran vLLM's V2 model runner by its release's default (vllm/config/vllm.py use_v2_model_runner,
     * from v0.23.0: dense, unquantized models; the logs that name their runner's file agree): the what-if's selection only.
     */
    private static boolean runsTheV2Runner(FieldLogs.FieldLog f, boolean moe) {
        String[] v = f.e().path("engine_version").asText("0.0").split("\\.");
        boolean since023 = Integer.parseInt(v[0]) > 0 || Integer.parseInt(v[1]) >= 23;
        JsonNode q = f.e().path("setup").path("quantization");
        return since023 && !moe && (q.isMissingNode() || q.isNull());
    }

    /** vLLM's RoPE cache per GPU (EngineModule.loadBuffersPerGpu), which vLLM prints inside "Model loading took". */
    static long ropeCache(Worksheet ws) { return Engines.of(ws.runtime().engine()).loadBuffersPerGpu(ws).value(); }

    /** Prints and returns {median, worst} of the absolute errors. */
    static double[] summary(String what, List<Double> errors) {
        List<Double> abs = errors.stream().map(Math::abs).sorted(Comparator.naturalOrder()).toList();
        int n = abs.size();
        double median = n % 2 == 1 ? abs.get(n / 2) : (abs.get(n / 2 - 1) + abs.get(n / 2)) / 2;
        double worst = abs.get(n - 1);
        System.out.printf(Locale.ROOT, "%s: %d logs, median %.2f %%, worst %.2f %%%n", what, n, median * 100, worst * 100);
        return new double[] {median, worst};
    }
}
