package org.vramsheet.core.engine.ollama;

import java.util.ArrayList;
import java.util.List;
import org.vramsheet.core.engine.ollama.OllamaRunnerSetup.Setting;
import org.vramsheet.core.units.Units;

/**
 * num_ctx, the context of one sequence, as Ollama's releases chose it: a request's num_ctx over the model's over
 * OLLAMA_CONTEXT_LENGTH over the default (server/routes.go {@code modelOptions}), then the scheduler's floors and the
 * runner's cap. The default by release, each from Ollama's history:
 * <ul>
 * <li>before 0.5.13: 2048 (api/types.go {@code DefaultOptions}); OLLAMA_CONTEXT_LENGTH does not exist</li>
 * <li>0.5.13 to 0.6.6: OLLAMA_CONTEXT_LENGTH, default 2048 (envconfig/config.go, commit 314573bf)</li>
 * <li>0.6.7 to 0.15.4: default 4096 (commit 44b466ee)</li>
 * <li>from 0.15.5: by the GPUs' total memory less overhead: 47 GiB or more 262,144; 23 GiB or more 32,768; else 4096
 * (server/routes.go {@code Serve}, commit 0334ffa6)</li>
 * </ul>
 * gpt-oss gets at least 8192 (0.11.0 to 0.15.4; from 0.11.4 not below 20 GiB of GPU memory, and from 0.12.7 also
 * qwen3vl), below 4 is 4, a vision model at least 2048 (server/sched.go, from 0.11.5), and from 0.9.3 num_ctx is cut to
 * the model's trained context (llm/server.go "requested context size too large for model").
 */
final class OllamaContextRule {
    static final OllamaRelease ENV = OllamaRelease.of("0.5.13");
    static final OllamaRelease DEFAULT_4K = OllamaRelease.of("0.6.7");
    static final OllamaRelease VRAM_TIERS = OllamaRelease.of("0.15.5");
    private static final OllamaRelease GPT_OSS = OllamaRelease.of("0.11.0");
    private static final OllamaRelease LOW_VRAM = OllamaRelease.of("0.11.4");
    private static final OllamaRelease QWEN3VL = OllamaRelease.of("0.12.7");
    private static final OllamaRelease VISION_FLOOR = OllamaRelease.of("0.11.5");
    private static final OllamaRelease TRAIN_CAP = OllamaRelease.of("0.9.3");

    private OllamaContextRule() { }

    static Setting<Long> numCtx(OllamaSetup s, OllamaRelease r, List<String> problems) {
        List<String> why = new ArrayList<>();
        long ctx = base(s, r, why, problems);
        if (s.modelNumCtx() != null) {
            ctx = s.modelNumCtx();
            why.add("num_ctx " + ctx + " from the model's parameters (its Modelfile PARAMETER or params blob)");
        }
        if (s.requestNumCtx() != null) {
            ctx = s.requestNumCtx();
            why.add("num_ctx " + ctx + " from the request's options");
        }
        ctx = floors(s, r, ctx, why);
        if (r.atLeast(TRAIN_CAP) && s.trainContext() != null && s.trainContext() > 0 && ctx > s.trainContext()) {
            ctx = s.trainContext();
            why.add("cut to the model's trained context, " + ctx + " (llm/server.go, from 0.9.3)");
        }
        return new Setting<>(ctx, why);
    }

    /** The value before the model's and the request's: the environment's or the release's default. */
    private static long base(OllamaSetup s, OllamaRelease r, List<String> why, List<String> problems) {
        Long env = s.contextLength();
        if (r.before(ENV)) {
            if (env != null) {
                problems.add("OLLAMA_CONTEXT_LENGTH is not read before Ollama 0.5.13: num_ctx stays 2048");
            }
            why.add("num_ctx 2048, Ollama's default before 0.5.13 (api/types.go DefaultOptions)");
            return 2048;
        }
        if (env != null && (env > 0 || r.before(VRAM_TIERS))) {
            why.add("num_ctx " + env + " from OLLAMA_CONTEXT_LENGTH (envconfig/config.go, from 0.5.13)");
            return env;
        }
        if (r.before(DEFAULT_4K)) {
            why.add("num_ctx 2048, the default of OLLAMA_CONTEXT_LENGTH from 0.5.13 to 0.6.6 (envconfig/config.go)");
            return 2048;
        }
        if (r.before(VRAM_TIERS)) {
            why.add("num_ctx 4096, the default of OLLAMA_CONTEXT_LENGTH from 0.6.7 to 0.15.4 (envconfig/config.go)");
            return 4096;
        }
        Long vram = s.totalVramBytes();
        if (vram == null) {
            why.add("num_ctx 4096: from 0.15.5 the default follows the total GPU memory, which is not known here: the lowest"
                    + " tier (server/routes.go)");
            return 4096;
        }
        long ctx = vram >= 47 * Units.GIB ? 262_144 : vram >= 23 * Units.GIB ? 32_768 : 4096;
        why.add("num_ctx " + ctx + ", the default for " + Units.fixed2(vram / (double) Units.GIB) + " GiB of GPU memory"
                + " (47 GiB or more: 262144, 23 GiB or more: 32768, else 4096; server/routes.go, from 0.15.5)");
        return ctx;
    }

    /** gpt-oss's minimum, the scheduler's floor of 4 and a vision model's 2048. */
    private static long floors(OllamaSetup s, OllamaRelease r, long ctx, List<String> why) {
        String fam = s.familyOrArchitecture();
        boolean gptOss = "gptoss".equals(fam) || "gpt-oss".equals(fam);
        boolean qwen3vl = r.atLeast(QWEN3VL) && ("qwen3vl".equals(fam) || "qwen3vlmoe".equals(fam));
        if (r.atLeast(GPT_OSS) && r.before(VRAM_TIERS) && (gptOss || qwen3vl) && ctx < 8192) {
            boolean lowVram = r.atLeast(LOW_VRAM) && s.totalVramBytes() != null && s.totalVramBytes() < 20 * Units.GIB;
            if (!lowVram) {
                ctx = 8192;
                why.add("raised to 8192 for '" + fam + "' (server/routes.go, 0.11.0 to 0.15.4; from 0.11.4 only with 20 GiB of"
                        + " GPU memory or more)");
            }
        }
        if (ctx < 4) {
            ctx = 4;
            why.add("raised to 4, the scheduler's least (server/sched.go)");
        }
        if (s.projector() && r.atLeast(VISION_FLOOR) && ctx < 2048) {
            ctx = 2048;
            why.add("raised to 2048 for a vision model (server/sched.go, from 0.11.5)");
        }
        return ctx;
    }
}
