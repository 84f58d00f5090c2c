package org.vramsheet.core.calc;

import java.util.AbstractList;
import java.util.function.LongUnaryOperator;
import org.vramsheet.core.engine.spi.PoolLayout;

import org.vramsheet.core.result.ScenarioFigure;

import org.vramsheet.core.result.FigureKey;

import java.util.ArrayList;
import java.util.List;
import org.vramsheet.core.input.WorksheetValidator;
import org.vramsheet.core.kv.KvGeometry;
import org.vramsheet.core.result.Figure;
import org.vramsheet.core.result.Provenance;
import org.vramsheet.core.result.Unit;
import org.vramsheet.core.sheet.Scenario;
import org.vramsheet.core.sheet.ScenarioId;
import org.vramsheet.core.units.Units;

/** TYPICAL / HEAVY / LIMIT: active tokens, logical KV, physical KV in the engine's blocks, fit and share. */
final class WorkloadStep {
    private WorkloadStep() { }

    static void run(Calc c, PoolLayout pool) {
        for (ScenarioId id : ScenarioId.values()) {
            scenario(c, pool, id);
        }
    }

    /** One scenario's inputs, as every part of its calculation needs them. */
    private record Scn(Calc c, ScenarioId id, Scenario s, List<Long> lens, String name, String[] fields, long prefix) {
        String[] kvFields() { return concat(fields, KvStep.INPUTS); }

        /** The sequences that find the prefix already stored: the sharers but the first. */
        long others() { return Math.max(0, s.sharers(lens.size()) - 1); }
    }

    private static void scenario(Calc c, PoolLayout pool, ScenarioId id) {
        Scenario s = c.ws.workloads().get(id);
        long prefix = c.ws.runtime().prefixCaching() && s.sharedPrefixTokens() != null ? s.sharedPrefixTokens() : 0;
        Scn x = new Scn(c, id, s, lengths(s), id.label(), new String[] {"workloads." + id.key() + ".*"}, prefix);
        String name = x.name();
        tokens(x);
        uniqueTokens(x);
        logicalKv(x);
        String poolBlocked = pool == null ? c.missing(FigureKey.POOL_KV_POOL_BYTES) : null;
        if (poolBlocked != null) {
            // the same names as when the pool is known
            c.put(Figure.unavailable(FigureKey.scenario(id, ScenarioFigure.PHYSICAL_KV_BYTES), name + ": physical KV (engine blocks)",
                    Unit.BYTES, poolBlocked));
            c.put(Figure.unavailable(FigureKey.scenario(id, ScenarioFigure.FITS), name + ": fits the KV pool", Unit.FLAG, poolBlocked));
            c.put(Figure.unavailable(FigureKey.scenario(id, ScenarioFigure.POOL_SHARE), name + ": share of the KV pool", Unit.RATIO,
                    poolBlocked));
            c.put(Figure.unavailable(FigureKey.scenario(id, ScenarioFigure.STORED_TOKENS), name
                    + ": tokens stored after prefix sharing", Unit.TOKENS, poolBlocked));
            c.put(Figure.unavailable(FigureKey.scenario(id, ScenarioFigure.CONCURRENCY_WITHOUT_SHARING), name
                    + ": sequences the pool holds without sharing", Unit.SEQUENCES, poolBlocked));
            c.put(Figure.unavailable(FigureKey.scenario(id, ScenarioFigure.CONCURRENCY_WITH_SHARING), name
                    + ": sequences the pool holds with sharing", Unit.SEQUENCES, poolBlocked));
            return;
        }
        physicalKv(x, pool);
        fitAndShare(x);
        PrefixStep.run(c, pool, id, x.prefix());
    }

    private static void tokens(Scn x) {
        Calc c = x.c();
        ScenarioId id = x.id();
        Scenario s = x.s();
        List<Long> lens = x.lens();
        String name = x.name();
        String[] fields = x.fields();
        c.compute(FigureKey.scenario(id, ScenarioFigure.SEQUENCES), name + ": concurrent sequences", Unit.SEQUENCES, fields, Calc.n(),
                () -> Figure.of(FigureKey.scenario(id, ScenarioFigure.SEQUENCES), name + ": concurrent sequences", Unit.SEQUENCES,
                lens.size(),
                        Provenance.of(s.explicit() ? "count of the explicit sequence lengths" : "concurrent active sequences",
                                Units.grouped(lens.size()))));
        c.compute(FigureKey.scenario(id, ScenarioFigure.ACTIVE_TOKENS_PER_SEQUENCE), name + ": active tokens per sequence", Unit.TOKENS,
                fields, Calc.n(), () -> {
            long longest = 0;
            for (long n : lens) {
                longest = Math.max(longest, n);
            }
            return Figure.of(FigureKey.scenario(id, ScenarioFigure.ACTIVE_TOKENS_PER_SEQUENCE), name + ": active tokens per sequence",
                    Unit.TOKENS, longest, s.explicit() ? Provenance.of("longest of the explicit sequence lengths", Units.grouped(longest))
                            : Provenance.of("input + generated", Units.grouped(s.inputTokens()) + " + "
                            + Units.grouped(s.generatedTokens()) + " = " + Units.grouped(longest),
                            "The cache grows during generation: the answer's tokens count too"));
        });
        c.compute(FigureKey.scenario(id, ScenarioFigure.ACTIVE_TOKENS), name + ": aggregate active tokens", Unit.TOKENS, fields, Calc.n(),
                () -> {
            long sum = sum(lens, n -> n);
            return Figure.of(FigureKey.scenario(id, ScenarioFigure.ACTIVE_TOKENS), name + ": aggregate active tokens", Unit.TOKENS, sum,
                    s.explicit() ? Provenance.of("sum of sequence lengths", joinLengths(lens) + " = " + Units.grouped(sum),
                            "KV follows active tokens, not requests")
                            : Provenance.of("sequences x (input + generated)", Units.grouped(lens.size()) + " x "
                            + Units.grouped(lens.isEmpty() ? 0 : lens.get(0)) + " = " + Units.grouped(sum),
                            "KV follows active tokens, not requests"));
        });
    }

    private static void uniqueTokens(Scn x) {
        Calc c = x.c();
        ScenarioId id = x.id();
        List<Long> lens = x.lens();
        String name = x.name();
        String[] fields = x.fields();
        long prefix = x.prefix();
        c.compute(FigureKey.scenario(id, ScenarioFigure.UNIQUE_TOKENS), name + ": unique tokens after prefix sharing", Unit.TOKENS, fields,
                Calc.n(FigureKey.scenario(id, ScenarioFigure.ACTIVE_TOKENS)), () -> {
                    long sum = c.get(FigureKey.scenario(id, ScenarioFigure.ACTIVE_TOKENS)).value();
                    long saved = Math.multiplyExact(prefix, x.others());
                    return Figure.of(FigureKey.scenario(id, ScenarioFigure.UNIQUE_TOKENS), name + ": unique tokens after prefix sharing",
                            Unit.TOKENS, sum - saved, Provenance.of("aggregate - (sequences sharing - 1) x shared prefix",
                                    Units.grouped(sum) + " - " + x.others() + " x " + Units.grouped(prefix),
                                    prefix > 0 ? "Prefix caching on: the shared prefix is stored once"
                                            : c.ws.runtime().prefixCaching() ? "No shared prefix given"
                                            : "Prefix caching off: every sequence stores its own copy"));
                });
    }

    private static void logicalKv(Scn x) {
        Calc c = x.c();
        ScenarioId id = x.id();
        List<Long> lens = x.lens();
        String name = x.name();
        long prefix = x.prefix();
        String[] kvFields = x.kvFields();
        c.compute(FigureKey.scenario(id, ScenarioFigure.KV_BYTES), name + ": calculated raw KV", Unit.BYTES, kvFields,
                Calc.n(FigureKey.scenario(id, ScenarioFigure.ACTIVE_TOKENS)), () -> {
            KvGeometry g = c.geometry;
            long total = sum(lens, g::sequenceBytes);
            long saved = Math.multiplyExact(Math.multiplyExact(prefix, x.others()), sharedPerToken(g));
            long kv = total - saved;
            List<String> notes = new ArrayList<>();
            notes.add("Logical payload (model-wide, before block rounding)");
            if (g.hasWindows()) {
                notes.add("Windowed layers hold at most their window per sequence");
            }
            if (g.stateLayers > 0) {
                notes.add("Plus " + Units.bytesText(g.stateBytesPerSeq) + " fixed state per sequence");
            }
            if (saved > 0) {
                notes.add("Shared prefix stored once in full-attention layers: saves " + Units.bytesText(saved)
                        + "; windowed layers are not deduplicated (conservative)");
            }
            String expr = g.hasWindows() || g.stateLayers > 0 || saved > 0 ? Units.bytesText(kv)
                    : Units.grouped(c.get(FigureKey.scenario(id, ScenarioFigure.ACTIVE_TOKENS)).value()) + " x "
                    + Units.grouped(g.bytesPerToken()) + " = "
                    + Units.bytesText(kv);
            return Figure.of(FigureKey.scenario(id, ScenarioFigure.KV_BYTES), name + ": calculated raw KV", Unit.BYTES, kv,
                    new Provenance("aggregate active tokens x KV bytes per token", expr + " = " + Units.gibText(kv), notes));
        });
    }

    private static void physicalKv(Scn x, PoolLayout pool) {
        Calc c = x.c();
        ScenarioId id = x.id();
        String name = x.name();
        c.compute(FigureKey.scenario(id, ScenarioFigure.PHYSICAL_KV_BYTES), name + ": physical KV (engine blocks)", Unit.BYTES,
                x.kvFields(), Calc.n(FigureKey.scenario(id, ScenarioFigure.KV_BYTES)), () -> {
                    long perRank = sum(x.lens(), pool::sequenceBytesRank);
                    long sharedBlocks = x.prefix() / pool.blockSize;
                    long savedRank = 0;
                    if (sharedBlocks > 0 && x.others() > 0) {
                        long fullLayersRank = c.geometry.groupsRank.isEmpty() || c.geometry.groupsRank.get(0).capped()
                                ? 0 : c.geometry.groupsRank.get(0).layers();
                        savedRank = Math.multiplyExact(Math.multiplyExact(sharedBlocks * pool.blockSize, x.others()),
                                Math.multiplyExact(c.geometry.perLayerRank(), fullLayersRank));
                    }
                    long phys = Math.multiplyExact(perRank - savedRank, (long) pool.ranks);
                    return Figure.of(FigureKey.scenario(id, ScenarioFigure.PHYSICAL_KV_BYTES), name + ": physical KV (engine blocks)",
                            Unit.BYTES, phys, Provenance.of("per sequence: blocks held x page bytes, summed, x GPUs",
                                    Units.bytesText(phys) + " = " + Units.gibText(phys),
                                    "Rounded up to whole " + pool.blockSize + "-token blocks per sequence and layer",
                                    pool.ranks > 1 ? "Summed over " + pool.ranks + " GPUs (replicated KV heads count on each)"
                                            : "One GPU",
                                    sharedBlocks > 0 ? "Prefix caching shares only whole blocks: " + sharedBlocks
                                            + " blocks of the prefix" : "No prefix blocks shared"));
                });
    }

    private static void fitAndShare(Scn x) {
        Calc c = x.c();
        ScenarioId id = x.id();
        String name = x.name();
        c.compute(FigureKey.scenario(id, ScenarioFigure.FITS), name + ": fits the KV pool", Unit.FLAG, f(),
                Calc.n(FigureKey.scenario(id, ScenarioFigure.PHYSICAL_KV_BYTES),
                FigureKey.POOL_KV_POOL_BYTES_REPLICA), () -> {
                    String refused = refusedByMaxLen(c, id);
                    if (refused != null) {
                        return Figure.flag(FigureKey.scenario(id, ScenarioFigure.FITS), name + ": fits the KV pool", false,
                                Provenance.of("longest sequence <= max model length", refused));
                    }
                    long need = c.get(FigureKey.scenario(id, ScenarioFigure.PHYSICAL_KV_BYTES)).value();
                    long have = c.get(FigureKey.POOL_KV_POOL_BYTES_REPLICA).value();
                    return Figure.flag(FigureKey.scenario(id, ScenarioFigure.FITS), name + ": fits the KV pool", need <= have,
                            Provenance.of("physical KV <= KV pool (replica)", Units.gibText(need) + (need <= have ? " <= " : " > ")
                                    + Units.gibText(have), need <= have ? "Fits with " + Units.gibText(have - need) + " to spare"
                                    : "Short by " + Units.gibText(need - have) + ": the engine would queue or preempt"));
                });
        c.compute(FigureKey.scenario(id, ScenarioFigure.POOL_SHARE), name + ": share of the KV pool", Unit.RATIO, f(),
                Calc.n(FigureKey.scenario(id, ScenarioFigure.PHYSICAL_KV_BYTES),
                FigureKey.POOL_KV_POOL_BYTES_REPLICA), () -> {
                    long need = c.get(FigureKey.scenario(id, ScenarioFigure.PHYSICAL_KV_BYTES)).value();
                    long have = c.get(FigureKey.POOL_KV_POOL_BYTES_REPLICA).value();
                    if (have == 0) {
                        return null;
                    }
                    return Figure.ratio(FigureKey.scenario(id, ScenarioFigure.POOL_SHARE), name + ": share of the KV pool",
                            need / (double) have, Provenance.of("physical KV / KV pool",
                            Units.grouped(need) + " / " + Units.grouped(have)));
                });
    }

    private static String[] f() { return new String[0]; }

    /**
     * When the scenario's longest sequence is above the engine's max model length: why the engine refuses it
     * ("the engine refuses sequences longer than 8,192 tokens; the longest here is 32,768"); else null.
     */
    static String refusedByMaxLen(Calc c, ScenarioId id) {
        Long maxLen = WorksheetValidator.effectiveMaxModelLen(c.ws);
        Figure longest = c.get(FigureKey.scenario(id, ScenarioFigure.ACTIVE_TOKENS_PER_SEQUENCE));
        if (maxLen == null || longest == null || !longest.available() || longest.value() <= maxLen) {
            return null;
        }
        return "the engine refuses sequences longer than " + Units.grouped(maxLen) + " tokens (max model length); "
                + "the longest here is " + Units.grouped(longest.value());
    }

    /** Sum of fn over the lengths; n equal lengths cost one call. */
    static long sum(List<Long> lens, LongUnaryOperator fn) {
        if (lens instanceof RepeatedList r) {
            return r.size == 0 ? 0 : Math.multiplyExact(fn.applyAsLong(r.value), (long) r.size);
        }
        long total = 0;
        for (long n : lens) {
            total = Math.addExact(total, fn.applyAsLong(n));
        }
        return total;
    }

    /** Bytes per token that a shared prefix saves: the full-attention layers only. */
    private static long sharedPerToken(KvGeometry g) {
        return Math.multiplyExact(g.perLayer(), (long) g.fullLayers());
    }

    static List<Long> lengths(Scenario s) {
        if (s.explicit()) {
            return s.sequenceLengths();
        }
        if (s.inputTokens() == null || s.generatedTokens() == null || s.concurrentSequences() == null
                || s.concurrentSequences() < 1 || s.concurrentSequences() > WorksheetValidator.MAX_SEQUENCES) {
            return List.of();
        }
        long len = s.inputTokens() + s.generatedTokens();
        return new RepeatedList(len, s.concurrentSequences().intValue());
    }

    private static String joinLengths(List<Long> lens) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < lens.size() && i < 8; i++) {
            b.append(i == 0 ? "" : " + ").append(Units.grouped(lens.get(i)));
        }
        if (lens.size() > 8) {
            b.append(" + ... (").append(lens.size()).append(" sequences)");
        }
        return b.toString();
    }

    static String[] concat(String[] a, String[] b) {
        String[] out = new String[a.length + b.length];
        System.arraycopy(a, 0, out, 0, a.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    /** n copies of one length without allocating n boxes. */
    private static final class RepeatedList extends AbstractList<Long> {
        private final Long value;
        private final int size;

        RepeatedList(long value, int size) {
            this.value = value;
            this.size = size;
        }

        @Override
        public Long get(int i) { return value; }

        @Override
        public int size() { return size; }
    }
}
