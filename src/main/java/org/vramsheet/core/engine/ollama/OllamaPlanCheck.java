package org.vramsheet.core.engine.ollama;

/**
 * The planner's inputs checked before it runs: each bad one named with its reason, the bounds chosen so that no product
 * of Ollama's formulas can pass 2^63 (context 2^23 cells, batch 2^16, heads 2^12, embedding and vocabulary 2^22, any
 * size 2^50 bytes).
 */
final class OllamaPlanCheck {
    private OllamaPlanCheck() { }

    static String problem(OllamaPlanModel m, OllamaPlanSetup s) {
        if (m == null || s == null || s.release() == null) {
            return "the planner needs a model, a setup and an Ollama release";
        }
        if (s.release().before(OllamaPlanRules.FIRST)) {
            return "Ollama " + s.release() + "'s planner is not ported: the rules here start at " + OllamaPlanRules.FIRST;
        }
        if (s.release().atLeast(OllamaPlanRules.REMOVED)) {
            return "Ollama " + s.release() + " has no planner estimate: from " + OllamaPlanRules.REMOVED
                    + " its runner fits the layers by allocating them (llm/memory.go removed)";
        }
        String r = range("block count", m.blockCount(), 1, 4096);
        r = r != null ? r : range("embedding length", m.embedding(), 1, 1L << 22);
        r = r != null ? r : range("vocabulary size", m.vocab(), 1, 1L << 22);
        r = r != null ? r : range("attention head count", m.headsMax(), 1, 1L << 12);
        r = r != null ? r : range("KV head count", m.headsKvMax(), 0, 1L << 12);
        r = r != null ? r : range("fewest KV heads", m.headsKvMin(), 0, m.headsKvMax());
        r = r != null ? r : range("key length", m.keyLength(), 0, 1L << 12);
        r = r != null ? r : range("value length", m.valueLength(), 0, 1L << 12);
        r = r != null ? r : range("sliding window", m.slidingWindow(), 0, 1L << 23);
        r = r != null ? r : sizes(m);
        return r != null ? r : setup(s);
    }

    private static String sizes(OllamaPlanModel m) {
        long max = OllamaPlanner.maxBytes();
        for (int i = 0; i < m.blockCount(); i++) {
            if (m.layerBytes().get(i) == null || m.layerBytes().get(i) < 0 || m.layerBytes().get(i) > max) {
                return "block " + i + "'s bytes must be 0 to 2^50";
            }
        }
        String r = range("output_norm bytes", m.outputNormBytes(), 0, max);
        r = r != null ? r : range("output bytes", m.outputBytes(), 0, max);
        r = r != null ? r : range("token_embd bytes", m.tokenEmbdBytes(), 0, max);
        r = r != null ? r : range("projector file bytes", m.projectorFileBytes(), 0, max);
        if (r == null && m.vision() != null) {
            OllamaVision v = m.vision();
            r = range("vision weights bytes", v.weightBytes(), 0, max);
            r = r != null ? r : range("vision image size", v.imageSize(), 0, 1L << 16);
            r = r != null ? r : range("vision patch size", v.patchSize(), 0, 1L << 16);
            r = r != null ? r : range("vision channels", v.channels(), 0, 64);
            r = r != null ? r : range("vision head count", v.heads(), 0, 1L << 12);
            r = r != null ? r : range("vision embedding length", v.embedding(), 0, 1L << 22);
            r = r != null ? r : range("vision graph bytes", v.graphBytes(), -1, max);
        }
        return r;
    }

    private static String setup(OllamaPlanSetup s) {
        if (s.freeBytes().isEmpty()) {
            return "the planner needs one GPU's free memory at least (memory.available)";
        }
        for (int i = 0; i < s.freeBytes().size(); i++) {
            Long f = s.freeBytes().get(i);
            if (f == null || f < 0 || f > OllamaPlanner.maxBytes()) {
                return "GPU " + i + "'s free memory must be 0 to 2^50 bytes";
            }
        }
        String r = range("OLLAMA_GPU_OVERHEAD", s.gpuOverheadBytes(), 0, OllamaPlanner.maxBytes());
        r = r != null ? r : range("context (num_ctx x parallel)", s.numCtx(), 1, 1L << 23);
        r = r != null ? r : range("num_batch", s.numBatch(), 1, 1L << 16);
        r = r != null ? r : range("parallel", s.parallel(), 1, 1L << 12);
        return r != null ? r : range("num_gpu", s.numGpu(), -1, 1L << 16);
    }

    private static String range(String field, long v, long min, long max) {
        return v < min || v > max ? field + " '" + v + "' is outside " + min + " to " + max : null;
    }
}
