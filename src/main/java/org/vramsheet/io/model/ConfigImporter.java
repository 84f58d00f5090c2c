package org.vramsheet.io.model;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.vramsheet.core.input.Issue;
import org.vramsheet.core.input.Issues;
import org.vramsheet.core.input.WorksheetValidator;
import org.vramsheet.core.sheet.AttentionKind;
import org.vramsheet.core.sheet.ComputeDtype;
import org.vramsheet.core.sheet.KvArchitecture;
import org.vramsheet.core.sheet.KvDtype;
import org.vramsheet.core.sheet.ModelInfo;
import org.vramsheet.core.sheet.WeightFormat;
import org.vramsheet.core.sheet.Weights;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.core.units.Units;
import org.vramsheet.io.Messages;
import org.vramsheet.io.json.WorksheetJson;

/**
 * Reads a Hugging Face config.json into MODEL, WEIGHTS and KV ARCHITECTURE: KV heads (not query
 * heads), explicit head_dim, MLA ranks, sliding / chunked windows and layer patterns, hybrid state,
 * parameters from the architecture (MoE total and active), and the weight format from
 * quantization_config or torch_dtype. Unknown architectures are read best-effort with the
 * assumptions listed; a config without layers or heads is refused with a clear message.
 */
public final class ConfigImporter {
    static final Set<String> KNOWN = Set.of("llama", "mistral", "mixtral", "qwen2", "qwen2_moe", "qwen3", "qwen3_moe",
            "qwen3_next", "gemma", "gemma2", "gemma3", "gemma3_text", "phi", "phi3", "granite", "granitemoe", "falcon", "gpt2",
            "RefinedWebModel", "RefinedWeb", "deepseek_v2", "deepseek_v3", "gpt_oss", "llama4", "llama4_text", "jamba", "gptj", "bloom",
            "mpt", "gpt_neox");

    private ConfigImporter() { }

    /** Thrown for a config that cannot describe a model (no layers, no heads, not JSON). */
    public static final class ImportException extends Exception {
        private static final long serialVersionUID = 1L;

        public ImportException(String message) { super(Messages.oneLine(message)); }
    }

    public static ModelImport parse(String json, String source) throws ImportException {
        JsonNode root;
        try {
            root = WorksheetJson.shared().readTree(json);
        } catch (JsonProcessingException e) {
            throw new ImportException(source + ": not valid JSON" + (e.getLocation() == null ? ""
                    : " (line " + e.getLocation().getLineNr() + ")") + ": " + e.getOriginalMessage() + " (a truncated download?)");
        }
        if (root == null || !root.isObject()) {
            throw new ImportException(source + ": not a config.json (expected a JSON object)");
        }
        return parse(root, source, null, null);
    }

    /**
     * @param indexTotalSize  metadata.total_size of model.safetensors.index.json, or null
     * @param modelId         Hub ID when known (else taken from _name_or_path)
     */
    public static ModelImport parse(JsonNode root, String source, Long indexTotalSize, String modelId)
            throws ImportException {
        ModelImport m;
        try {
            m = read(root, source, indexTotalSize, modelId);
        } catch (HfConfig.BadValue e) {
            throw new ImportException(source + ": " + e.getMessage());
        } catch (ArithmeticException e) {
            throw new ImportException(source + ": numbers too large to count exactly (overflow): refused");
        }
        refuseWhatCalcRefuses(m, source);
        return m;
    }

    /** The import refuses what calc would refuse about MODEL, WEIGHTS and KV ARCHITECTURE, with calc's message. */
    public static void refuseWhatCalcRefuses(ModelImport m, String source) throws ImportException {
        Worksheet ws = m.applyTo(new Worksheet(null, null, null, null, null,
                null, null, null, null, null));
        Issues issues = new Issues();
        WorksheetValidator.validate(ws, issues);
        for (Issue i : issues.all()) {
            if (i.field().startsWith("model.") || i.field().startsWith("weights.") || i.field().startsWith("kv.")) {
                throw new ImportException(source + ": " + i.text());
            }
        }
    }

    private static ModelImport read(JsonNode root, String source, Long indexTotalSize, String modelId)
            throws ImportException {
        HfConfig c = new HfConfig(root);
        List<String> detected = new ArrayList<>();
        List<String> assumed = new ArrayList<>();
        List<String> warnings = new ArrayList<>();
        Arch a = arch(c, source, detected, assumed);
        KvArchitecture kv = kv(c, a, detected, assumed);
        Long maxContext = c.num("max_position_embeddings", "n_positions", "seq_length", "max_sequence_length", "max_seq_len");
        if (maxContext == null) {
            maxContext = 2048L;
            assumed.add("no max_position_embeddings: 2,048 tokens assumed");
        } else {
            detected.add("maximum context " + Units.grouped(maxContext) + " tokens");
        }
        ParamCounter.Counts counts = ParamCounter.count(c, a, assumed);
        Weights weights = QuantReader.weights(c, counts, indexTotalSize, detected, assumed, warnings);
        long encoders = EncoderCounter.count(c, a.hidden, detected, assumed);
        if (encoders > 0) {
            weights = weights.toBuilder().encoderParams(encoders).build();
        }
        weights = MoeShape.onto(c, weights, detected);
        if (!KNOWN.contains(a.type)) {
            assumed.add("unknown architecture '" + a.type + "': read as a standard decoder (Llama-like); check "
                    + "the layer pattern and parameter count");
        }
        for (String d : c.defaultsUsed()) {
            assumed.add("default used: " + d + " (transformers " + c.defaultsClass() + ", the config leaves it out)");
        }
        String id = modelId != null ? modelId : c.str("_name_or_path") != null ? c.str("_name_or_path") : "";
        ModelInfo model = new ModelInfo(id, "", c.architecture().isEmpty() ? a.type : c.architecture(), maxContext,
                c.num("vocab_size", "padded_vocab_size"));
        return new ModelImport(model, weights, kv, detected, assumed, warnings);
    }

    private static Arch arch(HfConfig c, String source, List<String> detected, List<String> assumed)
            throws ImportException {
        Arch a = new Arch();
        a.type = c.modelType();
        if (a.type.equals("gemma3_text")) {
            a.type = "gemma3";
        }
        if (a.type.equals("llama4_text")) {
            a.type = "llama4";
        }
        a.type = textType(a.type, c);
        if (a.type.isEmpty() && c.has("n_head") && c.has("n_layer")) {
            // read by keys, not only by model_type: GPT-2 / GPT-J style (n_embd) has a K and V per head; old Falcon
            // configs (hidden_size with multi_query / n_head_kv) share one
            boolean falconKeys = c.has("multi_query") || c.has("n_head_kv") || c.has("new_decoder_architecture");
            a.type = c.has("n_embd") && !falconKeys ? "gpt2" : "falcon";
            assumed.add("no model_type: read as " + (a.type.equals("gpt2") ? "a GPT-2-style decoder (n_embd, n_head, n_layer)"
                    : "Falcon (n_head, n_layer with multi-query keys)") + " from its keys");
        }
        Integer layers = ranged(c, 1, ConfigLimits.MAX_LAYERS, "num_hidden_layers", "n_layer", "num_layers", "n_layers");
        Integer heads = ranged(c, 1, ConfigLimits.MAX_HEADS, "num_attention_heads", "n_head", "num_heads", "n_heads");
        Integer hidden = ranged(c, 1, ConfigLimits.MAX_WIDTH, "hidden_size", "n_embd", "d_model", "dim");
        if (layers == null || layers < 1) {
            throw new ImportException(source + ": no num_hidden_layers: cannot tell how many layers hold a cache");
        }
        if (heads == null || heads < 1) {
            throw new ImportException(source + ": no num_attention_heads: cannot size the attention");
        }
        if (hidden == null || hidden < 1) {
            throw new ImportException(source + ": no hidden_size");
        }
        a.layers = layers;
        a.heads = heads;
        a.hidden = hidden;
        detected.add("model_type " + (a.type.isEmpty() ? "(none)" : a.type) + ", " + layers + " layers, hidden "
                + hidden + ", " + heads + " attention heads");
        heads(c, a, detected, assumed);
        layerKinds(c, a, detected, assumed);
        globalGeometry(c, a, detected);
        return a;
    }

    /**
     * The language model's family inside a multimodal wrapper: Mistral 3 holds a mistral text_config, Kimi-VL a
     * deepseek_v3 one, the Qwen-VL models a qwen2 decoder, LLaVA-style models whatever their text_config names.
     */
    private static String textType(String type, HfConfig c) {
        if (type.matches("qwen2(_5)?_vl(_text)?")) {
            return "qwen2";
        }
        String inner = c.text != null ? c.text.path("model_type").asText("") : "";
        if (!inner.isEmpty() && !KNOWN.contains(type) && KNOWN.contains(inner)) {
            return inner;
        }
        return type;
    }

    /** A count the config must have in range (refused naming the key otherwise), or null when absent. */
    private static Integer ranged(HfConfig c, long min, long max, String... keys) {
        Long v = c.num(min, max, keys);
        return v == null ? null : Math.toIntExact(v);
    }

    /** KV heads (MHA / GQA / MQA), the head dimension and MLA's latent. */
    private static void heads(HfConfig c, Arch a, List<String> detected, List<String> assumed) {
        Integer kvh = ranged(c, 1, a.heads, "num_key_value_heads", "num_kv_heads", "n_head_kv", "multi_query_group_num");
        JsonNode attn = c.root.path("attn_config").path("kv_n_heads");
        if (kvh == null && attn.canConvertToInt() && attn.asInt() >= 1 && attn.asInt() <= a.heads) {
            kvh = attn.asInt(); // MPT keeps its KV heads in attn_config
        }
        if (kvh == null && c.bool("multi_query", false)) {
            kvh = 1;
            detected.add("multi_query true: MQA, 1 KV head");
        } else if (kvh == null && a.type.equals("falcon") && !c.bool("new_decoder_architecture", false)) {
            kvh = 1;
            assumed.add("Falcon (original decoder) uses multi-query attention: 1 KV head");
        } else if (kvh == null) {
            kvh = a.heads;
            assumed.add("no num_key_value_heads: every query head has its own K/V (MHA), " + a.heads + " KV heads");
        } else {
            detected.add(kvh + " KV heads (" + (kvh.equals(a.heads) ? "MHA" : kvh == 1 ? "MQA" : "GQA, " + a.heads / kvh
                    + " query heads per KV head") + ")");
        }
        a.kvHeads = kvh;
        Integer hd = ranged(c, 1, ConfigLimits.MAX_HEAD_DIM, "head_dim", "attention_head_size");
        if (hd != null) {
            a.headDim = hd;
            detected.add("head_dim " + hd + " (explicit)");
        } else {
            a.headDim = a.hidden / a.heads;
            detected.add("head_dim = hidden " + a.hidden + " / " + a.heads + " heads = " + a.headDim);
        }
        if (c.has("kv_lora_rank")) {
            a.mla = true;
            a.kvLoraRank = ranged(c, 1, ConfigLimits.MAX_HEAD_DIM, "kv_lora_rank");
            Integer rope = ranged(c, 0, ConfigLimits.MAX_HEAD_DIM, "qk_rope_head_dim");
            a.qkRope = rope == null ? 64 : rope;
            detected.add("MLA: kv_lora_rank " + a.kvLoraRank + " + qk_rope_head_dim " + a.qkRope + " cached per token");
            a.indexHeadDim = ranged(c, 1, ConfigLimits.MAX_HEAD_DIM, "index_head_dim");
            if (a.indexHeadDim != null) {
                Integer ixHeads = ranged(c, 1, ConfigLimits.MAX_HEADS, "index_n_heads");
                detected.add("sparse-attention indexer: index_head_dim " + a.indexHeadDim + " (one fp8 index key per token per layer"
                        + (ixHeads == null ? "" : "; index_n_heads " + ixHeads + " are query heads, not cached") + ")");
            }
        }
    }

    /**
     * Gemma-4-style configs give the global (full-attention) layers their own KV heads and head size
     * (num_global_key_value_heads, global_head_dim): the model's geometry is then the global layers', and the sliding
     * group keeps num_key_value_heads x head_dim.
     */
    private static void globalGeometry(HfConfig c, Arch a, List<String> detected) {
        Integer gh = ranged(c, 1, a.heads, "num_global_key_value_heads", "global_num_key_value_heads");
        Integer gd = ranged(c, 1, ConfigLimits.MAX_HEAD_DIM, "global_head_dim");
        if (a.mla || (gh == null && gd == null) || a.count(Arch.LayerKind.SLIDING) == 0 || a.count(Arch.LayerKind.FULL) == 0) {
            return;
        }
        a.globalKvHeads = gh == null ? a.kvHeads : gh;
        a.globalHeadDim = gd == null ? a.headDim : gd;
        detected.add("per layer type: " + a.count(Arch.LayerKind.FULL) + " global layers with " + a.globalKvHeads + " KV heads x "
                + a.globalHeadDim + ", " + a.count(Arch.LayerKind.SLIDING) + " sliding layers with " + a.kvHeads + " x " + a.headDim);
    }

    private static void layerKinds(HfConfig c, Arch a, List<String> detected, List<String> assumed) {
        Arch.LayerKind[] k = new Arch.LayerKind[a.layers];
        Arrays.fill(k, Arch.LayerKind.FULL);
        Long sw = c.num("sliding_window");
        boolean useSw = c.bool("use_sliding_window", true);
        String t = a.type;
        if (c.strings("layer_types").size() != a.layers && t.equals("llama4") && c.has("attention_chunk_size")) {
            sw = c.num("attention_chunk_size");
        }
        boolean patterned = listedOrFamily(c, a, k, sw, detected, assumed);
        if (!patterned && sw != null && useSw && (t.equals("mistral") || t.equals("phi3") || t.equals("mixtral")
                || t.startsWith("qwen") || !KNOWN.contains(t))) {
            Long max = c.num("max_position_embeddings");
            if (max == null || sw < max) {
                Arrays.fill(k, Arch.LayerKind.SLIDING);
                detected.add("sliding_window " + Units.grouped(sw) + " on every layer");
            } else {
                detected.add("sliding_window " + Units.grouped(sw) + " is not below max_position_embeddings " + Units.grouped(max)
                        + ": it never binds, so every layer holds the whole context");
            }
        } else if (patterned && sw != null && c.num("max_position_embeddings") != null && sw > c.num("max_position_embeddings")
                && Arrays.asList(k).contains(Arch.LayerKind.SLIDING)) {
            detected.add("sliding_window " + Units.grouped(sw) + " is above max_position_embeddings "
                    + Units.grouped(c.num("max_position_embeddings")) + ": imported as it is; within the model's context the window "
                    + "never binds, so the sliding layers hold the whole context");
        }
        if (sw != null && t.startsWith("qwen") && !useSw) {
            detected.add("use_sliding_window false: sliding_window " + Units.grouped(sw) + " ignored");
        }
        a.kinds = k;
        a.window = sw == null ? 0 : sw;
        detected.add(a.layout());
    }

    /** Layer kinds from layer_types or the model family's own pattern; false when neither applies. */
    private static boolean listedOrFamily(HfConfig c, Arch a, Arch.LayerKind[] k, Long sw, List<String> detected,
                                          List<String> assumed) {
        List<String> types = c.strings("layer_types");
        String t = a.type;
        if (types.size() == a.layers) {
            for (int i = 0; i < a.layers; i++) {
                String s = types.get(i).toLowerCase(Locale.ROOT);
                k[i] = s.contains("sliding") ? Arch.LayerKind.SLIDING : s.contains("chunk") ? Arch.LayerKind.CHUNKED
                        : s.contains("linear") ? Arch.LayerKind.LINEAR : s.contains("mamba") ? Arch.LayerKind.MAMBA
                        : Arch.LayerKind.FULL;
            }
            detected.add("layer_types lists each layer");
        } else if (t.equals("gemma2") && sw != null) {
            for (int i = 0; i < a.layers; i += 2) {
                k[i] = Arch.LayerKind.SLIDING;
            }
            detected.add("Gemma 2 alternates sliding-window and global layers");
        } else if ((t.equals("gemma3") || c.has("sliding_window_pattern")) && sw != null) {
            long pattern = c.period("sliding_window_pattern", 6);
            for (int i = 0; i < a.layers; i++) {
                k[i] = (i + 1) % pattern == 0 ? Arch.LayerKind.FULL : Arch.LayerKind.SLIDING;
            }
            detected.add((t.equals("gemma3") ? "Gemma 3 pattern: " : t + " pattern: ") + (pattern - 1) + " local : 1 global "
                    + "(sliding_window_pattern " + pattern + ")");
        } else if (t.equals("llama4") && c.has("attention_chunk_size")) {
            for (int i = 0; i < a.layers; i++) {
                k[i] = (i + 1) % 4 == 0 ? Arch.LayerKind.FULL : Arch.LayerKind.CHUNKED;
            }
            detected.add("Llama 4 chunked local attention (attention_chunk_size " + Units.grouped(sw) + ")");
            assumed.add("every 4th layer is a global (NoPE) layer, as in Llama 4's default no_rope_layers");
        } else if (t.equals("jamba")) {
            long period = c.period("attn_layer_period", 8);
            long offset = c.num("attn_layer_offset") == null ? 4 : c.num(0, period - 1, "attn_layer_offset");
            for (int i = 0; i < a.layers; i++) {
                k[i] = i % period == offset ? Arch.LayerKind.FULL : Arch.LayerKind.MAMBA;
            }
            detected.add("Jamba: one attention layer every " + period + " (offset " + offset + "), Mamba elsewhere");
        } else if (t.equals("qwen3_next")) {
            long interval = c.period("full_attention_interval", 4);
            for (int i = 0; i < a.layers; i++) {
                k[i] = (i + 1) % interval == 0 ? Arch.LayerKind.FULL : Arch.LayerKind.LINEAR;
            }
            detected.add("Qwen3-Next: full attention every " + interval + " layers, Gated DeltaNet elsewhere");
        } else {
            return false;
        }
        return true;
    }

    private static KvArchitecture kv(HfConfig c, Arch a, List<String> detected, List<String> assumed) {
        AttentionKind kind = a.mla ? AttentionKind.MLA : a.kvHeads == a.heads ? AttentionKind.MHA
                : a.kvHeads == 1 ? AttentionKind.MQA : AttentionKind.GQA;
        Integer stateLayers = null;
        Long stateBytes = null;
        int bytes = QuantReader.computeDtype(c, new ArrayList<>()).bytes();
        if (a.count(Arch.LayerKind.MAMBA) > 0) {
            long expand = c.num("mamba_expand") == null ? 2 : c.num("mamba_expand");
            long di = expand * a.hidden;
            long dState = c.num("mamba_d_state") == null ? 16 : c.num("mamba_d_state");
            long dConv = c.num("mamba_d_conv") == null ? 4 : c.num("mamba_d_conv");
            long elems = (dConv - 1) * di + dState * di;
            stateLayers = a.count(Arch.LayerKind.MAMBA);
            stateBytes = elems * bytes;
            detected.add("Mamba state per layer: conv (" + (dConv - 1) + " x " + di + ") + ssm (" + dState + " x " + di
                    + ") = " + Units.grouped(elems) + " elements");
            assumed.add("Mamba state kept in the model dtype (" + bytes + " B/element); engines may keep the SSM state in fp32");
        } else if (a.count(Arch.LayerKind.LINEAR) > 0) {
            long kh = c.num("linear_num_key_heads") == null ? 16 : c.num("linear_num_key_heads");
            long vh = c.num("linear_num_value_heads") == null ? 32 : c.num("linear_num_value_heads");
            long kd = c.num("linear_key_head_dim") == null ? 128 : c.num("linear_key_head_dim");
            long vd = c.num("linear_value_head_dim") == null ? 128 : c.num("linear_value_head_dim");
            long conv = c.num("linear_conv_kernel_dim") == null ? 4 : c.num("linear_conv_kernel_dim");
            long elems = vh * kd * vd + (conv - 1) * (2 * kh * kd + vh * vd);
            stateLayers = a.count(Arch.LayerKind.LINEAR);
            stateBytes = elems * bytes;
            detected.add("linear-attention state per layer: " + vh + " x " + kd + " x " + vd + " recurrent + conv = "
                    + Units.grouped(elems) + " elements");
            assumed.add("linear-attention state kept in the model dtype (" + bytes + " B/element)");
        }
        KvDtype dtype = QuantReader.kvDtype(c, detected);
        boolean perType = a.globalKvHeads > 0 || a.globalHeadDim > 0;
        return KvArchitecture.builder().kind(kind).layers(a.attentionLayers()).attentionHeads(a.heads)
                .kvHeads(a.mla ? null : perType ? a.globalKvHeads : a.kvHeads).headDim(perType ? a.globalHeadDim : a.headDim)
                .hiddenSize(a.hidden).kvLoraRank(a.mla ? a.kvLoraRank : null).qkRopeHeadDim(a.mla ? a.qkRope : null)
                .kvDtype(dtype).windows(a.windows()).stateLayers(stateLayers).stateBytesPerLayer(stateBytes)
                .indexHeadDim(a.mla ? a.indexHeadDim : null).build();
    }

    static ComputeDtype dtypeOf(String s) {
        if (s == null) {
            return null;
        }
        return switch (s.toLowerCase(Locale.ROOT)) {
            case "bfloat16", "bf16" -> ComputeDtype.BF16;
            case "float16", "fp16", "half" -> ComputeDtype.FP16;
            case "float32", "fp32", "float" -> ComputeDtype.FP32;
            default -> null;
        };
    }

    static WeightFormat formatOf(ComputeDtype d) {
        return switch (d) {
            case BF16 -> WeightFormat.BF16;
            case FP16 -> WeightFormat.FP16;
            case FP32 -> WeightFormat.FP32;
        };
    }
}
