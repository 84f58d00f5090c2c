package org.vramsheet.io.logs;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import org.vramsheet.core.validation.Measurement;

/**
 * The engine's unified figures when several processes print them. Through v0.10 the EngineCore printed "GPU KV cache
 * size" and "Maximum concurrency" once per worker, before {@code unify_kv_cache_configs} gave every worker the
 * smallest worker's block count ({@code vllm/v1/core/kv_cache_utils.py}); every worker prints its own "Available KV
 * cache memory". So the engine's figure is the smallest one printed, the engine's own lines before the workers';
 * with data parallelism each engine (DP rank) has its own pool, and the first engine's figures are the log's.
 */
final class VllmEngines {
    /** One printed figure: the process that printed it, its value and (concurrency) the context it refers to. */
    private record Seen(VllmProcess from, double value, long context) { }

    private final List<Seen> tokens = new ArrayList<>();
    private final List<Seen> concurrency = new ArrayList<>();
    private final List<Seen> pools = new ArrayList<>();
    private final TreeSet<Integer> engines = new TreeSet<>();
    private int firstEngine = Integer.MAX_VALUE;

    void tokens(VllmProcess p, long n) { add(tokens, new Seen(p, n, 0)); }

    void concurrency(VllmProcess p, double x, long context) { add(concurrency, new Seen(p, x, context)); }

    void pool(VllmProcess p, long bytes) { add(pools, new Seen(p, bytes, 0)); }

    /** A process seen on any vLLM line: its engine counts towards the data-parallel engines. */
    void seen(VllmProcess p) {
        engines.add(p.dp());
        firstEngine = Math.min(firstEngine, p.dp());
    }

    private void add(List<Seen> to, Seen s) {
        seen(s.from());
        // a hostile log repeats lines: only distinct printers' figures are kept past a bound
        if (to.size() < 4096) {
            to.add(s);
        }
    }

    /** The first engine's tokens, concurrency and pool into the measurement; the count of engines when more than one. */
    void finish(Measurement.Builder m) {
        Seen t = smallest(tokens);
        if (t != null) {
            m.kvTokens((long) t.value());
        }
        Seen c = smallest(concurrency);
        if (c != null) {
            m.concurrency(c.value()).concurrencyTokens(c.context());
        }
        Seen p = smallest(pools);
        if (p != null) {
            m.kvPoolBytes((long) p.value());
        }
        if (engines.size() > 1) {
            m.dataParallel(Math.max(engines.size(), m.dataParallel() == null ? 0 : m.dataParallel()));
        }
    }

    /** The first engine's smallest figure, its engine-level lines before its workers'; null when none was printed. */
    private Seen smallest(List<Seen> all) {
        Seen best = null;
        for (Seen s : all) {
            if (s.from().dp() != firstEngine) {
                continue;
            }
            if (best == null || best.from().worker() && !s.from().worker()
                    || best.from().worker() == s.from().worker() && s.value() < best.value()) {
                best = s;
            }
        }
        return best;
    }
}
