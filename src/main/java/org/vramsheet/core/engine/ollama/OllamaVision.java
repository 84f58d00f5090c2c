package org.vramsheet.core.engine.ollama;

/**
 * A vision tower inside the model file, as {@code VisionGraphSize} (fs/ggml/ggml.go, from 0.6.0) reads it: the bytes of
 * the {@code v.*} tensors and the {@code vision.*} keys its graph estimate uses. The estimate is written for gemma3 and
 * mistral3 ({@code 4 x (image_size^2 x channels + embedding x patch_size + patches^2 x heads)}, patches
 * {@code (image_size / patch_size)^2}, one more with a {@code v.class_embd} tensor); other architectures' graphs are
 * given as {@code graphBytes}.
 *
 * @param weightBytes the {@code v.*} tensors' bytes
 * @param largestGroupBytes the largest of its tensor groups ({@code v}, {@code v.blk.N}, {@code mm.*})
 * @param graphBytes a graph estimate given directly, or -1 to compute it from the keys
 */
public record OllamaVision(long weightBytes, long largestGroupBytes, long imageSize, long patchSize, long channels,
        long heads, long embedding, boolean classEmbd, long graphBytes) {

    /** A gemma3 / mistral3 tower whose graph is computed from its keys. */
    public static OllamaVision of(long weightBytes, long imageSize, long patchSize, long heads, long embedding) {
        return new OllamaVision(weightBytes, 0, imageSize, patchSize, 3, heads, embedding, false, -1);
    }

    /** The graph Ollama estimates for one image (0 with no patch size: Ollama warns "unknown patch size"). */
    long graph(String architecture) {
        if (graphBytes >= 0) {
            return graphBytes;
        }
        if (patchSize <= 0 || !("gemma3".equals(architecture) || "mistral3".equals(architecture))) {
            return 0;
        }
        long side = imageSize / patchSize;
        long patches = Math.multiplyExact(side, side) + (classEmbd ? 1 : 0);
        long image = Math.multiplyExact(Math.multiplyExact(imageSize, imageSize), channels);
        long attention = Math.multiplyExact(Math.multiplyExact(patches, patches), heads);
        return Math.multiplyExact(4, Math.addExact(Math.addExact(image, Math.multiplyExact(embedding, patchSize)), attention));
    }
}
