package org.vramsheet.core.engine.ollama;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.vramsheet.core.engine.llamacpp.LlamaCppCacheType;
import org.vramsheet.core.engine.ollama.OllamaRunnerSetup.Setting;

/**
 * Flash attention and the KV cache type by release (llm/server.go {@code NewLlamaServer}, from 0.30.0
 * llm/llama_server.go; fs/ggml/ggml.go {@code FlashAttention}, {@code SupportsKVCacheType}):
 * <ul>
 * <li>flash attention: none before 0.1.39; from 0.1.39 on only with OLLAMA_FLASH_ATTENTION=1 and every GPU able; from
 * 0.12.4 on by default for the architectures fs/ggml lists; from 0.13.4 the llama.cpp runner gets "auto" (llama.cpp
 * decides) unless the variable is set; from 0.30.0 llama-server gets "--flash-attn auto" unless it is set</li>
 * <li>KV cache type: f16 before 0.5.0; OLLAMA_KV_CACHE_TYPE (f16, q8_0, q4_0) from 0.5.0, used only with flash attention
 * on; from 0.13.4 the llama.cpp runner takes a quantized type only when OLLAMA_FLASH_ATTENTION is set to on; from 0.30.0
 * it is passed to llama-server as {@code --cache-type-k} and {@code --cache-type-v} (llama.cpp needs flash attention for a
 * quantized V cache)</li>
 * </ul>
 */
final class OllamaAttentionRule {
    static final OllamaRelease FA = OllamaRelease.of("0.1.39");
    static final OllamaRelease KV_TYPE = OllamaRelease.of("0.5.0");
    static final OllamaRelease MODEL_DEFAULT = OllamaRelease.of("0.12.4");
    static final OllamaRelease AUTO = OllamaRelease.of("0.13.4");
    static final OllamaRelease LLAMA_SERVER = OllamaRelease.of("0.30.0");
    /** fs/ggml/ggml.go FlashAttention's list, as read at these tags (a release between two takes the earlier list). */
    private static final String[][] FA_DEFAULT = {
        {"0.12.4", "gptoss", "gpt-oss", "qwen3", "qwen3moe"},
        {"0.12.7", "gemma3"},
        {"0.13.4", "mistral3", "olmo3", "qwen3vl", "qwen3vlmoe"},
        {"0.15.5", "bert", "glm4moelite", "glmocr", "lfm2", "qwen3next"},
        {"0.19.0", "lfm2moe", "nemotron_h", "nemotron_h_moe", "qwen35", "qwen35moe"}};

    private OllamaAttentionRule() { }

    static Setting<String> flashAttention(OllamaSetup s, OllamaRelease r) {
        List<String> why = new ArrayList<>();
        Boolean env = s.flashAttention();
        String v;
        if (r.before(FA)) {
            v = "off";
            why.add("off: Ollama before 0.1.39 has no flash attention setting");
        } else if (Boolean.FALSE.equals(env)) {
            v = "off";
            why.add("off: OLLAMA_FLASH_ATTENTION is false");
        } else if (!s.gpusSupportFlashAttention()) {
            v = "off";
            why.add("off: not every GPU supports flash attention (Ollama then turns it off)");
        } else if (Boolean.TRUE.equals(env)) {
            v = "on";
            why.add("on: OLLAMA_FLASH_ATTENTION is true");
        } else if (r.atLeast(LLAMA_SERVER) || r.atLeast(AUTO) && !s.ollamaEngine()) {
            v = "auto";
            why.add("auto, llama.cpp decides: OLLAMA_FLASH_ATTENTION unset (" + (r.atLeast(LLAMA_SERVER)
                    ? "llm/llama_server.go, from 0.30.0)" : "llm/server.go, the llama.cpp runner from 0.13.4 to 0.29.x)"));
        } else if (r.atLeast(MODEL_DEFAULT) && defaultOn(s.architecture(), r) != null) {
            v = "on";
            why.add("on by default for '" + s.architecture() + "' (fs/ggml/ggml.go FlashAttention, from " + defaultOn(s.architecture(), r)
                    + ")");
        } else {
            v = "off";
            why.add("off: OLLAMA_FLASH_ATTENTION unset" + (r.atLeast(MODEL_DEFAULT) ? " and not on by default for this architecture"
                    : ", off by default from 0.1.39 to 0.12.3"));
        }
        return new Setting<>(v, why);
    }

    /** The release from which fs/ggml turns flash attention on by default for this architecture, or null. */
    static String defaultOn(String arch, OllamaRelease r) {
        if (arch == null) {
            return null;
        }
        for (String[] row : FA_DEFAULT) {
            for (int i = 1; i < row.length; i++) {
                if (row[i].equals(arch) && r.atLeast(OllamaRelease.of(row[0]))) {
                    return row[0];
                }
            }
        }
        return null;
    }

    /** The cache type both K and V get; {@code fa} is the flash attention setting already decided. */
    static Setting<String> cacheType(OllamaSetup s, OllamaRelease r, String fa, List<String> problems) {
        List<String> why = new ArrayList<>();
        String env = s.kvCacheType() == null ? "" : s.kvCacheType().strip().toLowerCase(Locale.ROOT);
        if (r.before(KV_TYPE)) {
            if (!env.isEmpty()) {
                problems.add("OLLAMA_KV_CACHE_TYPE is not read before Ollama 0.5.0: the cache is f16");
            }
            why.add("f16: Ollama before 0.5.0 has no KV cache type setting");
            return new Setting<>("f16", why);
        }
        if (env.isEmpty()) {
            why.add("f16, the default of OLLAMA_KV_CACHE_TYPE (envconfig/config.go)");
            return new Setting<>("f16", why);
        }
        LlamaCppCacheType t = known(env, r);
        if (t == null) {
            problems.add("OLLAMA_KV_CACHE_TYPE '" + env + "' is not a type Ollama " + r + " takes"
                    + (r.before(LLAMA_SERVER) ? " (f16, q8_0, q4_0)" : "") + ": the cache is f16");
            why.add("f16: OLLAMA_KV_CACHE_TYPE '" + env + "' is not taken");
            return new Setting<>("f16", why);
        }
        return applied(s, r, fa, t, why, problems);
    }

    private static Setting<String> applied(OllamaSetup s, OllamaRelease r, String fa, LlamaCppCacheType t, List<String> why,
                                           List<String> problems) {
        String name = t.ggmlName();
        if (r.atLeast(LLAMA_SERVER)) {
            why.add("'" + name + "' from OLLAMA_KV_CACHE_TYPE, passed as --cache-type-k and --cache-type-v (llm/llama_server.go,"
                    + " from 0.30.0)");
            if (t.quantized() && fa.equals("off")) {
                problems.add("llama.cpp refuses a quantized V cache ('" + name + "') without flash attention, which is off");
            }
            return new Setting<>(name, why);
        }
        boolean llamaRunnerRule = r.atLeast(AUTO) && !s.ollamaEngine();
        boolean needsFa = llamaRunnerRule ? t.quantized() : t != LlamaCppCacheType.F16;
        if (!needsFa) {
            why.add("'" + name + "' from OLLAMA_KV_CACHE_TYPE (llm/server.go, from 0.5.0)");
            return new Setting<>(name, why);
        }
        // on the llama.cpp runner from 0.13.4, "on" can only come from OLLAMA_FLASH_ATTENTION (unset gives auto)
        if (!fa.equals("on")) {
            problems.add("OLLAMA_KV_CACHE_TYPE '" + name + "' needs flash attention on" + (llamaRunnerRule
                    ? " set by OLLAMA_FLASH_ATTENTION (the llama.cpp runner from 0.13.4)" : "") + ": Ollama uses f16");
            why.add("f16: OLLAMA_KV_CACHE_TYPE '" + name + "' is used only with flash attention on (llm/server.go)");
            return new Setting<>("f16", why);
        }
        why.add("'" + name + "' from OLLAMA_KV_CACHE_TYPE, with flash attention on (llm/server.go, from 0.5.0)");
        return new Setting<>(name, why);
    }

    /** A type this release takes: f16, q8_0, q4_0 until 0.29; from 0.30.0 whatever llama.cpp's -ctk takes. */
    private static LlamaCppCacheType known(String env, OllamaRelease r) {
        for (LlamaCppCacheType t : LlamaCppCacheType.values()) {
            if (t.ggmlName().equals(env)) {
                boolean old = t == LlamaCppCacheType.F16 || t == LlamaCppCacheType.Q8_0 || t == LlamaCppCacheType.Q4_0;
                return old || r.atLeast(LLAMA_SERVER) ? t : null;
            }
        }
        return null;
    }
}
