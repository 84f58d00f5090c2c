package org.vramsheet.io.probe;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Consumer;
import org.vramsheet.core.sheet.ScenarioId;
import org.vramsheet.core.sheet.Worksheet;

/**
 * Runs a sheet's workload against a running engine: n concurrent sequences of the scenario's input and generated
 * tokens, watching KV usage and preemptions on /metrics while they run. A ramp doubles the concurrency until the
 * engine preempts, then bisects between the last clean and the first preempted concurrency, to within one sequence.
 * Every run stays inside the user's limits (requests, seconds, concurrency) and stops by itself.
 */
public final class WorkloadRunner {
    /** The request shape: input and generated tokens per sequence. */
    public record Shape(long inputTokens, long generatedTokens) { }

    /** What the user allows. */
    public record Limits(int maxRequests, long maxSeconds, int maxConcurrency) { }

    /** One step: its concurrency, whether the engine preempted, the peak KV usage seen. */
    public record Step(int concurrency, boolean preempted, Double peakKvUsage) { }

    /** The outcome: steps, requests sent, peak KV usage, the boundary (null when none was reached), why it stopped. */
    public record Result(List<Step> steps, int requestsSent, Double peakKvUsage, Integer boundaryConcurrency,
                         Long boundaryActiveTokens, String stoppedBecause) { }

    private final EngineProbe probe;
    private final String model;
    private final Limits limits;
    private final Consumer<String> progress;
    private final long deadline;
    private int sent;
    private String prompt;
    private volatile boolean cancelled;

    /** Stops the run at its next check: requests in flight are abandoned, nothing new is sent. */
    public void cancel() { cancelled = true; }

    public WorkloadRunner(EngineProbe probe, String model, Limits limits, Consumer<String> progress) {
        this.probe = probe;
        this.model = model;
        this.limits = limits;
        this.progress = progress;
        this.deadline = System.nanoTime() + limits.maxSeconds() * 1_000_000_000L;
    }

    /** A prompt of about {@code tokens} tokens: measured with the server's tokenizer, else one calibrating request. */
    String prompt(long tokens) throws EngineProbe.ProbeException {
        String sample = "word ".repeat(200);
        long t = probe.tokens(model, sample);
        if (t <= 0) {
            t = probe.complete(model, sample, 1);
            sent++;
        }
        double perWord = Math.max(0.05, t / 200.0);
        int words = (int) Math.max(1, Math.round(tokens / perWord));
        return "word ".repeat(words);
    }

    /** One fixed concurrency, as the sheet's scenario defines it. */
    public Result fixed(Shape shape, int concurrency) throws EngineProbe.ProbeException {
        prompt = prompt(shape.inputTokens());
        Step s = step(shape, Math.min(concurrency, limits.maxConcurrency()));
        return result(List.of(s), s.preempted() ? s.concurrency() : null, shape, stopReason(s));
    }

    /** Doubling until the engine preempts, then bisecting to within one sequence. */
    public Result ramp(Shape shape) throws EngineProbe.ProbeException {
        prompt = prompt(shape.inputTokens());
        List<Step> steps = new ArrayList<>();
        int clean = 0;
        Integer preempted = null;
        String stop = null;
        for (int n = 1; preempted == null; n = Math.min(n * 2, limits.maxConcurrency())) {
            if ((stop = budgetLeft(n)) != null) {
                break;
            }
            Step s = step(shape, n);
            steps.add(s);
            if (s.preempted()) {
                preempted = n;
            } else {
                clean = n;
                if (n >= limits.maxConcurrency()) {
                    stop = "no preemption up to " + n + " concurrent sequences (the concurrency limit)";
                    break;
                }
            }
        }
        while (preempted != null && preempted - clean > 1 && stop == null) {
            int mid = (clean + preempted) / 2;
            if ((stop = budgetLeft(mid)) != null) {
                break;
            }
            Step s = step(shape, mid);
            steps.add(s);
            if (s.preempted()) {
                preempted = mid;
            } else {
                clean = mid;
            }
        }
        return result(steps, preempted, shape, stop != null ? stop : preempted == null ? "no preemption" : "boundary found");
    }

    private String budgetLeft(int n) {
        if (cancelled) {
            return "cancelled";
        }
        if (sent + n > limits.maxRequests()) {
            return "request limit (" + limits.maxRequests() + ") reached";
        }
        if (System.nanoTime() > deadline) {
            return "time limit (" + limits.maxSeconds() + " s) reached";
        }
        return null;
    }

    private static String stopReason(Step s) { return s.preempted() ? "preempted" : "no preemption"; }

    private Result result(List<Step> steps, Integer boundary, Shape shape, String stop) {
        Double peak = null;
        for (Step s : steps) {
            if (s.peakKvUsage() != null) {
                peak = peak == null ? s.peakKvUsage() : Math.max(peak, s.peakKvUsage());
            }
        }
        return new Result(List.copyOf(steps), sent, peak, boundary,
                boundary == null ? null : boundary * (shape.inputTokens() + shape.generatedTokens()), stop);
    }

    /** n sequences at once; preemption = the engine's preemption counter rose while they ran. */
    Step step(Shape shape, int n) throws EngineProbe.ProbeException {
        EngineProbe.Snapshot before = probe.snapshot();
        double start = before.preemptions() == null ? 0 : before.preemptions();
        progress.accept("running " + n + " concurrent sequence" + (n == 1 ? "" : "s") + " of " + shape.inputTokens() + " + "
                + shape.generatedTokens() + " tokens");
        ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, n));
        Double peak = null;
        double latest = start;
        try {
            List<Future<Long>> running = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                running.add(pool.submit(() -> probe.complete(model, prompt, (int) shape.generatedTokens())));
                sent++;
            }
            while (running.stream().anyMatch(f -> !f.isDone())) {
                if (System.nanoTime() > deadline || cancelled) {
                    running.forEach(f -> f.cancel(true));
                    break;
                }
                EngineProbe.Snapshot now = probe.snapshot();
                if (now.kvUsage() != null) {
                    peak = peak == null ? now.kvUsage() : Math.max(peak, now.kvUsage());
                }
                latest = now.preemptions() == null ? latest : now.preemptions();
                progress.accept("KV usage " + (now.kvUsage() == null ? "-" : Math.round(now.kvUsage() * 100) + " %") + ", running "
                        + fmt(now.running()) + ", waiting " + fmt(now.waiting()) + ", preemptions " + fmt(now.preemptions()));
                Thread.sleep(50);
            }
            for (Future<Long> f : running) {
                if (!f.isCancelled()) {
                    f.get();
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new EngineProbe.ProbeException("cancelled");
        } catch (ExecutionException e) {
            throw e.getCause() instanceof EngineProbe.ProbeException p ? p
                    : new EngineProbe.ProbeException("a request failed: " + e.getCause());
        } finally {
            pool.shutdownNow();
        }
        EngineProbe.Snapshot after = probe.snapshot();
        double end = after.preemptions() == null ? latest : after.preemptions();
        return new Step(n, end > start, peak);
    }

    private static String fmt(Double d) { return d == null ? "-" : Long.toString(Math.round(d)); }

    /**
     * Runs what the user chose against the sheet: "typical", "heavy" or "limit" runs that scenario at its concurrency;
     * "ramp" ramps in the sizing scenario's request shape.
     */
    public Result run(Worksheet ws, String what) throws EngineProbe.ProbeException {
        boolean ramp = what.equalsIgnoreCase("ramp");
        var id = ramp ? ws.result().sizingScenario() : ScenarioId.valueOf(what.toUpperCase(
                Locale.ROOT));
        var s = ws.workloads().get(id);
        Shape shape = new Shape(s.inputTokens() == null ? 1 : s.inputTokens(), s.generatedTokens() == null ? 1
                : s.generatedTokens());
        return ramp ? ramp(shape) : fixed(shape, s.concurrentSequences() == null ? 1
                : (int) Math.min(Integer.MAX_VALUE, s.concurrentSequences()));
    }
}
