package org.vramsheet.core.calc;

import java.util.List;
import org.vramsheet.core.engine.spi.PoolLayout;
import org.vramsheet.core.result.Figure;
import org.vramsheet.core.result.FigureKey;
import org.vramsheet.core.result.Provenance;
import org.vramsheet.core.result.ScenarioFigure;
import org.vramsheet.core.result.Unit;
import org.vramsheet.core.sheet.Scenario;
import org.vramsheet.core.sheet.ScenarioId;
import org.vramsheet.core.units.Units;

/**
 * Prefix sharing per scenario, as the engine stores it: the tokens the pool holds once a shared prefix is stored once
 * (blocks referenced by many sequences count once; only whole blocks are shared: vLLM hashes full blocks, SGLang's radix
 * tree shares per page, one token at its default page size 1), beside the aggregate active tokens; and how many of the
 * scenario's sequences the pool holds with and without the sharing. The share of sequences that carry the prefix is the
 * scenario's (null: all of them).
 */
final class PrefixStep {
    static final ScenarioFigure[] FIGURES = {ScenarioFigure.STORED_TOKENS, ScenarioFigure.CONCURRENCY_WITHOUT_SHARING,
        ScenarioFigure.CONCURRENCY_WITH_SHARING};

    private PrefixStep() { }

    static void run(Calc c, PoolLayout pool, ScenarioId id, long prefix) {
        Scenario s = c.ws.workloads().get(id);
        List<Long> lens = WorkloadStep.lengths(s);
        String name = id.label();
        String[] fields = {"workloads." + id.key() + ".*", "runtime.prefixCaching", "runtime.blockSize"};
        long bs = pool.blockSize;
        long shared = prefix / bs * bs;
        long others = Math.max(0, s.sharers(lens.size()) - 1);
        String grain = bs == 1 ? "Shared per token (page size 1, as a radix tree stores it)"
                : "Shared in whole " + bs + "-token blocks (a partly filled block is not shared)";
        FigureKey stored = FigureKey.scenario(id, ScenarioFigure.STORED_TOKENS);
        c.compute(stored, name + ": tokens stored after prefix sharing", Unit.TOKENS, fields,
                Calc.n(FigureKey.scenario(id, ScenarioFigure.ACTIVE_TOKENS)), () -> {
                    long blocks = WorkloadStep.sum(lens, n -> LoraModules.ceil(n, bs) * bs);
                    long v = blocks - Math.multiplyExact(others, shared);
                    return Figure.of(stored, name + ": tokens stored after prefix sharing", Unit.TOKENS, v, Provenance.of(
                            "whole blocks per sequence, summed - (sequences sharing - 1) x shared whole blocks",
                            Units.grouped(blocks) + " - " + others + " x " + Units.grouped(shared), grain,
                            prefix > 0 ? Units.grouped(s.sharers(lens.size())) + " of " + Units.grouped(lens.size())
                                    + " sequences carry the shared prefix" : c.ws.runtime().prefixCaching()
                                    ? "No shared prefix given" : "Prefix caching off: every sequence stores its own copy"));
                });
        concurrency(c, pool, id, s, lens, shared);
    }

    private static void concurrency(Calc c, PoolLayout pool, ScenarioId id, Scenario s, List<Long> lens, long shared) {
        String name = id.label();
        long longest = lens.stream().mapToLong(Long::longValue).max().orElse(0);
        long per = LoraModules.ceil(longest, pool.blockSize) * pool.blockSize;
        long capacity = pool.capacityTokens;
        String[] fields = {"workloads." + id.key() + ".*", "runtime.prefixCaching"};
        FigureKey without = FigureKey.scenario(id, ScenarioFigure.CONCURRENCY_WITHOUT_SHARING);
        c.compute(without, name + ": sequences the pool holds without sharing", Unit.SEQUENCES, fields, Calc.n(), () ->
                per == 0 ? null : Figure.of(without, name + ": sequences the pool holds without sharing", Unit.SEQUENCES,
                        capacity / per, Provenance.of("KV capacity tokens / whole blocks per sequence",
                                Units.grouped(capacity) + " / " + Units.grouped(per), "Sequences of this scenario's longest "
                                        + "length, each storing its own copy of the prefix")));
        FigureKey with = FigureKey.scenario(id, ScenarioFigure.CONCURRENCY_WITH_SHARING);
        c.compute(with, name + ": sequences the pool holds with sharing", Unit.SEQUENCES, fields, Calc.n(), () -> {
            if (per == 0) {
                return null;
            }
            long lo = 0;
            long hi = Math.min(capacity, 10_000_000L);
            while (lo < hi) { // the largest n whose blocks fit: cost(n) grows with n
                long mid = (lo + hi + 1) >>> 1;
                if (cost(mid, per, shared, s) <= capacity) {
                    lo = mid;
                } else {
                    hi = mid - 1;
                }
            }
            long n = lo;
            return Figure.of(with, name + ": sequences the pool holds with sharing", Unit.SEQUENCES, n, Provenance.of(
                    "largest n with n x whole blocks per sequence - (sequences sharing - 1) x shared whole blocks <= capacity",
                    Units.grouped(n) + " x " + Units.grouped(per) + " - " + Math.max(0, s.sharers(n) - 1) + " x "
                            + Units.grouped(shared) + " <= " + Units.grouped(capacity),
                    shared == 0 ? "Nothing shared: the same as without sharing" : "The shared prefix's blocks are stored once"));
        });
    }

    private static long cost(long n, long per, long shared, Scenario s) {
        return Math.multiplyExact(n, per) - Math.multiplyExact(Math.max(0, s.sharers(n) - 1), shared);
    }
}
