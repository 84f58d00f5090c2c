package org.vramsheet.io.model;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import org.vramsheet.core.units.Units;

/**
 * Parameters of the encoders a multimodal config carries beside its language model: vision towers (SigLIP in Gemma 3,
 * Pixtral in Mistral-Small 3.1, Llama 4's vision model, MoonViT in Kimi-VL, the Qwen-VL towers, CLIP / SigLIP in
 * LLaVA-style and Granite Vision models), audio encoders, and the projectors into the text width. Counted from
 * their own sub-configs (with their config classes' defaults); the engine loads all of them.
 */
final class EncoderCounter {
    private EncoderCounter() { }

    /** The encoders' parameters (0 when the config has none), with what was counted in {@code detected}. */
    static long count(HfConfig c, long textHidden, List<String> detected, List<String> assumed) {
        long total = 0;
        for (String key : List.of("vision_config", "audio_config", "speech_config")) {
            JsonNode n = c.root.get(key);
            if (n == null || !n.isObject() || n.size() == 0) {
                continue;
            }
            HfConfig v = HfConfig.sub(n);
            long tower = tower(v, key);
            long proj = projector(c, v, textHidden);
            total = Math.addExact(total, Math.addExact(tower, proj));
            String type = n.path("model_type").asText(key);
            detected.add(key + " (" + type + "): encoder " + Units.grouped(tower) + " + projector "
                    + Units.grouped(proj) + " parameters, kept in the compute dtype");
            for (String d : v.defaultsUsed()) {
                assumed.add("default used: " + key + "." + d + (v.defaultsClass() == null ? ""
                        : " (transformers " + v.defaultsClass() + ")"));
            }
        }
        return total;
    }

    /** A ViT-style tower: patch embedding, positions, layers of attention + MLP + norms, a final norm. */
    private static long tower(HfConfig v, String key) {
        String type = v.root.path("model_type").asText("");
        long h = orElse(v.num("hidden_size", "embed_dim", "d_model", "width"), 1024);
        long layers = orElse(v.num("num_hidden_layers", "depth", "num_layers", "encoder_layers"), 24);
        Long inter = v.num("intermediate_size", "encoder_ffn_dim");
        if (inter == null && v.root.has("mlp_ratio")) {
            inter = Math.round(v.root.path("mlp_ratio").asDouble(4) * h);
        }
        long i = inter == null ? 4 * h : inter;
        boolean gated = type.equals("pixtral") || type.startsWith("qwen2_5") || v.str("hidden_act") != null
                && v.str("hidden_act").contains("silu");
        boolean bias = !type.equals("pixtral");
        long perLayer = s(m(4, h, h), bias ? m(4, h) : 0, gated ? m(3, h, i) : s(m(2, h, i), bias ? s(i, h) : 0), m(4, h));
        long p = orElse(v.num("patch_size", "spatial_patch_size"), 14);
        long ch = orElse(v.num("num_channels", "in_channels", "in_chans"), 3);
        long t = orElse(v.num("temporal_patch_size"), 1);
        long patch = key.equals("vision_config") ? s(m(ch, t, p, p, h), bias ? h : 0) : m(h, 128 * 3);
        Long image = v.num("image_size");
        boolean learnedPositions = image != null && !type.equals("pixtral") && !type.startsWith("qwen");
        long positions = learnedPositions ? m(image / p, image / p, h) : 0;
        return s(patch, positions, m(layers, perLayer), m(2, h));
    }

    /** The projector from the encoder width (times any patch merge) to the text width. */
    private static long projector(HfConfig c, HfConfig v, long text) {
        long h = orElse(v.num("hidden_size", "embed_dim", "d_model", "width"), 1024);
        long out = orElse(v.num("out_hidden_size", "projector_output_dim"), text);
        long mergeSq = mergeSquared(c, v);
        String top = c.root.path("model_type").asText("");
        if (top.equals("gemma3")) {
            return s(m(h, text), h); // mm_input_projection + soft embedding norm
        }
        if (top.startsWith("llama4")) {
            long in = orElse(v.num("projector_input_dim"), 4096);
            long vo = orElse(v.num("vision_output_dim"), 4096);
            return s(m(h * 4, in), m(in, out), m(vo, text));
        }
        long in = m(h, mergeSq);
        if (top.startsWith("qwen2") || top.startsWith("kimi")) {
            return s(h, m(in, in), in, m(in, out), out); // norm, then an MLP over the merged patches
        }
        long mergeLayer = top.equals("mistral3") ? m(in, h) : 0;
        long first = top.equals("mistral3") ? h : in;
        return s(mergeLayer, m(first, out), out, m(out, out), out);
    }

    /** Patches merged into one token: spatial_merge_size squared, or the product of merge_kernel_size (MoonViT). */
    private static long mergeSquared(HfConfig c, HfConfig v) {
        JsonNode kernel = v.root.get("merge_kernel_size");
        if (kernel != null && kernel.isArray()) {
            long p = 1;
            for (JsonNode k : kernel) {
                p = m(p, Math.max(1, Math.min(64, k.asLong(1))));
            }
            return p;
        }
        Long merge = v.num(1, 64, "spatial_merge_size");
        if (merge == null) {
            merge = c.num(1, 64, "spatial_merge_size");
        }
        return merge == null ? 1 : m(merge, merge);
    }

    private static long orElse(Long v, long d) { return v == null ? d : v; }

    private static long m(long... xs) { return ParamCounter.m(xs); }

    private static long s(long... xs) { return ParamCounter.s(xs); }
}
