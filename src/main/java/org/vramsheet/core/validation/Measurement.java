package org.vramsheet.core.validation;

import java.util.List;
import org.vramsheet.core.sheet.Engine;
import org.vramsheet.core.sheet.Validation;

/**
 * What an engine's startup log said, in bytes and tokens (null where the log did not say). Per GPU
 * unless noted; kvTokens is engine-wide.
 *
 * @param concurrencyTokens the context length the printed concurrency refers to
 * @param nodes             machines the replica's workers ran on (distinct Ray worker addresses), null when not shown
 */
public record Measurement(Engine engine, String version, String modelId, Double utilization, Long maxModelLen,
                          Integer tensorParallel, Integer pipelineParallel, String kvCacheDtype, Long weightsBytes,
                          Long nonKvBytes, Long activationPeakBytes, Long nonTorchBytes, Long kvPoolBytes, Long kvTokens,
                          Long gpuBlocks, Long concurrencyTokens, Double concurrency, Long freeBytes, Long totalBytes,
                          Long cudaGraphEstimateBytes, Long cudaGraphActualBytes, List<String> matchedLines,
                          List<String> skippedLines, Integer nodes) {
    public Measurement {
        matchedLines = matchedLines == null ? List.of() : List.copyOf(matchedLines);
        skippedLines = skippedLines == null ? List.of() : List.copyOf(skippedLines);
    }

    /** Fills VALIDATION from the log (keeping what the log does not say). */
    /** VALIDATION with this log's measurements; {@code gpus}: the GPUs per replica the log ran on (TP x PP). */
    public Validation toValidation(Validation old, int gpus) {
        String note = (engine == null ? "engine" : engine.label()) + (version == null ? "" : " " + version) + " startup log"
                + (modelId == null ? "" : " of " + modelId);
        String notes = old.notes().isBlank() ? note : old.notes().contains(note) ? old.notes() : old.notes() + "\n" + note;
        return old.toBuilder().measuredNonKvBytes(nonKvBytes != null ? nonKvBytes : old.measuredNonKvBytes())
                .allocatedKvBytes(kvPoolBytes != null ? kvPoolBytes : old.allocatedKvBytes())
                .kvCapacityTokens(kvTokens != null ? kvTokens : old.kvCapacityTokens()).notes(notes)
                .measuredOnGpus(nonKvBytes != null ? Integer.valueOf(gpus) : old.measuredOnGpus())
                .measuredActivationPeakBytes(activationPeakBytes != null ? activationPeakBytes : old.measuredActivationPeakBytes())
                .measuredNonTorchBytes(nonTorchBytes != null ? nonTorchBytes : old.measuredNonTorchBytes())
                .measuredCudaGraphBytes(cudaGraphEstimateBytes != null ? cudaGraphEstimateBytes
                        : old.measuredCudaGraphBytes()).build();
    }
}
