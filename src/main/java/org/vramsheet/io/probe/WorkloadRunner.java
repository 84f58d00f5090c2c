package org.vramsheet.io.probe;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Consumer;
import org.vramsheet.core.sheet.LatencyStep;
import org.vramsheet.core.sheet.ScenarioId;
import org.vramsheet.core.sheet.Worksheet;

/**
 * Runs a sheet's workload against a running engine: n concurrent sequences of the scenario's input and generated
 * tokens, watching KV usage and preemptions on /metrics while they run. A ramp doubles the concurrency until the
 * engine preempts, then bisects between the last clean and the first preempted concurrency, to within one sequence.
 * Every run stays inside the user's limits (requests, seconds, concurrency) for every scenario and stops by itself; a
 * step the time limit cut short is never taken as clean, and a server that answered no completion is an error.
 */
public final class WorkloadRunner {
    /** The longest prompt sent, in words (about as many tokens). */
    static final int MAX_PROMPT_WORDS = 1 << 20;

    /** The request shape: input and generated tokens per sequence. */
    public record Shape(long inputTokens, long generatedTokens) { }

    /** What the user allows. */
    public record Limits(int maxRequests, long maxSeconds, int maxConcurrency) { }

    /**
     * One step: its concurrency, whether the engine preempted, the peak KV usage seen (the fullest engine's, and each
     * engine's), whether every sequence finished and was measured (false when the time limit cut it short), and the
     * streamed requests' TTFT, ITL and throughput ({@link LatencySummary}; null when the step never ran).
     */
    public record Step(int concurrency, boolean preempted, Double peakKvUsage, Map<String, Double> peakKvUsageByEngine,
                       boolean finished, LatencyStep latency) { }

    /**
     * The outcome: steps, requests sent, peak KV usage (the fullest engine's; each engine's in the map, never summed), the
     * boundary (null when none was reached), why it stopped.
     */
    public record Result(List<Step> steps, int requestsSent, Double peakKvUsage, Integer boundaryConcurrency,
                         Long boundaryActiveTokens, String stoppedBecause, Map<String, Double> peakKvUsageByEngine,
                         Shape shape) { }

    private final EngineProbe probe;
    private final String model;
    private final Limits limits;
    private final Consumer<String> progress;
    private final long deadline;
    private int sent;
    private int answered;
    private String prompt;
    private volatile boolean cancelled;

    /** Stops the run at its next check: requests in flight are abandoned, nothing new is sent. */
    public void cancel() { cancelled = true; }

    public WorkloadRunner(EngineProbe probe, String model, Limits limits, Consumer<String> progress) {
        this.probe = probe;
        this.model = model;
        this.limits = limits;
        this.progress = progress;
        this.deadline = probe.runDeadline(limits.maxSeconds());
    }

    /** A prompt of about {@code tokens} tokens: measured with the server's tokenizer, else one calibrating request. */
    String prompt(long tokens) throws EngineProbe.ProbeException {
        String sample = "word ".repeat(200);
        long t = probe.tokens(model, sample);
        if (t <= 0) {
            sent++;
            t = probe.complete(model, sample, 1);
        }
        double perWord = t <= 0 ? 1 : Math.max(0.05, t / 200.0);
        long words = Math.max(1, Math.round(tokens / perWord));
        if (words > MAX_PROMPT_WORDS) {
            throw new EngineProbe.ProbeException(String.format(Locale.ROOT, "a prompt of %,d tokens would be %,d words: more "
                    + "than the probe sends (%,d)", tokens, words, MAX_PROMPT_WORDS));
        }
        return "word ".repeat((int) words);
    }

    /** One fixed concurrency, as the sheet's scenario defines it, within the request and concurrency limits. */
    public Result fixed(Shape shape, int concurrency) throws EngineProbe.ProbeException {
        prompt = prompt(shape.inputTokens());
        int left = limits.maxRequests() - sent;
        if (left < 1) {
            throw new EngineProbe.ProbeException("the request limit (" + limits.maxRequests() + ") leaves no request for the "
                    + "workload after the one that measured the prompt's length: raise it");
        }
        int n = Math.min(concurrency, Math.min(limits.maxConcurrency(), left));
        String capped = n == concurrency ? null : (n == left ? "request limit (" + limits.maxRequests() + ")"
                : "concurrency limit (" + limits.maxConcurrency() + ")") + ": ran " + n + " of the scenario's " + concurrency
                + " concurrent sequences";
        Step s = step(shape, n);
        requireAnswers();
        String stop = s.preempted() ? "preempted" : !s.finished() ? timeLimit() + " before the " + n + " sequences finished"
                : "no preemption";
        return result(List.of(s), s.preempted() ? s.concurrency() : null, shape, capped == null ? stop : stop + "; " + capped);
    }

    /** Doubling until the engine preempts, then bisecting to within one sequence. */
    public Result ramp(Shape shape) throws EngineProbe.ProbeException {
        prompt = prompt(shape.inputTokens());
        List<Step> steps = new ArrayList<>();
        int clean = 0;
        Integer preempted = null;
        String stop = null;
        for (int n = 1; preempted == null && stop == null; n = Math.min(n * 2, limits.maxConcurrency())) {
            Step s = tryStep(shape, n, steps);
            if (s == null || !s.preempted() && !s.finished()) {
                stop = s == null ? budgetLeft(n) : timeLimit() + " during " + n + " concurrent sequences";
            } else if (s.preempted()) {
                preempted = n;
            } else {
                clean = n;
                if (n >= limits.maxConcurrency()) {
                    stop = "no preemption up to " + n + " concurrent sequences (the concurrency limit)";
                }
            }
        }
        while (preempted != null && preempted - clean > 1 && stop == null) {
            int mid = (clean + preempted) / 2;
            Step s = tryStep(shape, mid, steps);
            if (s == null || !s.preempted() && !s.finished()) {
                stop = s == null ? budgetLeft(mid) : timeLimit() + " during " + mid + " concurrent sequences";
            } else if (s.preempted()) {
                preempted = mid;
            } else {
                clean = mid;
            }
        }
        requireAnswers();
        return result(steps, preempted, shape, stop != null ? stop : preempted == null ? "no preemption" : "boundary found");
    }

    /** The step at n when the limits allow it (added to steps), else null; a time limit reached on the way ends it too. */
    private Step tryStep(Shape shape, int n, List<Step> steps) throws EngineProbe.ProbeException {
        if (budgetLeft(n) != null) {
            return null;
        }
        try {
            Step s = step(shape, n);
            steps.add(s);
            return s;
        } catch (EngineProbe.OutOfTime e) {
            return new Step(n, false, null, Map.of(), false, null);
        }
    }

    /** A run in which the server answered none of the completions sent measured nothing: an error, not "no preemption". */
    private void requireAnswers() throws EngineProbe.ProbeException {
        if (answered == 0 && !cancelled) {
            throw new EngineProbe.ProbeException(probe.base() + "v1/completions: the server answered none of the " + sent
                    + " completion" + (sent == 1 ? "" : "s") + " sent within the time limit (" + limits.maxSeconds()
                    + " s): nothing measured");
        }
    }

    private String timeLimit() { return "time limit (" + limits.maxSeconds() + " s) reached"; }

    private String budgetLeft(int n) {
        if (cancelled) {
            return "cancelled";
        }
        if (sent + n > limits.maxRequests()) {
            return "request limit (" + limits.maxRequests() + ") reached";
        }
        if (System.nanoTime() - deadline > 0) {
            return timeLimit();
        }
        return null;
    }

    private Result result(List<Step> steps, Integer boundary, Shape shape, String stop) {
        Peaks all = new Peaks();
        for (Step s : steps) {
            s.peakKvUsageByEngine().forEach(all::see);
        }
        return new Result(List.copyOf(steps), sent, all.fullest(), boundary,
                boundary == null ? null : boundary * (shape.inputTokens() + shape.generatedTokens()), stop, all.byEngine(), shape);
    }

    /** The highest KV usage seen, per engine. */
    private static final class Peaks {
        private final Map<String, Double> byEngine = new TreeMap<>();

        void see(String engine, double usage) { byEngine.merge(engine, usage, Math::max); }

        void see(EngineProbe.Snapshot s) { s.kvUsageByEngine().forEach(this::see); }

        Double fullest() { return byEngine.values().stream().max(Double::compare).orElse(null); }

        Map<String, Double> byEngine() { return Collections.unmodifiableMap(new TreeMap<>(byEngine)); }
    }

    /** n sequences at once; preemption = the engine's preemption counter rose while they ran. */
    Step step(Shape shape, int n) throws EngineProbe.ProbeException {
        EngineProbe.Snapshot before = probe.snapshot();
        double start = before.preemptions() == null ? 0 : before.preemptions();
        progress.accept("running " + n + " concurrent sequence" + (n == 1 ? "" : "s") + " of " + shape.inputTokens() + " + "
                + shape.generatedTokens() + " tokens");
        ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, n));
        Peaks peaks = new Peaks();
        double[] latest = {start};
        List<StreamedCompletion.Timing> done;
        try {
            List<Future<StreamedCompletion.Timing>> running = new ArrayList<>();
            int tokens = (int) Math.min(Integer.MAX_VALUE, shape.generatedTokens());
            StreamedCompletion stream = new StreamedCompletion(probe);
            for (int i = 0; i < n; i++) {
                running.add(pool.submit(() -> stream.run(model, prompt, tokens)));
                sent++;
            }
            watch(running, peaks, latest);
            done = answers(running);
        } finally {
            pool.shutdownNow();
        }
        int got = done.size();
        answered += got;
        boolean finished = got == n;
        if (finished) {
            try {
                EngineProbe.Snapshot after = probe.snapshot();
                peaks.see(after);
                latest[0] = after.preemptions() == null ? latest[0] : after.preemptions();
            } catch (EngineProbe.OutOfTime e) {
                finished = false;
            }
        }
        return new Step(n, latest[0] > start, peaks.fullest(), peaks.byEngine(), finished,
                LatencySummary.of(n, done, n - got));
    }

    /** Reads /metrics while the sequences run; abandons them at the deadline or on cancel. */
    private void watch(List<? extends Future<?>> running, Peaks peaks, double[] latest) throws EngineProbe.ProbeException {
        while (running.stream().anyMatch(f -> !f.isDone())) {
            if (System.nanoTime() - deadline > 0 || cancelled) {
                running.forEach(f -> f.cancel(true));
                return;
            }
            EngineProbe.Snapshot now;
            try {
                now = probe.snapshot();
            } catch (EngineProbe.OutOfTime e) {
                running.forEach(f -> f.cancel(true));
                return;
            }
            peaks.see(now);
            latest[0] = now.preemptions() == null ? latest[0] : now.preemptions();
            progress.accept("KV usage " + ProbeRecord.usage(now.kvUsage(), now.kvUsageByEngine()) + ", running "
                    + fmt(now.running()) + ", waiting " + fmt(now.waiting()) + ", preemptions " + fmt(now.preemptions()));
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                running.forEach(f -> f.cancel(true));
                throw new EngineProbe.ProbeException("cancelled");
            }
        }
    }

    /** The completions the server answered, timed; those the time limit cut short are left out, other failures thrown. */
    private List<StreamedCompletion.Timing> answers(List<Future<StreamedCompletion.Timing>> running)
            throws EngineProbe.ProbeException {
        List<StreamedCompletion.Timing> got = new ArrayList<>();
        for (Future<StreamedCompletion.Timing> f : running) {
            if (f.isCancelled()) {
                continue;
            }
            try {
                got.add(f.get());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new EngineProbe.ProbeException("cancelled");
            } catch (ExecutionException e) {
                if (e.getCause() instanceof EngineProbe.OutOfTime) {
                    continue;
                }
                throw e.getCause() instanceof EngineProbe.ProbeException p ? p : new EngineProbe.ProbeException(probe.base()
                        + "v1/completions: a request failed (" + e.getCause().getClass().getSimpleName() + ")");
            }
        }
        return got;
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
