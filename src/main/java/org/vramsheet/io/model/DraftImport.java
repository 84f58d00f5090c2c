package org.vramsheet.io.model;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.vramsheet.core.calc.SizingCalculator;
import org.vramsheet.core.result.Figure;
import org.vramsheet.core.result.FigureKey;
import org.vramsheet.core.result.SizingResult;
import org.vramsheet.core.sheet.SpeculativeMethod;
import org.vramsheet.core.sheet.SpeculativeSettings;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.core.units.Units;

/**
 * A speculative draft imported like the main model: RUNTIME › Speculative decoding's draft fields from a draft model's
 * config (its weights and KV geometry as the sheet computes them for the draft on the target's runtime) or from an EAGLE-3
 * config (the heads vLLM builds in {@code vllm/model_executor/models/llama_eagle3.py}).
 *
 * @param settings the speculative settings the import gives the sheet
 * @param detected what was read, for the import's report
 */
public record DraftImport(SpeculativeSettings settings, List<String> detected) {
    public DraftImport {
        detected = List.copyOf(detected);
    }

    /** The fields {@link #applyTo} changes. */
    public static final String OWNS = "runtime.speculative.*";

    /**
     * A draft model ({@code method} DRAFT_MODEL): its weights are what the sheet computes for it (checkpoint size when the
     * import has one, else parameters x the weight format), its KV layers, KV heads and head dimension as resolved.
     */
    public static DraftImport model(ModelImport draft, Worksheet target, String source, Integer tokens)
            throws ConfigImporter.ImportException {
        SizingResult r = SizingCalculator.calculate(draft.applyTo(target));
        long weights = need(r, FigureKey.WEIGHTS_BYTES, source);
        int heads = (int) need(r, FigureKey.KV_CACHE_KV_HEADS, source);
        int headDim = (int) need(r, FigureKey.KV_CACHE_HEAD_DIM, source);
        int layers = draft.kv().layers();
        SpeculativeSettings s = SpeculativeSettings.builder().method(SpeculativeMethod.DRAFT_MODEL).tokens(tokens)
                .draftModel(source).draftWeightsBytes(weights).draftLayers(layers).draftKvHeads(heads).draftHeadDim(headDim)
                .build();
        List<String> d = new ArrayList<>();
        d.add("draft " + source + ": weights " + Units.bytesText(weights) + " (" + r.figures().get(FigureKey.WEIGHTS_BYTES.id())
                .provenance().formula() + "), " + layers + " KV layers x " + heads + " KV heads x head_dim " + headDim);
        return new DraftImport(s, d);
    }

    /**
     * EAGLE-3 heads from their config (architectures naming Eagle3): vLLM's {@code Eagle3LlamaForCausalLM} holds layer 0 with a
     * QKV projection over 2h (embeddings and hidden states concatenated), later layers over h, o_proj, the MLP (gate, up,
     * down), input / post-attention / hidden norms, the final norm, {@code fc} from 3 x target_hidden_size to h, a
     * {@code lm_head} over draft_vocab_size and {@code draft_id_to_target_id} (int64, one per draft token). The embeddings are
     * the target's ({@code eagle.py load_model}: "share embed_tokens with the target model"), so they are not counted.
     */
    public static DraftImport eagle3(JsonNode config, String source, Integer tokens) throws ConfigImporter.ImportException {
        long h = num(config, "hidden_size", source);
        long heads = num(config, "num_attention_heads", source);
        long kvHeads = config.has("num_key_value_heads") ? num(config, "num_key_value_heads", source) : heads;
        long d = config.has("head_dim") ? num(config, "head_dim", source) : h / heads;
        long inter = num(config, "intermediate_size", source);
        long layers = config.has("num_hidden_layers") ? num(config, "num_hidden_layers", source) : 1;
        long vocab = config.has("draft_vocab_size") ? num(config, "draft_vocab_size", source) : num(config, "vocab_size", source);
        long target = config.has("target_hidden_size") ? num(config, "target_hidden_size", source) : h;
        int bytes = dtypeBytes(config.path("torch_dtype").asText("bfloat16"), source);
        long params = eagle3Params(new long[] {h, heads, kvHeads, d, inter, layers, vocab, target});
        long weights = Math.addExact(Math.multiplyExact(params, bytes), Math.multiplyExact(vocab, 8L));
        SpeculativeSettings s = SpeculativeSettings.builder().method(SpeculativeMethod.EAGLE3).tokens(tokens).draftModel(source)
                .draftWeightsBytes(weights).draftLayers((int) layers).draftKvHeads((int) kvHeads).draftHeadDim((int) d).build();
        return new DraftImport(s, List.of("EAGLE-3 heads " + source + ": " + Units.grouped(params) + " parameters x " + bytes
                + " B + draft_id_to_target_id " + Units.grouped(vocab) + " x 8 B = " + Units.bytesText(weights)
                + " (embeddings shared with the target, not counted)"));
    }

    /** The heads' parameters, {h, heads, kvHeads, headDim, intermediate, layers, draftVocab, targetHidden}. */
    static long eagle3Params(long[] c) {
        long h = c[0];
        long qkvOut = Math.multiplyExact(c[1] + 2 * c[2], c[3]);
        long perLayer = Math.addExact(Math.addExact(Math.multiplyExact(c[1] * c[3], h), Math.multiplyExact(3L * h, c[4])), 3 * h);
        long qkv = Math.addExact(Math.multiplyExact(2 * h, qkvOut), Math.multiplyExact(c[5] - 1, Math.multiplyExact(h, qkvOut)));
        long layers = Math.addExact(qkv, Math.multiplyExact(perLayer, c[5]));
        long fc = Math.multiplyExact(3 * c[7], h);
        return Math.addExact(Math.addExact(layers, fc), Math.addExact(Math.multiplyExact(c[6], h), h));
    }

    /** Whether a config describes EAGLE-3 heads (vLLM's registry: LlamaForCausalLMEagle3, Eagle3LlamaForCausalLM, ...). */
    public static boolean isEagle3(JsonNode config) {
        for (JsonNode a : config.path("architectures")) {
            if (a.asText().toLowerCase(Locale.ROOT).contains("eagle3")) {
                return true;
            }
        }
        return false;
    }

    /** The sheet with these speculative settings; everything else kept. */
    public Worksheet applyTo(Worksheet ws) {
        return ws.withRuntime(ws.runtime().toBuilder().speculative(settings).build());
    }

    private static long need(SizingResult r, FigureKey key, String source) throws ConfigImporter.ImportException {
        Figure f = r.figures().get(key.id());
        if (f == null || !f.available()) {
            throw new ConfigImporter.ImportException(source + ": the draft's " + key.id() + " cannot be computed"
                    + (f == null ? "" : ": " + f.reason()));
        }
        return f.value();
    }

    private static long num(JsonNode c, String field, String source) throws ConfigImporter.ImportException {
        JsonNode n = c.get(field);
        if (n == null || !n.canConvertToLong() || n.asLong() < 1 || n.asLong() > 1L << 32) {
            throw new ConfigImporter.ImportException(source + ": " + field + " is missing or not a positive whole number");
        }
        return n.asLong();
    }

    private static int dtypeBytes(String dtype, String source) throws ConfigImporter.ImportException {
        return switch (dtype) {
            case "bfloat16", "float16" -> 2;
            case "float32" -> 4;
            default -> throw new ConfigImporter.ImportException(source + ": torch_dtype '" + dtype + "' is not bfloat16, "
                    + "float16 or float32");
        };
    }
}
