package org.vramsheet.io.model;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What transformers fills in when a config.json leaves a key out: the defaults of each family's config class
 * (LlamaConfig, Gemma3TextConfig, ...), as in transformers 4.5x. A minimal official config (Gemma 3 4B's text_config
 * has five keys) is read the way transformers reads it, and the import lists every default it used.
 */
final class ConfigDefaults {
    private ConfigDefaults() { }

    /** The config class whose defaults a model_type takes, or null when the importer knows none. */
    static String className(String modelType) {
        return switch (modelType) {
            case "llama" -> "LlamaConfig";
            case "mistral" -> "MistralConfig";
            case "mixtral" -> "MixtralConfig";
            case "qwen2" -> "Qwen2Config";
            case "qwen2_moe" -> "Qwen2MoeConfig";
            case "qwen3" -> "Qwen3Config";
            case "qwen3_moe" -> "Qwen3MoeConfig";
            case "gemma" -> "GemmaConfig";
            case "gemma2" -> "Gemma2Config";
            case "gemma3", "gemma3_text" -> "Gemma3TextConfig";
            case "phi3" -> "Phi3Config";
            case "gpt2" -> "GPT2Config";
            case "falcon" -> "FalconConfig";
            case "deepseek_v2" -> "DeepseekV2Config";
            case "deepseek_v3" -> "DeepseekV3Config";
            case "gpt_oss" -> "GptOssConfig";
            case "llama4", "llama4_text" -> "Llama4TextConfig";
            case "siglip_vision_model" -> "SiglipVisionConfig";
            case "pixtral" -> "PixtralVisionConfig";
            case "clip_vision_model" -> "CLIPVisionConfig";
            case "llama4_vision_model" -> "Llama4VisionConfig";
            default -> null;
        };
    }

    /** Each class's defaults as "key=value" words (transformers 4.5x). */
    private static final Map<String, String> TABLE = Map.ofEntries(
            Map.entry("LlamaConfig", "vocab_size=32000 hidden_size=4096 intermediate_size=11008 num_hidden_layers=32 "
                    + "num_attention_heads=32 max_position_embeddings=2048 tie_word_embeddings=false"),
            Map.entry("MistralConfig", "vocab_size=32000 hidden_size=4096 intermediate_size=14336 num_hidden_layers=32 "
                    + "num_attention_heads=32 num_key_value_heads=8 max_position_embeddings=131072 tie_word_embeddings=false "
                    + "sliding_window=4096"),
            Map.entry("MixtralConfig", "vocab_size=32000 hidden_size=4096 intermediate_size=14336 num_hidden_layers=32 "
                    + "num_attention_heads=32 num_key_value_heads=8 max_position_embeddings=131072 tie_word_embeddings=false "
                    + "num_local_experts=8 num_experts_per_tok=2"),
            Map.entry("Qwen2Config", "vocab_size=151936 hidden_size=4096 intermediate_size=22016 num_hidden_layers=32 "
                    + "num_attention_heads=32 num_key_value_heads=32 max_position_embeddings=32768 tie_word_embeddings=false "
                    + "use_sliding_window=false"),
            Map.entry("Qwen2MoeConfig", "vocab_size=151936 hidden_size=2048 intermediate_size=5632 num_hidden_layers=24 "
                    + "num_attention_heads=16 num_key_value_heads=16 max_position_embeddings=32768 tie_word_embeddings=false "
                    + "use_sliding_window=false num_experts=60 num_experts_per_tok=4 moe_intermediate_size=1408 "
                    + "shared_expert_intermediate_size=5632"),
            Map.entry("Qwen3Config", "vocab_size=151936 hidden_size=4096 intermediate_size=22016 num_hidden_layers=32 "
                    + "num_attention_heads=32 num_key_value_heads=32 head_dim=128 max_position_embeddings=32768 "
                    + "tie_word_embeddings=false use_sliding_window=false"),
            Map.entry("Qwen3MoeConfig", "vocab_size=151936 hidden_size=2048 intermediate_size=6144 num_hidden_layers=24 "
                    + "num_attention_heads=32 num_key_value_heads=4 head_dim=128 max_position_embeddings=32768 "
                    + "tie_word_embeddings=false use_sliding_window=false num_experts=128 num_experts_per_tok=8 "
                    + "moe_intermediate_size=768"),
            Map.entry("GemmaConfig", "vocab_size=256000 hidden_size=3072 intermediate_size=24576 num_hidden_layers=28 "
                    + "num_attention_heads=16 num_key_value_heads=16 head_dim=256 max_position_embeddings=8192 "
                    + "tie_word_embeddings=true"),
            Map.entry("Gemma2Config", "vocab_size=256000 hidden_size=2304 intermediate_size=9216 num_hidden_layers=26 "
                    + "num_attention_heads=8 num_key_value_heads=4 head_dim=256 max_position_embeddings=8192 "
                    + "tie_word_embeddings=true sliding_window=4096"),
            Map.entry("Gemma3TextConfig", "vocab_size=262208 hidden_size=2304 intermediate_size=9216 num_hidden_layers=26 "
                    + "num_attention_heads=8 num_key_value_heads=4 head_dim=256 max_position_embeddings=131072 "
                    + "tie_word_embeddings=true sliding_window=4096 sliding_window_pattern=6"),
            Map.entry("Phi3Config", "vocab_size=32064 hidden_size=3072 intermediate_size=8192 num_hidden_layers=32 "
                    + "num_attention_heads=32 max_position_embeddings=4096 tie_word_embeddings=false"),
            Map.entry("GPT2Config", "vocab_size=50257 n_positions=1024 n_embd=768 n_layer=12 n_head=12"),
            Map.entry("FalconConfig", "vocab_size=65024 hidden_size=4544 num_hidden_layers=32 num_attention_heads=71 "
                    + "max_position_embeddings=2048 tie_word_embeddings=true"),
            Map.entry("DeepseekV2Config", "vocab_size=102400 hidden_size=4096 intermediate_size=11008 num_hidden_layers=30 "
                    + "num_attention_heads=32 num_key_value_heads=32 max_position_embeddings=2048 tie_word_embeddings=false "
                    + "kv_lora_rank=512 qk_rope_head_dim=64 qk_nope_head_dim=128 v_head_dim=128 moe_intermediate_size=1407"),
            Map.entry("DeepseekV3Config", "vocab_size=129280 hidden_size=7168 intermediate_size=18432 num_hidden_layers=61 "
                    + "num_attention_heads=128 num_key_value_heads=128 max_position_embeddings=4096 tie_word_embeddings=false "
                    + "kv_lora_rank=512 qk_rope_head_dim=64 qk_nope_head_dim=128 v_head_dim=128 moe_intermediate_size=2048 "
                    + "n_routed_experts=256 n_shared_experts=1 num_experts_per_tok=8 first_k_dense_replace=3"),
            Map.entry("GptOssConfig", "vocab_size=201088 hidden_size=2880 intermediate_size=2880 num_hidden_layers=36 "
                    + "num_attention_heads=64 num_key_value_heads=8 head_dim=64 max_position_embeddings=131072 "
                    + "tie_word_embeddings=false num_local_experts=128 num_experts_per_tok=4 sliding_window=128"),
            Map.entry("Llama4TextConfig", "vocab_size=202048 hidden_size=5120 intermediate_size=8192 num_hidden_layers=48 "
                    + "num_attention_heads=40 num_key_value_heads=8 head_dim=128 max_position_embeddings=131072 "
                    + "tie_word_embeddings=false intermediate_size_mlp=16384 num_local_experts=16 num_experts_per_tok=1 "
                    + "attention_chunk_size=8192"),
            Map.entry("SiglipVisionConfig", "hidden_size=768 intermediate_size=3072 num_hidden_layers=12 num_attention_heads=12 "
                    + "image_size=224 patch_size=16 num_channels=3"),
            Map.entry("CLIPVisionConfig", "hidden_size=768 intermediate_size=3072 num_hidden_layers=12 num_attention_heads=12 "
                    + "image_size=224 patch_size=32 num_channels=3"),
            Map.entry("PixtralVisionConfig", "hidden_size=1024 intermediate_size=4096 num_hidden_layers=24 "
                    + "num_attention_heads=16 image_size=1024 patch_size=16 num_channels=3"),
            Map.entry("Llama4VisionConfig", "hidden_size=768 intermediate_size=5632 num_hidden_layers=34 num_attention_heads=16 "
                    + "image_size=448 patch_size=14 num_channels=3 vision_output_dim=7680 projector_input_dim=4096 "
                    + "projector_output_dim=4096 pixel_shuffle_ratio=0.5"));

    /** The defaults of a model_type's config class (empty when unknown). */
    static Map<String, Object> of(String modelType) {
        String cls = className(modelType == null ? "" : modelType);
        Map<String, Object> d = new LinkedHashMap<>();
        if (cls == null) {
            return d;
        }
        for (String word : TABLE.get(cls).split(" ")) {
            int eq = word.indexOf('=');
            String v = word.substring(eq + 1);
            d.put(word.substring(0, eq), v.equals("true") || v.equals("false") ? (Object) Boolean.valueOf(v)
                    : v.contains(".") ? (Object) Double.valueOf(v) : (Object) Long.valueOf(v));
        }
        return d;
    }
}
