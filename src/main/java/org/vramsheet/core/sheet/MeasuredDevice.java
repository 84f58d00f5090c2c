package org.vramsheet.core.sheet;

import java.util.List;

/**
 * One device's buffers as an engine log printed them (llama.cpp, Ollama's runner, llama-fit-params), kept in VALIDATION to
 * compare with the sheet's memory per device. The log's GPUs in the order it names them are the sheet's GPU 0, 1, ...; its
 * host buffers (CPU, CPU_Mapped, CUDA_Host, ...) are summed as the host. Bytes; null where the log printed none.
 *
 * @param device       the sheet's device: "gpu0", "gpu1", ... or "host"
 * @param name         the log's name(s) of it ("CUDA0", "CPU_Mapped + CUDA_Host")
 * @param modelBytes   load_tensors' model buffer (the weights and the output layer there)
 * @param kvBytes      llama_kv_cache's buffer
 * @param stateBytes   llama_memory_recurrent's buffer
 * @param contextBytes llama-fit-params' context: the KV cache and the recurrent state together
 * @param computeBytes sched_reserve's compute buffer
 * @param outputBytes  llama_context's output buffer
 */
public record MeasuredDevice(String device, String name, Long modelBytes, Long kvBytes, Long stateBytes, Long contextBytes,
                             Long computeBytes, Long outputBytes) {
    /** The buffers in the order VALIDATION and the reports show them. */
    public static final List<String> BUFFERS = List.of("modelBytes", "kvBytes", "stateBytes",
            "contextBytes", "computeBytes", "outputBytes");

    /** A buffer by its name in {@link #BUFFERS}. */
    public Long buffer(String buffer) {
        return switch (buffer) {
            case "modelBytes" -> modelBytes;
            case "kvBytes" -> kvBytes;
            case "stateBytes" -> stateBytes;
            case "contextBytes" -> contextBytes;
            case "computeBytes" -> computeBytes;
            case "outputBytes" -> outputBytes;
            default -> throw new IllegalArgumentException("not a buffer: " + buffer);
        };
    }
}
