package org.vramsheet.core.calc;

import org.vramsheet.core.result.FigureKey;

import static org.vramsheet.core.calc.Calc.f;
import static org.vramsheet.core.calc.Calc.n;

import java.util.ArrayList;
import java.util.List;
import org.vramsheet.core.engine.Engines;
import org.vramsheet.core.kv.KvGeometry;
import org.vramsheet.core.result.Figure;
import org.vramsheet.core.result.Provenance;
import org.vramsheet.core.result.Unit;
import org.vramsheet.core.input.WorksheetValidator;
import org.vramsheet.core.sheet.KvArchitecture;
import org.vramsheet.core.sheet.KvDtype;
import org.vramsheet.core.sheet.LayerWindow;
import org.vramsheet.core.units.Units;

/** KV ARCHITECTURE: bytes per token from KV heads (GQA/MQA) or the MLA latent, windows and state. */
final class KvStep {
    static final String[] INPUTS = {"kv.kind", "kv.layers", "kv.attentionHeads", "kv.kvHeads", "kv.headDim",
        "kv.hiddenSize", "kv.kvLoraRank", "kv.qkRopeHeadDim", "kv.kvDtype", "kv.windows", "kv.windowTokens", "kv.stateLayers",
        "kv.stateBytesPerLayer", "kv.indexHeadDim", "runtime.tensorParallel", "runtime.pipelineParallel",
        "runtime.llamaCpp.cacheTypeV", "runtime.engine"};

    private KvStep() { }

    static void run(Calc c) {
        c.geometryBlocked = c.issues.blocking(INPUTS);
        if (c.geometryBlocked == null) {
            try {
                c.geometry = new KvGeometry(c.ws, Engines.of(c.ws.runtime().engine()).cacheTypeV(c.ws.runtime()));
            } catch (ArithmeticException e) {
                c.geometryBlocked = "KV ARCHITECTURE: too large to compute exactly (overflow)";
            }
        }
        KvArchitecture k = c.ws.kv();
        String label = "Raw KV bytes per token";
        c.compute(FigureKey.KV_CACHE_BYTES_PER_TOKEN, label, Unit.BYTES, INPUTS, n(), () -> {
            KvGeometry g = c.geometry;
            long b = g.bytesPerToken();
            List<String> notes = new ArrayList<>();
            notes.add("KV dtype " + g.dtype.label() + " (" + g.dtype.bytesText() + " B/element) is set apart from the weight format");
            if (g.vDtype != g.dtype) {
                notes.add("V cache " + g.vDtype.label() + " (" + g.vDtype.bytesText() + " B/element, -ctv): the V rows are sized by "
                        + "type_v, the K rows by type_k (llama-kv-cache.cpp)");
            }
            String launchedAs = Engines.of(c.ws.runtime().engine()).launchedKvNote(c.stored);
            if (launchedAs != null) {
                notes.add(launchedAs);
            }
            if (g.mla) {
                notes.add("MLA caches one latent per token per layer: no factor 2, no KV heads; the latent is "
                        + "replicated on every TP rank");
                mlaNotes(g, k, notes);
            } else if (k.headDim() != null) {
                notes.add("head_dim " + g.headDim + " given explicitly (it wins over hidden / heads)");
            } else {
                notes.add("head_dim = hidden " + k.hiddenSize() + " / " + k.attentionHeads() + " heads = " + g.headDim);
            }
            if (!g.mla && g.kvHeads < k.attentionHeads()) {
                notes.add(g.kvHeads + " KV heads, not " + k.attentionHeads() + " query heads: counting query heads would give "
                        + Units.bytesText(queryHeadMistake(g, k)) + " (" + (k.attentionHeads() / g.kvHeads) + "x too much)");
            }
            if (g.hasWindows()) {
                notes.add("Windowed layers grow only up to their window; past it a token costs "
                        + Units.bytesText(Math.multiplyExact(g.perLayer(), (long) g.fullLayers())));
            }
            notes.addAll(windowsAboveContext(c));
            if (g.stateLayers > 0) {
                notes.add(g.stateLayers + " fixed-state layers hold " + Units.bytesText(g.stateBytesPerSeq)
                        + " per sequence whatever its length");
            }
            String formula = g.mla ? mlaFormula(g) : g.vDtype != g.dtype
                    ? "L x H_kv x D_head x (B_K + B_V)" : "2 x L x H_kv x D_head x B";
            String expr = g.mla && !g.dsMla() && g.indexerPerLayer == 0 ? "(" + k.kvLoraRank() + " + " + k.qkRopeHeadDim() + ") x "
                    + g.layers + " x " + g.dtype.bytesText() : g.formulaNumbers();
            return Figure.of(FigureKey.KV_CACHE_BYTES_PER_TOKEN, label, Unit.BYTES, b,
                    new Provenance(formula, expr + " = " + Units.bytesText(b), notes));
        });
        headDim(c, k);
        resolvedKv(c, k);
        perGpu(c);
        beyondWindowsAndState(c, k);
        queryHeadMistake(c, k);
        indexer(c, k);
    }

    /** Which MLA layout the bytes use (fp8_ds_mla or the latent in the KV dtype) and the indexer's key, for the report. */
    private static void mlaNotes(KvGeometry g, KvArchitecture k, List<String> notes) {
        notes.add(g.dsMla() ? "KV layout: fp8_ds_mla (vLLM, FlashMLA sparse): " + g.mlaRank + " fp8 latent values + "
                + (g.mlaRank / KvGeometry.FP8_SCALE_BLOCK) + " fp32 scales + " + g.mlaRope + " bf16 RoPE values = "
                + KvGeometry.dsMlaBytes(g.mlaRank, g.mlaRope) + " B per token per layer (vLLM state_content_bytes)"
                : "KV layout: the MLA latent in the KV dtype");
        if (g.indexerPerLayer > 0) {
            notes.add("Sparse-attention indexer (DeepSeek V3.2 lightning indexer): one index key per token per layer, "
                    + k.indexHeadDim() + " fp8 values + " + (k.indexHeadDim() / KvGeometry.FP8_SCALE_BLOCK)
                    + " fp32 scale(s) = " + g.indexerPerLayer + " B, as vLLM stores it (DeepseekV32IndexerCache, "
                    + "deepseek_v2.py); its index_n_heads are query heads and are not cached");
        }
    }

    /** The MLA formula: the latent (plain or vLLM's packed fp8_ds_mla), plus the indexer's key when there is one. */
    private static String mlaFormula(KvGeometry g) {
        String ix = "index_head_dim + index_head_dim / 128 x 4";
        if (g.dsMla()) {
            String latent = "kv_lora_rank + kv_lora_rank / 128 x 4 + qk_rope_head_dim x 2";
            return g.indexerPerLayer > 0 ? "fp8_ds_mla: (" + latent + " + " + ix + ") x L" : "fp8_ds_mla: (" + latent + ") x L";
        }
        return g.indexerPerLayer > 0 ? "((kv_lora_rank + qk_rope_head_dim) x B + " + ix + ") x L"
                : "(kv_lora_rank + qk_rope_head_dim) x L x B";
    }

    /** The sparse-attention indexer's share of the bytes per token (DeepSeek V3.2), 0 without one. */
    private static void indexer(Calc c, KvArchitecture k) {
        c.compute(FigureKey.KV_CACHE_INDEXER_BYTES_PER_TOKEN, "Indexer key bytes per token", Unit.BYTES, INPUTS, n(), () -> {
            KvGeometry g = c.geometry;
            long b = Math.multiplyExact(g.indexerPerLayer, (long) g.layers);
            return Figure.of(FigureKey.KV_CACHE_INDEXER_BYTES_PER_TOKEN, "Indexer key bytes per token", Unit.BYTES, b,
                    g.indexerPerLayer == 0 ? Provenance.of("no sparse-attention indexer", "0",
                            g.mla ? "No index_head_dim on the sheet" : "Only MLA models with an indexer (DeepSeek V3.2) keep one")
                    : Provenance.of("(index_head_dim + index_head_dim / 128 x 4) x L", "(" + k.indexHeadDim() + " + "
                            + (k.indexHeadDim() / KvGeometry.FP8_SCALE_BLOCK) + " x 4) x " + g.layers + " = " + Units.bytesText(b),
                            "vLLM DeepseekV32IndexerCache: fp8 values and one fp32 scale per 128 (quant_block_size 128), "
                            + "included in the raw KV bytes per token"));
        });
    }

    /** A note for each window group that never binds because its window is above the max model length. */
    private static List<String> windowsAboveContext(Calc c) {
        Long context = WorksheetValidator.effectiveMaxModelLen(c.ws);
        List<String> notes = new ArrayList<>();
        List<LayerWindow> windows = c.ws.kv().windows();
        for (int i = 0; context != null && context > 0 && i < windows.size(); i++) {
            Long w = windows.get(i).window();
            if (w != null && w > context) {
                notes.add("group " + (i + 1) + "'s window " + Units.grouped(w) + " is above the max model length "
                        + Units.grouped(context) + ": it never binds, so those layers hold the whole context like full-attention layers");
            }
        }
        return notes;
    }

    private static void perGpu(Calc c) {
        c.compute(FigureKey.KV_CACHE_BYTES_PER_TOKEN_PER_GPU, "KV bytes per token per GPU", Unit.BYTES, INPUTS, n(), () -> {
            KvGeometry g = c.geometry;
            long b = g.bytesPerTokenRank();
            String heads = g.mla ? "MLA latent replicated on each of TP " + g.tp + " ranks"
                    : "KV heads per rank = max(1, " + g.kvHeads + " / TP " + g.tp + ") = " + g.kvHeadsRank
                    + (g.kvHeads < g.tp ? " (TP above KV heads: heads are replicated)" : "");
            return Figure.of(FigureKey.KV_CACHE_BYTES_PER_TOKEN_PER_GPU, "KV bytes per token per GPU", Unit.BYTES, b,
                    Provenance.of("per-rank layers x per-rank bytes per layer", Units.bytesText(b), heads,
                            g.pp > 1 ? "Pipeline stage holds ceil(L / PP) layers" : "One pipeline stage"));
        });
    }

    private static void beyondWindowsAndState(Calc c, KvArchitecture k) {
        c.compute(FigureKey.KV_CACHE_BYTES_PER_TOKEN_BEYOND_WINDOWS, "KV bytes per token past the windows", Unit.BYTES, INPUTS, n(),
                () -> {
                    KvGeometry g = c.geometry;
                    long b = Math.multiplyExact(g.perLayer(), (long) g.fullLayers());
                    return Figure.of(FigureKey.KV_CACHE_BYTES_PER_TOKEN_BEYOND_WINDOWS, "KV bytes per token past the windows",
                            Unit.BYTES, b, Provenance.of("full-attention layers x bytes per layer",
                                    g.fullLayers() + " x " + Units.grouped(g.perLayer()) + " = " + Units.bytesText(b),
                                    g.hasWindows() ? "Sliding/chunked layers stop growing at their window"
                                            : "No windowed layers: equal to the raw bytes per token"));
                });
        c.compute(FigureKey.KV_CACHE_STATE_BYTES_PER_SEQUENCE, "Fixed state per sequence", Unit.BYTES, INPUTS, n(), () -> {
            KvGeometry g = c.geometry;
            return Figure.of(FigureKey.KV_CACHE_STATE_BYTES_PER_SEQUENCE, "Fixed state per sequence", Unit.BYTES, g.stateBytesPerSeq,
                    Provenance.of("state layers x state bytes per layer", g.stateLayers + " x "
                            + Units.grouped(k.stateBytesPerLayer() == null ? 0 : k.stateBytesPerLayer()),
                            g.stateLayers == 0 ? "No Mamba / linear-attention layers"
                                    : "Hybrid layers hold a fixed state per sequence, independent of its length"));
        });
    }

    private static void queryHeadMistake(Calc c, KvArchitecture k) {
        c.compute(FigureKey.KV_CACHE_QUERY_HEAD_MISTAKE_BYTES_PER_TOKEN, "If query heads were counted (the GQA mistake)", Unit.BYTES,
                INPUTS, n(), () -> {
                    KvGeometry g = c.geometry;
                    if (g.mla || k.attentionHeads() == null) {
                        return null;
                    }
                    long b = queryHeadMistake(g, k);
                    return Figure.of(FigureKey.KV_CACHE_QUERY_HEAD_MISTAKE_BYTES_PER_TOKEN,
                            "If query heads were counted (the GQA mistake)", Unit.BYTES, b,
                            Provenance.of("2 x L x H_query x D_head x B", "2 x " + g.layers + " x " + k.attentionHeads()
                                    + " x " + g.headDim + " x " + g.dtype.bytesText() + " = " + Units.bytesText(b),
                                    "Shown only to compare: the cache stores KV heads, not query heads"));
                });
    }

    static long queryHeadMistake(KvGeometry g, KvArchitecture k) {
        return g.bytes(Math.multiplyExact(Math.multiplyExact(2L * k.attentionHeads(), g.headDim), (long) g.layers));
    }

    /** The head dimension the KV bytes use (MLA: the latent width), as reports print it. */
    private static void headDim(Calc c, KvArchitecture k) {
        c.compute(FigureKey.KV_CACHE_HEAD_DIM, "Head dimension (resolved)", Unit.COUNT, INPUTS, n(), () -> {
            KvGeometry g = c.geometry;
            Provenance p = g.mla ? Provenance.of("kv_lora_rank + qk_rope_head_dim", k.kvLoraRank() + " + " + k.qkRopeHeadDim()
                    + " = " + g.headDim, "MLA: the cached latent's width")
                    : k.headDim() != null ? Provenance.of("KV ARCHITECTURE › Head dimension", Integer.toString(g.headDim))
                    : Provenance.of("hidden size / attention heads", k.hiddenSize() + " / " + k.attentionHeads() + " = "
                    + g.headDim, "No explicit head_dim on the sheet");
            return Figure.of(FigureKey.KV_CACHE_HEAD_DIM, g.mla ? "Latent dimension (MLA)" : "Head dimension (resolved)",
                    Unit.COUNT, g.headDim, p);
        });
    }

    /** KV heads and the KV-cache element size as the calculation resolved them (MHA / MQA / MLA rules; auto = the model's). */
    private static void resolvedKv(Calc c, KvArchitecture k) {
        c.compute(FigureKey.KV_CACHE_KV_HEADS, "KV heads (resolved)", Unit.COUNT, INPUTS, n(), () -> Figure.of(
                FigureKey.KV_CACHE_KV_HEADS, "KV heads (resolved)", Unit.COUNT, c.geometry.kvHeads, Provenance.of(
                        "KV heads after the MHA / MQA / MLA rules", Integer.toString(c.geometry.kvHeads),
                        "MHA: the attention heads unless given; MQA: 1; MLA: 1 latent")));
        c.compute(FigureKey.KV_CACHE_ELEMENT_BYTES, "KV-cache bytes per element (resolved)", Unit.RATIO, INPUTS, n(), () -> {
            KvDtype dt = k.kvDtype().resolve(c.ws.weights().computeDtype());
            return Figure.ratio(FigureKey.KV_CACHE_ELEMENT_BYTES, "KV-cache bytes per element (resolved)",
                    dt.num() / (double) dt.den(), Provenance.of("KV-cache dtype (auto: the model's dtype)", dt.label()));
        });
    }
}
