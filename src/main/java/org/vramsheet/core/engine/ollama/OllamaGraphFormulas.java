package org.vramsheet.core.engine.ollama;

/**
 * The rest of {@code GraphSize}'s architectures (fs/ggml/ggml.go, unchanged from 0.5.x to 0.12.10): command-r, qwen2,
 * phi2, stablelm, deepseek2 (whose head_count_kv is the 128 heads' count and key_length 192), chatglm without its
 * qkv-bias term. {0, 0} for an architecture without a case.
 */
final class OllamaGraphFormulas {
    private OllamaGraphFormulas() { }

    /** {partial, full}. */
    static long[] other(OllamaPlanModel m, long ctx, long b) {
        long e = m.embedding();
        long h = m.headsMax();
        long kvh = m.headsKvMax();
        long v = m.vocab();
        long k = m.keyLength();
        long vocabGraph = 4 * b * (e + v) + e * v * 105 / 128;
        return switch (m.architecture()) {
            case "command-r" -> new long[] {
                Math.max(vocabGraph, 4 * b * (1 + 2 * e + ctx * (1 + h)) + 4 * e * ctx + e * e * 9 / 16),
                Math.max(4 * b * (e + v), 4 * b * (2 + 4 * e + ctx * (1 + h)))};
            case "qwen2" -> new long[] {
                Math.max(vocabGraph, 4 * (b * (1 + 2 * e + ctx * (1 + h)) + e * (1 + ctx))),
                Math.max(4 * b * (e + v), 4 * b * (1 + 2 * e + ctx + ctx * h))};
            case "phi2" -> new long[] {
                Math.max(4 * b * (2 * e + v) + e * v * 105 / 128, 4 * b * (2 + 3 * e + ctx + ctx * h)),
                Math.max(4 * b * (e + v), 4 * b * (1 + 4 * e + ctx + ctx * h))};
            case "stablelm" -> {
                long full = 4 * b * (ctx * (1 + h) + 3 * e + 2);
                yield new long[] {Math.max(4 * b * (v + 2 * e), full), full};
            }
            case "deepseek2" -> new long[] {
                Math.max(4 * b * (3 * e + v) + e * v * 105 / 128,
                        4 * b * (2 * e + 1 + 2 * k * kvh + ctx + ctx * kvh) + 4 * k * ctx * kvh + e * k * kvh * 9 / 16),
                Math.max(4 * b * (3 * e + v), 4 * b * (3 * e + 2 + ctx * (1 + kvh) + 2 * k * kvh))};
            case "chatglm" -> new long[] {vocabGraph, 4 * b * (e + v)};
            default -> new long[] {0, 0};
        };
    }
}
