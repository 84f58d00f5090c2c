package org.vramsheet.io.gguf;

import java.util.Locale;
import java.util.Set;

/**
 * Where llama.cpp puts a tensor, from its name: the "layer" of {@code LLM_TENSOR_INFOS} in llama.cpp's
 * {@code src/llama-arch.cpp} (INPUT, REPEATING, OUTPUT; names from {@code LLM_TENSOR_NAMES} there, read at
 * ggml-org/llama.cpp 00395eb2). Input tensors always stay on the host ({@code dev_input} is the CPU in
 * {@code llama_model::load_tensors}: "there is very little benefit to offloading the input layer"); output tensors go
 * with {@code dev_output}; a repeating tensor with its block ({@code blk.N.}); the rope frequency tensors are created
 * once per layer with {@code TENSOR_DUPLICATED}, so every device that holds a layer holds a copy.
 */
public enum GgufRole {
    /** Token, position and type embeddings: always on the host. */
    INPUT,
    /** A repeating block's tensor ({@code blk.N.*}, also {@code enc.blk.N} / {@code dec.blk.N}). */
    LAYER,
    /** The output head and final norms: on the GPU with the output layer. */
    OUTPUT,
    /** rope_freqs / rope_factors_*: one copy on each device that holds a layer. */
    PER_DEVICE_COPY,
    /** A name llama.cpp's table does not place: counted on the host and named in the split's rule. */
    OTHER;

    private static final Set<String> INPUTS = Set.of("token_embd", "position_embd", "token_types", "per_layer_token_embd",
            "masked_embd_centroids", "masked_embd_ordering");
    private static final Set<String> OUTPUTS = Set.of("output", "output_norm", "cls", "cls.output", "cls.norm", "dense_2",
            "dense_3", "enc.output_norm", "dec.output_norm", "output_hc_fn", "output_hc_base", "output_hc_scale",
            "altup_proj", "altup_unembd_proj", "nextn.post_projection", "fc", "d2t");
    private static final Set<String> COPIES = Set.of("rope_freqs", "rope_factors_long", "rope_factors_short");
    /** REPEATING in the table but named without a block: created with block 0 (the first layer). */
    private static final Set<String> FIRST_LAYER = Set.of("token_embd_norm", "per_layer_model_proj", "per_layer_proj_norm",
            "nextn.pre_projection", "conv1d");
    private static final String[] BLOCKS = {"blk.", "enc.blk.", "dec.blk."};

    /**
     * The role of a tensor of a model of architecture {@code arch}. LFM2's final norm is stored as
     * {@code token_embd_norm} ({@code LLM_TENSOR_OUTPUT_NORM_LFM2}, "fix for wrong tensor name"), an output tensor there
     * and the first layer's elsewhere.
     */
    public static GgufRole of(String tensor, String arch) {
        String base = base(tensor);
        if (base.equals("token_embd_norm") && arch != null && arch.toLowerCase(Locale.ROOT).startsWith("lfm2")) {
            return OUTPUT;
        }
        if (layer(tensor) >= 0) {
            return LAYER;
        }
        if (INPUTS.contains(base)) {
            return INPUT;
        }
        if (OUTPUTS.contains(base)) {
            return OUTPUT;
        }
        if (COPIES.contains(base)) {
            return PER_DEVICE_COPY;
        }
        return FIRST_LAYER.contains(base) ? LAYER : OTHER;
    }

    /** The block of a {@link #LAYER} tensor: N of {@code blk.N.*}, 0 for the first-layer tensors, -1 otherwise. */
    public static int layer(String tensor) {
        for (String p : BLOCKS) {
            if (tensor.startsWith(p)) {
                int dot = tensor.indexOf('.', p.length());
                String n = tensor.substring(p.length(), dot < 0 ? tensor.length() : dot);
                if (n.matches("[0-9]{1,6}")) {
                    return Integer.parseInt(n);
                }
            }
        }
        return FIRST_LAYER.contains(base(tensor)) ? 0 : -1;
    }

    /** The name without its last part when that is weight, bias or a scale: "cls.output.weight" to "cls.output". */
    static String base(String tensor) {
        for (String suffix : new String[] {".weight", ".bias", ".scale", ".input_scale"}) {
            if (tensor.endsWith(suffix)) {
                return tensor.substring(0, tensor.length() - suffix.length());
            }
        }
        return tensor;
    }
}
