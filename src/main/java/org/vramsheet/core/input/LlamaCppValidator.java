package org.vramsheet.core.input;

import java.util.List;
import org.vramsheet.core.engine.Engines;
import org.vramsheet.core.engine.llamacpp.LlamaCppCacheType;
import org.vramsheet.core.sheet.AttentionKind;
import org.vramsheet.core.sheet.KvArchitecture;
import org.vramsheet.core.sheet.LayerWindow;
import org.vramsheet.core.sheet.LlamaCppSettings;
import org.vramsheet.core.sheet.RuntimeSettings;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.core.units.Units;

/**
 * RUNTIME's llama.cpp settings, checked when the engine is llama.cpp (other engines ignore them): ranges, the tensor
 * split against the GPUs, cache types llama.cpp has, the rules llama-context.cpp's {@code llama_init_from_model} refuses
 * ("V cache quantization requires flash_attn"; a K or V block that does not divide the head size), and the layout the
 * sheet sizes: layers split over the sheet's GPUs ({@code --split-mode layer}).
 */
final class LlamaCppValidator {
    private static final String P = "runtime.llamaCpp.";

    private LlamaCppValidator() { }

    static void validate(Worksheet ws, Issues out) {
        RuntimeSettings r = ws.runtime();
        if (!Engines.of(r.engine()).usesLlamaCppFlags()) {
            return;
        }
        LlamaCppSettings l = r.llamaCpp();
        range(out, P + "gpuLayers", l.gpuLayers());
        range(out, P + "ubatch", l.ubatch());
        range(out, P + "batch", l.batch());
        split(ws, l.tensorSplit(), out);
        layout(ws, out);
        caches(ws, l, out);
    }

    /** The split has at most one share per GPU, each a finite number in the declared range. */
    private static void split(Worksheet ws, List<Double> shares, Issues out) {
        InputDecl d = Inputs.get(P + "tensorSplit");
        int gpus = ws.gpu().count() == null ? 1 : ws.gpu().count();
        if (shares.size() > gpus) {
            out.add(d.key(), "inconsistent: " + shares.size() + " shares for " + gpus + " GPU(s); give one per GPU");
            return;
        }
        for (int i = 0; i < shares.size(); i++) {
            Double s = shares.get(i);
            if (s == null || s.isNaN() || s.isInfinite() || s < d.min() || s > d.max()) {
                out.add(d.key(), "entry " + (i + 1) + " must be a number from " + d.min() + " to " + Units.grouped(d.max()));
                return;
            }
        }
    }

    /** llama.cpp puts whole layers on each GPU: no tensor parallelism, and every GPU of the sheet is one device. */
    static void layout(Worksheet ws, Issues out) {
        RuntimeSettings r = ws.runtime();
        if (out.get("runtime.tensorParallel") == null && r.tensorParallel() != 1) {
            out.add("runtime.tensorParallel", "inconsistent: llama.cpp splits whole layers over the GPUs (--split-mode "
                    + "layer), not tensors: set 1");
        }
        Integer gpus = ws.gpu().count();
        if (out.get("runtime.pipelineParallel") == null && gpus != null && gpus >= 1 && r.pipelineParallel() != (int) gpus) {
            out.add("runtime.pipelineParallel", "inconsistent: llama.cpp puts layers on all " + gpus
                    + " GPU(s) of the sheet (--split-mode layer): set " + gpus);
        }
    }

    /** -ctk (KV ARCHITECTURE's dtype) and -ctv are llama.cpp cache types; quantized V needs flash attention. */
    private static void caches(Worksheet ws, LlamaCppSettings l, Issues out) {
        KvArchitecture k = ws.kv();
        LlamaCppCacheType kt = LlamaCppCacheType.of(k.kvDtype());
        if (kt == null) {
            out.add("kv.kvDtype", "inconsistent: llama.cpp has no " + k.kvDtype().label() + " cache (-ctk " + names() + ")");
        }
        LlamaCppCacheType vt = l.cacheTypeV() == null ? kt : LlamaCppCacheType.of(l.cacheTypeV());
        String vField = l.cacheTypeV() == null ? "kv.kvDtype" : P + "cacheTypeV";
        if (l.cacheTypeV() != null && vt == null) {
            out.add(vField, "inconsistent: llama.cpp has no " + l.cacheTypeV().label() + " cache (-ctv " + names() + ")");
        }
        if (vt != null && vt.quantized() && !l.flashAttention().enabled()) {
            out.add(vField, "V cache quantization requires flash attention: llama.cpp refuses -ctv " + vt.ggmlName()
                    + " with -fa off");
        }
        blocks(k, kt, "kv.kvDtype", "K", out);
        blocks(k, vt, vField, "V", out);
    }

    /** A quantized cache's rows are whole blocks: its block must divide every head size (n_embd_head_k / _v). */
    private static void blocks(KvArchitecture k, LlamaCppCacheType t, String field, String which, Issues out) {
        if (t == null || !t.quantized() || k.kind() == AttentionKind.MLA || out.get(field) != null) {
            return;
        }
        Integer head = k.headDim() != null ? k.headDim() : k.hiddenSize() != null && k.attentionHeads() != null
                && k.attentionHeads() > 0 ? Integer.valueOf(k.hiddenSize() / k.attentionHeads()) : null;
        for (LayerWindow w : k.windows()) {
            if (w.headDim() != null && w.headDim() % t.blockSize() != 0) {
                head = w.headDim();
            }
        }
        if (head != null && head > 0 && head % t.blockSize() != 0) {
            out.add(field, "inconsistent: " + which + " cache type " + t.ggmlName() + " has blocks of " + t.blockSize()
                    + " values, which do not divide the head size " + head);
        }
    }

    private static String names() {
        StringBuilder b = new StringBuilder();
        for (LlamaCppCacheType t : LlamaCppCacheType.values()) {
            b.append(b.length() == 0 ? "" : ", ").append(t.ggmlName());
        }
        return b.toString();
    }

    private static void range(Issues out, String field, Number v) {
        InputDecl d = Inputs.get(field);
        if (v == null) {
            return;
        }
        long n = v.longValue();
        if (n < d.min()) {
            out.add(field, n < 0 ? "must not be negative (got " + Units.grouped(n) + ")" : "must be greater than zero");
        } else if (n > d.max()) {
            out.add(field, "absurdly large: " + Units.grouped(n) + " is above the limit " + Units.grouped(d.max()));
        }
    }
}
