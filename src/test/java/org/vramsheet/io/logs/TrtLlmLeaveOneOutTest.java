package org.vramsheet.io.logs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.vramsheet.core.calc.SizingCalculator;
import org.vramsheet.core.result.FigureKey;
import org.vramsheet.core.result.SizingResult;
import org.vramsheet.core.sheet.RuntimeSettings;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.core.units.Units;
import org.vramsheet.core.validation.Measurement;

/**
 * TensorRT-LLM before launch against its real logs (issue 27): every field log that can be predicted (a real config, a
 * catalog GPU, the settings its source shows), by flow. The PyTorch backend's logs (TR08, TR10): its dry run's memory
 * outside torch is fitted on the OTHER logs and this one's KV capacity predicted from the sheet alone. A served TRT engine
 * (TR09) is predicted with the shipped TRT-engine estimate; there is nothing of that flow to fit on. Prints the tables
 * (docs/accuracy.md quotes them).
 */
class TrtLlmLeaveOneOutTest {
    /** One predictable log: its sheet before launch, the printed capacity, and the non-torch memory it implies. */
    record Case(String id, String gpu, String release, Worksheet sheet, long printed, long impliedNonTorch) { }

    static List<Case> cases(String backend) throws Exception {
        List<Case> out = new ArrayList<>();
        for (FieldLogs.FieldLog log : FieldLogs.of("trtllm").filter(l -> l.checks("predict")).toList()) {
            if (!backend.equals(log.setup("backend") == null ? "pytorch" : log.setup("backend").asText())) {
                continue;
            }
            Worksheet ws = sheet(log);
            assertNotNull(ws, log + " is marked predict but has no config or catalog GPU");
            Measurement m = EngineLogParser.parse(log.text());
            out.add(new Case(log.id(), log.e().path("gpu_catalog").asText(), log.e().path("engine_version").asText(), ws, m.kvTokens(),
                    impliedNonTorch(ws, m.kvTokens())));
        }
        return out;
    }

    /** The sheet as a user fills it from the source: its settings, a served engine or a trtllm-bench run marked in the version. */
    static Worksheet sheet(FieldLogs.FieldLog log) throws Exception {
        Worksheet ws = FieldLogSheets.preLaunch(log);
        if (ws == null) {
            return null;
        }
        RuntimeSettings.Builder r = ws.runtime().toBuilder();
        if (log.setup("max_num_tokens") != null) {
            // trtllm-bench tunes max_num_tokens and prints it (TR08's own line); trtllm-build takes it (TR09's command)
            r.maxNumBatchedTokens(log.setup("max_num_tokens").asLong());
        }
        if (log.setup("max_batch_size") != null) {
            r.maxNumSeqs(log.setup("max_batch_size").asInt());
        }
        String version = log.e().path("engine_version").asText();
        if (log.setup("backend") != null && log.setup("backend").asText().equals("tensorrt")) {
            r.engineVersion(version + "-trt");
        } else if (log.setup("runner") != null && log.setup("runner").asText().equals("trtllm-bench")) {
            r.engineVersion(version + "-bench");
        }
        return ws.withRuntime(r.build());
    }

    /** The non-torch memory that makes the engine's rule give the printed tokens: total - tokens x cell / fraction - the rest. */
    static long impliedNonTorch(Worksheet ws, long printed) {
        SizingResult zero = SizingCalculator.calculate(typed(ws, 0));
        long cell = zero.get(FigureKey.POOL_PAGE_BYTES).value() / zero.get(FigureKey.POOL_BLOCK_SIZE).value();
        double fraction = zero.get(FigureKey.POOL_FRACTION).ratio();
        long rest = zero.get(FigureKey.POOL_NON_KV_BYTES).value();
        return Math.round(ws.gpu().totalBytes() - printed * (double) cell / fraction) - rest;
    }

    static Worksheet typed(Worksheet ws, long nonTorch) {
        RuntimeSettings r = ws.runtime().toBuilder().nonTorchBytes(nonTorch).build();
        return ws.withRuntime(r);
    }

    static long capacity(Worksheet ws) { return SizingCalculator.calculate(ws).get(FigureKey.POOL_CAPACITY_TOKENS).value(); }

    static double median(double[] v) {
        double[] s = v.clone();
        Arrays.sort(s);
        return s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
    }

    /** Each PyTorch-backend log predicted with the non-torch term fitted on the others; the table and its median / worst. */
    static double[] leaveOneOut(List<Case> cases, StringBuilder table) {
        double[] errors = new double[cases.size()];
        for (int i = 0; i < cases.size(); i++) {
            Case c = cases.get(i);
            double[] others = new double[cases.size() - 1];
            for (int j = 0, k = 0; j < cases.size(); j++) {
                if (j != i) {
                    others[k++] = cases.get(j).impliedNonTorch();
                }
            }
            long fit = Math.round(median(others));
            long predicted = capacity(typed(c.sheet(), fit));
            errors[i] = predicted / (double) c.printed() - 1;
            table.append(String.format(Locale.ROOT, "| %s | %s | %s | %,d | %,d | %+.2f %% | %s (own %s) |%n", c.id(), c.gpu(), c.release(),
                    c.printed(), predicted, 100 * errors[i], Units.gibText(fit), Units.gibText(c.impliedNonTorch())));
        }
        return errors;
    }

    @Test
    void everyPyTorchBackendLogWithTheConstantFittedOnTheOthers() throws Exception {
        List<Case> cases = cases("pytorch");
        assertTrue(cases.size() >= 2, "leave-one-out needs two logs at least: " + cases.size());
        StringBuilder table = new StringBuilder("| id | GPU | release | printed tokens | predicted | error | non-torch fitted on the "
                + "others |\n|---|---|---|---|---|---|---|\n");
        double[] abs = Arrays.stream(leaveOneOut(cases, table)).map(Math::abs).toArray();
        double worst = Arrays.stream(abs).max().orElseThrow();
        table.append(String.format(Locale.ROOT, "median |error| %.2f %%, worst %.2f %%%n", 100 * median(abs), 100 * worst));
        System.out.println(table);
        // issue 27's target, median <= 1 % and worst <= 5 %, on the two discrete-GPU PyTorch-backend logs there are
        assertTrue(median(abs) <= 0.01 && worst <= 0.05, table.toString());
    }

    /** The shipped constant is the fit on every predictable PyTorch-backend log (their median), not one tuned on one of them. */
    @Test
    void theShippedNonTorchTermIsTheMedianOfTheLogs() throws Exception {
        List<Case> cases = cases("pytorch");
        double[] implied = cases.stream().mapToDouble(Case::impliedNonTorch).toArray();
        double shipped = SizingCalculator.calculate(cases.get(0).sheet()).get(FigureKey.POOL_NON_TORCH_BYTES).value();
        assertEquals(median(implied) / Units.GIB, shipped / Units.GIB, 0.01, "fit " + Arrays.toString(implied));
    }

    /**
     * A served TRT engine (TR09: trtllm-build's engine on trtllm-serve 0.19.0) is predicted with the TRT-engine estimate, which
     * rides on the vLLM-fitted one: its runtime and decoder buffers for max_batch_size 2048 are not modelled, so it is far
     * off. The bound is what is achieved, so that a change shows.
     */
    @Test
    void aServedTrtEngineWithTheEngineFlowsEstimate() throws Exception {
        List<Case> cases = cases("tensorrt");
        StringBuilder table = new StringBuilder("| id | GPU | release | printed tokens | predicted | error | non-torch it implies |\n"
                + "|---|---|---|---|---|---|---|\n");
        for (Case c : cases) {
            long predicted = capacity(c.sheet());
            double err = predicted / (double) c.printed() - 1;
            table.append(String.format(Locale.ROOT, "| %s | %s | %s | %,d | %,d | %+.2f %% | %s |%n", c.id(), c.gpu(), c.release(),
                    c.printed(), predicted, 100 * err, Units.gibText(c.impliedNonTorch())));
            assertTrue(Math.abs(err) <= 0.20, table.toString());
        }
        System.out.println(table);
        assertEquals(1, cases.size(), table.toString());
    }
}
