package org.vramsheet.io.model.gguf;

import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.vramsheet.core.engine.llamacpp.LlamaCppHparams;
import org.vramsheet.core.input.Inputs;
import org.vramsheet.core.sheet.KvArchitecture;
import org.vramsheet.core.sheet.ModelInfo;
import org.vramsheet.core.sheet.Weights;
import org.vramsheet.core.units.Units;
import org.vramsheet.io.Messages;
import org.vramsheet.io.gguf.GgufFile;
import org.vramsheet.io.model.ConfigImporter;
import org.vramsheet.io.model.ModelImport;

/**
 * Reads a GGUF file's metadata and tensor infos (llama.cpp's model format) into MODEL, WEIGHTS and KV ARCHITECTURE, and
 * into llama.cpp's own hyperparameters ({@link LlamaCppHparams}) for its per-device KV prediction. The keys are
 * llama.cpp's (src/llama-arch.cpp {@code LLM_KV_NAMES}, gguf-py/gguf/constants.py {@code Keys}); how they turn into layers,
 * windows and state is llama-model.cpp {@code load_hparams}'s ({@link GgufLayout}, {@link GgufWindows},
 * {@link GgufRecurrent}); the weights are the tensors' exact bytes ({@link GgufTensorBytes}). Every figure names the key it
 * came from; an architecture the importer has no llama.cpp rule for is read from the generic keys with a warning naming
 * it; a key of the wrong type, out of range or an array of the wrong length is refused naming the key.
 */
public final class GgufImporter {
    /**
     * Architectures whose layers llama.cpp reads from the generic keys alone (no window, state or shared-cache rule of
     * their own in load_hparams), plus those with a rule here.
     */
    static final Set<String> GENERIC = Set.of("llama", "deci", "falcon", "grok", "gpt2", "gptj", "gptneox", "mpt", "baichuan",
            "starcoder", "refact", "bloom", "stablelm", "qwen", "qwen2", "qwen2moe", "qwen2vl", "qwen3", "qwen3moe", "qwen3vl",
            "qwen3vlmoe", "phi2", "phimoe", "plamo", "codeshell", "orion", "internlm2", "minicpm", "minicpm3", "gemma",
            "starcoder2", "xverse", "command-r", "dbrx", "olmo", "olmoe", "openelm", "arctic", "deepseek", "deepseek2", "chatglm",
            "glm4", "glm4moe", "bitnet", "jais", "nemotron", "exaone", "granite", "granitemoe", "chameleon", "plm", "bailingmoe",
            "bailingmoe2", "dots1", "arcee", "ernie4_5", "ernie4_5-moe", "hunyuan-moe", "hunyuan-dense", "smollm3", "seed_oss",
            "grovemoe", "apertus", "minimax-m2", "mistral3", "llada", "llada-moe", "dream");

    private GgufImporter() { }

    /**
     * llama.cpp's hyperparameters for this file, its layers, and why {@code LlamaCppKvPrediction} on them is not exact for
     * this model (empty when it is).
     */
    public record LlamaCpp(LlamaCppHparams hparams, List<GgufLayer> layers, List<String> inexact) {
        public LlamaCpp {
            layers = List.copyOf(layers);
            inexact = List.copyOf(inexact);
        }

        /** Whether LlamaCppKvPrediction on these hyperparameters is exact for this model. */
        public boolean exact() { return inexact.isEmpty(); }
    }

    /** MODEL, WEIGHTS and KV ARCHITECTURE from a GGUF file; the model ID falls back to the file's name. */
    public static ModelImport parse(GgufFile f) throws ConfigImporter.ImportException {
        return parse(f, null);
    }

    /** As {@link #parse(GgufFile)}, with the ID to use when the metadata names no model (e.g. the file name). */
    public static ModelImport parse(GgufFile f, String fallbackId) throws ConfigImporter.ImportException {
        return parse(f, fallbackId, null);
    }

    /**
     * As {@link #parse(GgufFile, String)}; with {@code given} WEIGHTS (a header known only from a log's metadata dump,
     * {@link GgufLogHeader}) the tensors are not counted and need not be there.
     */
    static ModelImport parse(GgufFile f, String fallbackId, GgufLogHeader.LoggedWeights given)
            throws ConfigImporter.ImportException {
        ModelImport m;
        try {
            m = read(f, fallbackId, given);
        } catch (GgufKeys.BadKey e) {
            throw new ConfigImporter.ImportException("'" + f.source() + "': " + e.getMessage());
        } catch (ArithmeticException e) {
            throw new ConfigImporter.ImportException("'" + f.source() + "': numbers too large to count exactly (overflow): refused");
        }
        ConfigImporter.refuseWhatCalcRefuses(m, "'" + f.source() + "'");
        return m;
    }

    /** llama.cpp's hyperparameters of the file (as {@code LlamaCppHparams.of} reads them from a log). */
    public static LlamaCpp llamaCpp(GgufFile f) throws ConfigImporter.ImportException {
        try {
            GgufKeys k = new GgufKeys(f);
            GgufLayout g = GgufLayout.read(k, new GgufNotes());
            return GgufLlamaCpp.of(k, g);
        } catch (GgufKeys.BadKey e) {
            throw new ConfigImporter.ImportException("'" + f.source() + "': " + e.getMessage());
        } catch (ArithmeticException e) {
            throw new ConfigImporter.ImportException("'" + f.source() + "': numbers too large to count exactly (overflow): refused");
        }
    }

    private static ModelImport read(GgufFile f, String fallbackId, GgufLogHeader.LoggedWeights given)
            throws ConfigImporter.ImportException {
        GgufNotes n = new GgufNotes();
        GgufKeys k = new GgufKeys(f);
        GgufLayout g = GgufLayout.read(k, n);
        if (!GENERIC.contains(k.arch()) && !GgufWindows.RULED.contains(k.arch()) && !GgufRecurrent.known(k.arch())) {
            n.warn("architecture '" + Messages.oneLine(k.arch()) + "' has no llama.cpp rule known to the importer: read from the "
                    + "generic keys (block_count, head_count, head_count_kv, key_length); check its windows, shared and "
                    + "recurrent layers");
        }
        KvArchitecture kv = GgufKv.of(k, g, n);
        long[] experts = experts(k, n);
        if (f.tensors().isEmpty() && given == null) {
            throw new ConfigImporter.ImportException("'" + f.source() + "': no tensor infos: cannot count the weights (a header-only "
                    + "or vocabulary-only file?)");
        }
        Weights w = given != null ? given.weights(experts[0], n) : GgufTensorBytes.weights(f, experts[1], experts[0], n);
        fileType(k, n);
        n.detect(g.describe());
        return new ModelImport(model(k, f, fallbackId, n), w, kv, n.detected(), n.assumed(), n.warnings());
    }

    /** {expert_count, expert_used_count}; llama.cpp asserts used <= count and used > 0 with experts. */
    private static long[] experts(GgufKeys k, GgufNotes n) {
        Long count = k.count("expert_count", 0, 1 << 20);
        Long used = k.count("expert_used_count", 0, count == null ? 0 : count);
        long c = count == null ? 0 : count;
        long u = used == null ? 0 : used;
        if (c > 0 && u == 0) {
            throw new GgufKeys.BadKey("'" + k.key("expert_count") + "' is " + c + " but '" + k.key("expert_used_count")
                    + "' is 0 or absent: llama.cpp needs the experts used per token");
        }
        if (c > 0) {
            n.detect(c + " experts, " + u + " used per token ('" + k.key("expert_count") + "', '" + k.key("expert_used_count") + "')");
        }
        return new long[] {c, u};
    }

    private static void fileType(GgufKeys k, GgufNotes n) {
        Long t = k.countKey("general.file_type", 0, 1 << 16);
        if (t != null) {
            String name = GgufFileTypes.name(t.intValue());
            n.detect("file type '" + (name == null ? "unknown" : name) + "' ('general.file_type' " + t + ")");
        }
    }

    private static ModelInfo model(GgufKeys k, GgufFile f, String fallbackId, GgufNotes n) {
        String id = null;
        String from = null;
        for (String key : List.of("general.source.huggingface.repository", "general.name", "general.basename")) {
            String v = k.text(key);
            if (id == null && v != null && !v.isBlank()) {
                id = Messages.oneLine(v);
                from = key;
            }
        }
        if (id == null) {
            id = fallbackId == null ? "" : fallbackId;
            n.assume("no 'general.name': the model is named after the file");
        } else {
            n.detect("model '" + id + "' ('" + from + "')");
        }
        long maxCtx = Inputs.get("model.maxContextTokens").max();
        long ctx = k.required("context_length", 1, maxCtx, "llama.cpp refuses a file without its training context");
        n.detect("maximum context " + Units.grouped(ctx) + " tokens ('" + k.key("context_length") + "')");
        Long vocab = k.count("vocab_size", 1, Inputs.get("model.vocabSize").max());
        if (vocab != null) {
            n.detect("vocabulary " + Units.grouped(vocab) + " tokens ('" + k.key("vocab_size") + "')");
        } else {
            Integer tokens = k.entries("tokenizer.ggml.tokens");
            vocab = tokens == null || tokens == 0 ? null : tokens.longValue();
            if (vocab != null) {
                n.detect("vocabulary " + Units.grouped(vocab) + " tokens (entries of 'tokenizer.ggml.tokens')");
            }
        }
        return new ModelInfo(id, "", Messages.oneLine(k.arch()).toLowerCase(Locale.ROOT), ctx, vocab);
    }
}
