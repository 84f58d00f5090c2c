package org.vramsheet.core.engine.ollama;

import java.util.List;

/**
 * Where the planner puts a vision projector (llm/memory.go): a separate projector file (the llama.cpp runner's
 * {@code --mmproj}) on the first GPU with space; the vision tower inside the model file ({@code VisionGraphSize}, from
 * 0.6.0), its weights and graph, on the first GPU before 0.7.1 and with the output layer from 0.7.1. A projector file
 * raises the context to 2048 at least; from 0.7.1 every model's context is raised so (the rule sits outside the
 * projector test). The graph of a projector file (0.5.x's {@code projectorMemoryRequirements}) is not ported: 0.
 *
 * @param gpuZero the bytes charged to the first GPU with space
 * @param lastLayer the output layer as placed (with the in-file projector from 0.7.1)
 */
record OllamaProjector(long context, long gpuZero, long lastLayer, long loggedWeights, long loggedGraph) {

    static OllamaProjector of(OllamaPlanModel m, OllamaPlanSetup s, List<String> why) {
        OllamaRelease r = s.release();
        long ctx = s.numCtx();
        long file = m.projectorFileBytes();
        if (file > 0) {
            ctx = Math.max(ctx, 2048);
        }
        long visionW = 0;
        long visionG = 0;
        if (file == 0 && m.vision() != null && r.atLeast(OllamaPlanRules.VISION_IN_FILE)) {
            visionW = m.vision().weightBytes();
            visionG = m.vision().graph(m.architecture());
        }
        long out = m.outputLayerBytes();
        if (r.atLeast(OllamaPlanRules.BLK0_AGAIN)) {
            if (file == 0 && ctx < 2048) {
                why.add("context raised to 2048 cells (llm/memory.go, from 0.7.1 for every model)");
            }
            ctx = file == 0 ? Math.max(ctx, 2048) : ctx;
            if (visionW > 0) {
                why.add("the vision tower (" + OllamaBytes.mib(visionW) + ", graph " + OllamaBytes.mib(visionG)
                        + ") placed with the output layer (from 0.7.1)");
            }
            return new OllamaProjector(ctx, file, out + visionW + visionG, file + visionW, visionG);
        }
        if (visionW + file > 0) {
            why.add("the projector (" + OllamaBytes.mib(visionW + file) + ", graph " + OllamaBytes.mib(visionG)
                    + ") charged to the first GPU with space (before 0.7.1)");
        }
        return new OllamaProjector(ctx, file + visionW + visionG, out, file + visionW, visionG);
    }
}
