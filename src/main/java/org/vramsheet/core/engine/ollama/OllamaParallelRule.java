package org.vramsheet.core.engine.ollama;

import java.util.ArrayList;
import java.util.List;
import org.vramsheet.core.engine.ollama.OllamaRunnerSetup.Setting;

/**
 * OLLAMA_NUM_PARALLEL, the sequences one runner serves, by release (server/sched.go, envconfig/config.go):
 * <ul>
 * <li>before 0.1.33: one request at a time</li>
 * <li>0.1.33 to 0.1.48: OLLAMA_NUM_PARALLEL, default 1 (commit 34b9db5a)</li>
 * <li>0.2.0 to 0.6.6: unset means 4 when the model fits in VRAM with 4 x num_ctx, else 1 ({@code defaultParallel = 4},
 * commit 17b7186c)</li>
 * <li>0.6.7 to 0.9.x: the same with 2 ({@code defaultParallel = 2}, commit fe5b9bb2)</li>
 * <li>from 0.10.0: default 1 (commit 20c3266e, "Reduce default parallelism to 1")</li>
 * </ul>
 * Always 1: a model with a projector until 0.4.0 (0.4.1 lifted it but for mllama), an embedding model from 0.3.7, and
 * the architectures server/sched.go lists ({@code mllama}; from 0.12.7 qwen3vl, qwen3vlmoe; from 0.15.5 qwen3next, lfm2,
 * lfm2moe; from 0.17.1 qwen35, qwen35moe, nemotron_h, nemotron_h_moe; from 0.30.0 nemotron_h_omni).
 */
final class OllamaParallelRule {
    private static final OllamaRelease PARALLEL = OllamaRelease.of("0.1.33");
    private static final OllamaRelease AUTO = OllamaRelease.of("0.2.0");
    private static final OllamaRelease AUTO_2 = OllamaRelease.of("0.6.7");
    private static final OllamaRelease ONE = OllamaRelease.of("0.10.0");
    private static final OllamaRelease EMBEDDING = OllamaRelease.of("0.3.7");
    private static final OllamaRelease MLLAMA_ONLY = OllamaRelease.of("0.4.1");
    private static final String[][] SINGLE = {
        {"0.4.1", "mllama"}, {"0.12.7", "qwen3vl", "qwen3vlmoe"}, {"0.15.5", "qwen3next", "lfm2", "lfm2moe"},
        {"0.17.1", "qwen35", "qwen35moe", "nemotron_h", "nemotron_h_moe"}, {"0.30.0", "nemotron_h_omni"}};

    /** Sequences sized at most: more is no setting a runner starts with. */
    static final int MAX = 65_536;

    private OllamaParallelRule() { }

    static Setting<Integer> parallel(OllamaSetup s, OllamaRelease r, List<String> problems) {
        List<String> why = new ArrayList<>();
        int n = base(s, r, why, problems);
        String fam = s.familyOrArchitecture();
        if (n > 1 && s.embedding() && r.atLeast(EMBEDDING)) {
            n = 1;
            why.add("parallel 1 for an embedding model (server/sched.go, from 0.3.7)");
        }
        if (n > 1 && s.projector() && r.before(MLLAMA_ONLY)) {
            n = 1;
            why.add("parallel 1 for a model with a vision projector (server/sched.go, 0.1.33 to 0.4.0)");
        }
        if (n > 1 && single(fam, r) != null) {
            n = 1;
            why.add("parallel 1 for '" + fam + "', an architecture Ollama serves one sequence at a time (server/sched.go, from "
                    + single(fam, r) + ")");
        }
        return new Setting<>(n, why);
    }

    private static int base(OllamaSetup s, OllamaRelease r, List<String> why, List<String> problems) {
        if (r.before(PARALLEL)) {
            why.add("parallel 1: Ollama before 0.1.33 serves one request at a time");
            return 1;
        }
        Long env = s.numParallel();
        if (env != null && env > 0) {
            if (env > MAX) {
                problems.add("OLLAMA_NUM_PARALLEL " + env + " is more sequences than " + MAX + ": sized as " + MAX);
            }
            int n = (int) Math.min(env, MAX);
            why.add("parallel " + n + " from OLLAMA_NUM_PARALLEL (envconfig/config.go)");
            return n;
        }
        if (r.before(AUTO) || r.atLeast(ONE)) {
            why.add("parallel 1, the default of OLLAMA_NUM_PARALLEL " + (r.before(AUTO) ? "from 0.1.33 to 0.1.48" : "from 0.10.0")
                    + " (envconfig/config.go)");
            return 1;
        }
        int auto = r.before(AUTO_2) ? 4 : 2;
        why.add("parallel " + auto + " when the model fits in GPU memory with " + auto + " x num_ctx, else 1: OLLAMA_NUM_PARALLEL unset, "
                + (auto == 4 ? "0.2.0 to 0.6.6" : "0.6.7 to 0.9.x") + " (server/sched.go defaultParallel)");
        return auto;
    }

    /** The release from which this family is served one sequence at a time, or null. */
    static String single(String family, OllamaRelease r) {
        if (family == null) {
            return null;
        }
        for (String[] row : SINGLE) {
            for (int i = 1; i < row.length; i++) {
                if (row[i].equals(family) && r.atLeast(OllamaRelease.of(row[0]))) {
                    return row[0];
                }
            }
        }
        return null;
    }
}
