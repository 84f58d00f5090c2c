package org.vramsheet.core.calc;

import java.util.Arrays;
import org.vramsheet.core.engine.EngineDefaults;
import org.vramsheet.core.engine.Engines;
import org.vramsheet.core.engine.spi.SpeculativeRule;
import org.vramsheet.core.input.WorksheetValidator;
import org.vramsheet.core.kv.KvGeometry;
import org.vramsheet.core.result.Figure;
import org.vramsheet.core.result.FigureKey;
import org.vramsheet.core.result.Provenance;
import org.vramsheet.core.result.Unit;
import org.vramsheet.core.sheet.AttentionKind;
import org.vramsheet.core.sheet.KvArchitecture;
import org.vramsheet.core.sheet.KvDtype;
import org.vramsheet.core.sheet.RuntimeSettings;
import org.vramsheet.core.sheet.SpeculativeSettings;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.core.units.Units;

/**
 * RUNTIME › Speculative decoding as line items: the draft's weights and KV bytes per token (whole model and per GPU), the
 * verify width, and how the engine holds them ({@link SpeculativeRule}, from each engine's module). For an engine that sizes
 * the draft's KV in the target's pool (vLLM, SGLang) the pool's geometry gains the draft's layers, so every capacity the
 * calculation derives afterwards divides the pool by target + draft bytes per token; llama.cpp's draft gets a context of its
 * own ({@code speculative.draftContextBytes}). The draft's weights join the non-KV memory (PoolStep: when the engine loads
 * them before it sizes the pool; BudgetStep: always). Runs after KvStep, before the pool.
 */
final class SpeculativeStep {
    static final String[] INPUTS = {"runtime.speculative.*", "runtime.engine", "runtime.tensorParallel"};

    private SpeculativeStep() { }

    static void run(Calc c) {
        SpeculativeSettings s = c.ws.runtime().speculative();
        SpeculativeRule rule = Engines.of(c.ws.runtime().engine()).speculativeRule();
        boolean draft = s.on() && s.method().hasDraft() && rule != null;
        int k = s.on() ? s.tokensOrDefault() : 0;
        c.compute(FigureKey.SPECULATIVE_TOKENS, "Speculative tokens K", Unit.TOKENS, INPUTS, Calc.n(), () ->
                Figure.of(FigureKey.SPECULATIVE_TOKENS, "Speculative tokens K", Unit.TOKENS, k, Provenance.of(
                        "RUNTIME › Speculative tokens K", Integer.toString(k), !s.on() ? "No speculative decoding"
                                : s.tokens() == null ? "Not set: one speculative token per step" : "Set on the sheet")));
        c.compute(FigureKey.SPECULATIVE_VERIFY_TOKENS, "Verify tokens per sequence per step", Unit.TOKENS, INPUTS, Calc.n(), () ->
                Figure.of(FigureKey.SPECULATIVE_VERIFY_TOKENS, "Verify tokens per sequence per step", Unit.TOKENS, k + 1L,
                        Provenance.of("K + 1", k + " + 1", "The target scores the K proposals and one token of its own in one "
                                + "pass; the activation estimate is unchanged: vLLM profiles at max_num_batched_tokens, which "
                                + "bounds the verify tokens too, and the reservation of SGLang covers the CUDA graphs of the draft")));
        weights(c, s, draft);
        kv(c, s, rule, draft);
    }

    /**
     * The pool's geometry with the draft's layers: the target's KV ARCHITECTURE with draft layers more, at the target's
     * per-layer KV (the validator has checked the draft's matches, or the engine charges it so: SGLang's layer ratio).
     */
    private static void poolGeometry(Calc c, SpeculativeSettings s) {
        if (c.geometry == null || c.issues.blocking(INPUTS) != null) {
            return;
        }
        try {
            KvArchitecture k = c.ws.kv();
            c.geometry = new KvGeometry(c.ws.withKv(k.toBuilder().layers(Math.addExact(k.layers(), s.draftLayers())).build()),
                    Engines.of(c.ws.runtime().engine()).cacheTypeV(c.ws.runtime()));
        } catch (ArithmeticException e) {
            c.geometryBlocked = "RUNTIME › Speculative decoding: too large to compute exactly (overflow)";
            c.geometry = null;
        }
    }

    private static void weights(Calc c, SpeculativeSettings s, boolean draft) {
        int tp = c.ws.runtime().tensorParallel();
        String why = draft ? "The draft as imported (RUNTIME › Draft model)"
                : s.on() ? "n-gram proposes from the tokens already seen: no weights, no KV" : "No speculative decoding";
        c.compute(FigureKey.SPECULATIVE_DRAFT_WEIGHTS_BYTES, "Draft weights", Unit.BYTES, INPUTS, Calc.n(), () -> {
            long w = draft ? s.draftWeightsBytes() : 0;
            return Figure.of(FigureKey.SPECULATIVE_DRAFT_WEIGHTS_BYTES, "Draft weights", Unit.BYTES, w,
                    Provenance.of("RUNTIME › Draft weights", Units.bytesText(w), why));
        });
        c.compute(FigureKey.SPECULATIVE_DRAFT_WEIGHTS_BYTES_PER_GPU, "Draft weights per GPU", Unit.BYTES, INPUTS,
                Calc.n(FigureKey.SPECULATIVE_DRAFT_WEIGHTS_BYTES), () -> {
            long w = c.get(FigureKey.SPECULATIVE_DRAFT_WEIGHTS_BYTES).value();
            long per = KvGeometry.ceilDiv(w, tp);
            return Figure.of(FigureKey.SPECULATIVE_DRAFT_WEIGHTS_BYTES_PER_GPU, "Draft weights per GPU", Unit.BYTES, per,
                    Provenance.of("ceil(draft weights / TP)", Units.grouped(w) + " / " + tp,
                            "The draft runs on the target's tensor parallel group"));
        });
    }

    private static void kv(Calc c, SpeculativeSettings s, SpeculativeRule rule, boolean draft) {
        String[] fields = concat(INPUTS, KvStep.INPUTS);
        KvDtype dtype = !draft ? null : rule.draftKvDtype() != null ? rule.draftKvDtype()
                : c.ws.kv().kvDtype().resolve(c.ws.weights().computeDtype());
        int layers = draft && s.draftLayers() != null ? s.draftLayers() : 0;
        String dt = dtype == null ? "No draft KV" : rule.draftKvDtype() != null ? "In f16, the draft cache type of the engine"
                : "In the KV-cache dtype of the target";
        c.compute(FigureKey.SPECULATIVE_DRAFT_KV_BYTES_PER_TOKEN, "Draft KV bytes per token", Unit.BYTES, fields, Calc.n(), () -> {
            long b = layers == 0 ? 0 : perToken(dtype, layers, s.draftKvHeads(), s.draftHeadDim(), c.ws.kv());
            return Figure.of(FigureKey.SPECULATIVE_DRAFT_KV_BYTES_PER_TOKEN, "Draft KV bytes per token", Unit.BYTES, b,
                    Provenance.of(mla(c) ? "draft layers x latent x bytes" : "draft layers x 2 x KV heads x head dim x bytes",
                            layers == 0 ? "0" : layers + " x " + (mla(c) ? "" : "2 x " + s.draftKvHeads() + " x ")
                                    + s.draftHeadDim() + " x " + dtype.bytesText(), "Model-wide", dt));
        });
        int tp = c.ws.runtime().tensorParallel();
        c.compute(FigureKey.SPECULATIVE_DRAFT_KV_BYTES_PER_TOKEN_PER_GPU, "Draft KV bytes per token per GPU", Unit.BYTES, fields,
                Calc.n(), () -> {
                    int heads = layers == 0 || mla(c) ? 1 : Math.max(1, s.draftKvHeads() / tp);
                    long b = layers == 0 ? 0 : perToken(dtype, layers, heads, s.draftHeadDim(), c.ws.kv());
                    return Figure.of(FigureKey.SPECULATIVE_DRAFT_KV_BYTES_PER_TOKEN_PER_GPU, "Draft KV bytes per token per GPU",
                            Unit.BYTES, b, Provenance.of("draft layers x 2 x max(1, KV heads / TP) x head dim x bytes",
                                    Units.bytesText(b), "KV heads sharded over TP " + tp + ", replicated past it"));
                });
        pool(c, s, rule, draft, fields);
        context(c, rule, draft, fields);
    }

    /** The pool's divisor per GPU: target + draft bytes per token when the draft's KV is in the pool. */
    private static void pool(Calc c, SpeculativeSettings s, SpeculativeRule rule, boolean draft, String[] fields) {
        boolean inPool = draft && rule.kvInPool() && s.draftLayers() != null && s.draftLayers() > 0;
        if (inPool) {
            poolGeometry(c, s);
        }
        c.compute(FigureKey.SPECULATIVE_POOL_BYTES_PER_TOKEN_PER_GPU, "Pool bytes per token per GPU (target + draft)", Unit.BYTES,
                fields, Calc.n(FigureKey.KV_CACHE_BYTES_PER_TOKEN_PER_GPU, FigureKey.SPECULATIVE_DRAFT_KV_BYTES_PER_TOKEN_PER_GPU),
                () -> {
                    if (c.geometry == null) {
                        return Figure.unavailable(FigureKey.SPECULATIVE_POOL_BYTES_PER_TOKEN_PER_GPU,
                                "Pool bytes per token per GPU (target + draft)", Unit.BYTES, c.geometryBlocked);
                    }
                    long target = c.get(FigureKey.KV_CACHE_BYTES_PER_TOKEN_PER_GPU).value();
                    long sum = c.geometry.bytesPerTokenRank();
                    long d = sum - target;
                    return Figure.of(FigureKey.SPECULATIVE_POOL_BYTES_PER_TOKEN_PER_GPU,
                            "Pool bytes per token per GPU (target + draft)", Unit.BYTES, sum, Provenance.of(
                                    "target + draft KV bytes per token per GPU", Units.grouped(target) + " + " + Units.grouped(d),
                                    poolNotes(rule, draft)));
                });
    }

    private static String[] poolNotes(SpeculativeRule rule, boolean draft) {
        if (!draft) {
            return new String[] {"No draft KV"};
        }
        String how = !rule.kvInPool() ? "The draft's KV is not in the pool" : rule.byLayers()
                ? "The draft's layers are charged at the target's per-layer KV"
                : "tokens per pool = pool / (target + draft bytes per token)";
        return new String[] {rule.source(), how};
    }

    /** llama.cpp: the draft's own context, slots x (n_ctx / slots) tokens; 0 for an engine that keeps the draft in the pool. */
    private static void context(Calc c, SpeculativeRule rule, boolean draft, String[] fields) {
        boolean own = draft && !rule.kvInPool();
        String[] all = concat(fields, new String[] {"runtime.maxModelLen", "runtime.maxNumSeqs", "model.maxContextTokens"});
        c.compute(FigureKey.SPECULATIVE_DRAFT_CONTEXT_BYTES, "Draft context (own KV)", Unit.BYTES, all,
                Calc.n(FigureKey.SPECULATIVE_DRAFT_KV_BYTES_PER_TOKEN), () -> {
                    RuntimeSettings r = c.ws.runtime();
                    Long perSlot = own ? WorksheetValidator.effectiveMaxModelLen(c.ws) : null;
                    int slots = own ? EngineDefaults.maxNumSeqs(r).value() : 0;
                    long tokens = perSlot == null ? 0 : Math.multiplyExact(perSlot, (long) slots);
                    long b = Math.multiplyExact(tokens, c.get(FigureKey.SPECULATIVE_DRAFT_KV_BYTES_PER_TOKEN).value());
                    return Figure.of(FigureKey.SPECULATIVE_DRAFT_CONTEXT_BYTES, "Draft context (own KV)", Unit.BYTES, b,
                            Provenance.of("slots x n_ctx per slot x draft KV bytes per token", own ? slots + " x "
                                    + Units.grouped(perSlot) + " tokens" : "0", own ? rule.source()
                                    : "No context of its own: the draft's KV, if any, is in the pool"));
                });
    }

    private static long perToken(KvDtype dtype, int layers, int heads, int headDim, KvArchitecture target) {
        long elems = target.kind() == AttentionKind.MLA ? headDim
                : Math.multiplyExact(2L * heads, headDim);
        long perLayer = KvGeometry.ceilDiv(Math.multiplyExact(elems, dtype.num()), dtype.den());
        return Math.multiplyExact(perLayer, (long) layers);
    }

    private static boolean mla(Calc c) { return c.ws.kv().kind() == AttentionKind.MLA; }

    /** The draft's weights per GPU as the non-KV memory takes them; 0 when the figure is unavailable. */
    static long weightsPerGpu(Calc c) { return NonKvStep.bytes(c, FigureKey.SPECULATIVE_DRAFT_WEIGHTS_BYTES_PER_GPU); }

    /** The draft's memory outside the pool, whole replica: its weights and (llama.cpp) its own context; 0 without a draft. */
    static long draftBytes(Calc c) {
        return Math.addExact(NonKvStep.bytes(c, FigureKey.SPECULATIVE_DRAFT_WEIGHTS_BYTES),
                NonKvStep.bytes(c, FigureKey.SPECULATIVE_DRAFT_CONTEXT_BYTES));
    }

    /** Whether the engine sizes its pool with the draft's weights already resident (vLLM's memory profile). */
    static boolean weightsBeforePool(Calc c) {
        SpeculativeRule rule = Engines.of(c.ws.runtime().engine()).speculativeRule();
        return rule != null && rule.weightsBeforePool();
    }

    private static String[] concat(String[] a, String[] b) {
        String[] out = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}
