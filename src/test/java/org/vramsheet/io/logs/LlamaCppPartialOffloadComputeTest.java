package org.vramsheet.io.logs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.vramsheet.core.engine.llamacpp.LlamaCppCompute;
import org.vramsheet.core.units.Units;
import org.vramsheet.core.validation.Measurement;
import org.vramsheet.io.gguf.GgmlType;

/**
 * The compute buffer of a partial offload, on two real logs, checked against llama.cpp's graph arithmetic. Not a rule of
 * the product (two logs, one per branch; reported in docs/accuracy.md): with the output layer left on the host, the first
 * GPU's buffer is the larger of its layers' attention moment and the output matmul that ggml-backend offloads to it (the
 * output weight staged plus the output moment, T x (n_vocab + n_embd) x 4 B).
 * <ul>
 * <li>LC20 (ollama #7440, Llama-3.2-11B-Vision, 31 of 41 layers, n_ctx 2048, no flash attention): n_vocab 128,256, n_embd
 * 4,096 and 32 heads are the model's (Ollama's planner for the same model, ollama #9311, prints memory.graph.full 258.5
 * MiB = the output moment and memory.weights.nonrepeating 411.0 MiB = a q6_K output weight of 128,256 x 4,096).</li>
 * <li>LC17 (llama.cpp PR #8035, Llama 3 70B IQ2_XS, 78 of 81 layers): the attention moment is the buffer (-0.41 %); the
 * output branch is below it unless the file's output weight (its type not printed) exceeds 838 MiB.</li>
 * </ul>
 */
class LlamaCppPartialOffloadComputeTest {
    private static final double MIB = Units.MIB;

    private static Measurement.DeviceMemory cuda0(String id) {
        Measurement m = EngineLogParser.parse(FieldLogs.of("llamacpp").filter(l -> l.id().equals(id)).findFirst().orElseThrow()
                .text());
        return m.devices().stream().filter(d -> d.name().equals("CUDA0")).findFirst().orElseThrow();
    }

    @Test
    void withTheOutputLayerOnTheHostTheFirstGpuRunsTheOutputMatmul() {
        long printed = cuda0("LC20").computeBytes();
        LlamaCppCompute.Model m = new LlamaCppCompute.Model(128_256, 4_096, 32);
        long output = LlamaCppCompute.output(m, 512);
        assertEquals(258.5 * MIB, output, 0.0, "Ollama's memory.graph.full for this model");
        long weight = 128_256L * (4_096 / GgmlType.Q6_K.blockSize()) * GgmlType.Q6_K.typeSize();
        assertEquals(411.0, weight / MIB, 0.05, "Ollama's memory.weights.nonrepeating 411.0 MiB");
        long attention = LlamaCppCompute.attention(m, 512, 2_048, false);
        assertTrue(attention < output + weight, "the output branch is the larger here");
        double err = (output + weight) / (double) printed - 1;
        System.out.println(String.format(Locale.ROOT, "LC20 CUDA0 compute (31/41 layers, output on the host): printed %.2f MiB,"
                + " output weight + output moment %.2f MiB (%+.3f %%), attention moment %.2f MiB", printed / MIB,
                (output + weight) / MIB, err * 100, attention / MIB));
        assertTrue(Math.abs((output + weight) / MIB - printed / MIB) <= 0.005 + 1e-6,
                "to the printed 0.01 MiB (within its half: 669.4766 prints as 669.48)");

        long lc17 = cuda0("LC17").computeBytes();
        LlamaCppCompute.Model llama70 = new LlamaCppCompute.Model(128_256, 8_192, 64);
        long lc17Attention = LlamaCppCompute.attention(llama70, 512, 8_192, false);
        long lc17Output = LlamaCppCompute.output(llama70, 512);
        System.out.println(String.format(Locale.ROOT, "LC17 CUDA0 compute (78/81 layers, output on the host): printed %.2f MiB,"
                + " attention moment %.2f MiB (%+.2f %%); the output branch %.2f MiB + the output weight stays below it up to"
                + " %.0f MiB of weight", lc17 / MIB, lc17Attention / MIB, (lc17Attention / (double) lc17 - 1) * 100, lc17Output / MIB,
                (lc17Attention - lc17Output) / MIB));
        assertTrue(Math.abs(lc17Attention / (double) lc17 - 1) < 0.005);
    }
}
