package org.vramsheet.core.engine.ollama;

import java.util.ArrayList;
import java.util.List;

/**
 * The model as Ollama's planner reads it from the GGUF: the keys of {@code fs/ggml/ggml.go} ({@code KV().BlockCount()},
 * {@code EmbeddingLength()}, {@code HeadCountMax()} / {@code HeadCountKVMax()} / {@code HeadCountKVMin()},
 * {@code EmbeddingHeadCountK()} / {@code V()} (key_length / value_length, else embedding / the fewest heads), the
 * {@code tokenizer.ggml.tokens} count, {@code attention.sliding_window}) and the byte sizes of the tensor groups of
 * {@code Tensors().GroupLayers()}: every {@code blk.N}, {@code output_norm}, {@code output} (0 when the file ties it to
 * {@code token_embd}), {@code token_embd}; the vision tower's {@code v.*} tensors inside the model file (the Ollama
 * engine's projector, {@code VisionGraphSize}) and a separate projector file's bytes (the llama.cpp runner's
 * {@code --mmproj}, {@code projectorMemoryRequirements}).
 *
 * @param layerBytes the bytes of {@code blk.0} ... {@code blk.(N-1)}, one per block (a block absent from the file: 0)
 * @param vision the vision tower's figures, or null for a text model
 */
public record OllamaPlanModel(String architecture, long embedding, long headsMax, long headsKvMax, long headsKvMin,
        long keyLength, long valueLength, long vocab, long slidingWindow, List<Long> layerBytes, long outputNormBytes,
        long outputBytes, long tokenEmbdBytes, OllamaVision vision, long projectorFileBytes) {

    public OllamaPlanModel {
        layerBytes = List.copyOf(layerBytes);
    }

    /** {@code KV().BlockCount()}: the blocks, one less than the "layers.model" Ollama prints. */
    public int blockCount() { return layerBytes.size(); }

    /** The bytes Ollama counts as the output layer: output_norm plus output, or token_embd when output is absent. */
    public long outputLayerBytes() {
        return outputNormBytes + (outputBytes > 0 ? outputBytes : tokenEmbdBytes);
    }

    /** The largest tensor group (0.7.0's buffer layer): a block, token_embd, output or output_norm. */
    long largestGroupBytes() {
        long max = Math.max(Math.max(outputNormBytes, outputBytes), tokenEmbdBytes);
        for (long b : layerBytes) {
            max = Math.max(max, b);
        }
        return vision == null ? max : Math.max(max, vision.largestGroupBytes());
    }

    public static Builder builder(String architecture) { return new Builder(architecture); }

    public Builder toBuilder() {
        Builder b = new Builder(architecture);
        b.embedding = embedding;
        b.headsMax = headsMax;
        b.headsKvMax = headsKvMax;
        b.headsKvMin = headsKvMin;
        b.keyLength = keyLength;
        b.valueLength = valueLength;
        b.vocab = vocab;
        b.slidingWindow = slidingWindow;
        b.layers.addAll(layerBytes);
        b.outputNormBytes = outputNormBytes;
        b.outputBytes = outputBytes;
        b.tokenEmbdBytes = tokenEmbdBytes;
        b.vision = vision;
        b.projectorFileBytes = projectorFileBytes;
        return b;
    }

    /** One line per key; head lengths default as {@code EmbeddingHeadCountK()} does (embedding / fewest heads). */
    public static final class Builder {
        private final String architecture;
        private long embedding;
        private long headsMax = 1;
        private long headsKvMax = 1;
        private long headsKvMin = 1;
        private long keyLength = -1;
        private long valueLength = -1;
        private long vocab;
        private long slidingWindow;
        private final List<Long> layers = new ArrayList<>();
        private long outputNormBytes;
        private long outputBytes;
        private long tokenEmbdBytes;
        private OllamaVision vision;
        private long projectorFileBytes;

        private Builder(String architecture) { this.architecture = architecture; }

        public Builder embedding(long v) { embedding = v; return this; }

        /** A scalar head_count. */
        public Builder heads(long v) { headsMax = v; return this; }

        /** A scalar head_count_kv (max and min are the same). */
        public Builder headsKv(long v) { headsKvMax = v; headsKvMin = v; return this; }

        /** A per-layer head_count_kv array's largest and smallest entries. */
        public Builder headsKv(long max, long min) { headsKvMax = max; headsKvMin = min; return this; }

        public Builder keyLength(long v) { keyLength = v; return this; }

        public Builder valueLength(long v) { valueLength = v; return this; }

        public Builder vocab(long v) { vocab = v; return this; }

        public Builder slidingWindow(long v) { slidingWindow = v; return this; }

        /** {@code count} blocks of {@code bytes} each, after those already added. */
        public Builder layers(int count, long bytes) {
            for (int i = 0; i < count; i++) {
                layers.add(bytes);
            }
            return this;
        }

        /** Block sizes in block order. */
        public Builder layers(List<Long> bytes) { layers.addAll(bytes); return this; }

        public Builder clearLayers() { layers.clear(); return this; }

        public Builder outputNorm(long v) { outputNormBytes = v; return this; }

        public Builder output(long v) { outputBytes = v; return this; }

        public Builder tokenEmbd(long v) { tokenEmbdBytes = v; return this; }

        public Builder vision(OllamaVision v) { vision = v; return this; }

        public Builder projectorFile(long v) { projectorFileBytes = v; return this; }

        public OllamaPlanModel build() {
            long heads = Math.max(1, headsMax);
            long k = keyLength >= 0 ? keyLength : embedding / heads;
            long v = valueLength >= 0 ? valueLength : embedding / heads;
            return new OllamaPlanModel(architecture, embedding, headsMax, headsKvMax, headsKvMin, k, v, vocab, slidingWindow,
                    layers, outputNormBytes, outputBytes, tokenEmbdBytes, vision, projectorFileBytes);
        }
    }
}
