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
 * @param freeBeforeWeightsBytes free GPU memory per GPU before the weights loaded (SGLang's "Load weight begin. avail mem",
 *                          the smallest rank's): what SGLang's pool rule starts from instead of the device total
 * @param swaKvTokens       a sliding-window model's SWA-layer pool in tokens (SGLang "swa_layer_tokens"); kvTokens is then
 *                          the full-layer pool
 * @param mambaStateBytes   a hybrid model's Mamba state pool per GPU (SGLang "Mamba Cache is allocated": conv + SSM state)
 */
public record Measurement(Engine engine, String version, String modelId, Double utilization, Long maxModelLen,
                          Integer tensorParallel, Integer pipelineParallel, String kvCacheDtype, Long weightsBytes,
                          Long nonKvBytes, Long activationPeakBytes, Long nonTorchBytes, Long kvPoolBytes, Long kvTokens,
                          Long gpuBlocks, Long concurrencyTokens, Double concurrency, Long freeBytes, Long totalBytes,
                          Long cudaGraphEstimateBytes, Long cudaGraphActualBytes, List<String> matchedLines,
                          List<String> skippedLines, Integer nodes, Long freeBeforeWeightsBytes, Long swaKvTokens,
                          Long mambaStateBytes) {
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

    /** An empty measurement to fill in, as a log reader does line by line. */
    public static Builder builder() { return new Builder(); }

    /** A measurement being read: each setter sets one component, each getter reads what was set so far. */
    public static final class Builder {
        private Engine engine;
        private String version;
        private String modelId;
        private Double utilization;
        private Long maxModelLen;
        private Integer tensorParallel;
        private Integer pipelineParallel;
        private String kvCacheDtype;
        private Long weightsBytes;
        private Long nonKvBytes;
        private Long activationPeakBytes;
        private Long nonTorchBytes;
        private Long kvPoolBytes;
        private Long kvTokens;
        private Long gpuBlocks;
        private Long concurrencyTokens;
        private Double concurrency;
        private Long freeBytes;
        private Long totalBytes;
        private Long cudaGraphEstimateBytes;
        private Long cudaGraphActualBytes;
        private List<String> matchedLines;
        private List<String> skippedLines;
        private Integer nodes;
        private Long freeBeforeWeightsBytes;
        private Long swaKvTokens;
        private Long mambaStateBytes;

        private Builder() { }

        public Builder engine(Engine v) {
            engine = v;
            return this;
        }

        public Engine engine() { return engine; }

        public Builder version(String v) {
            version = v;
            return this;
        }

        public String version() { return version; }

        public Builder modelId(String v) {
            modelId = v;
            return this;
        }

        public String modelId() { return modelId; }

        public Builder utilization(Double v) {
            utilization = v;
            return this;
        }

        public Double utilization() { return utilization; }

        public Builder maxModelLen(Long v) {
            maxModelLen = v;
            return this;
        }

        public Long maxModelLen() { return maxModelLen; }

        public Builder tensorParallel(Integer v) {
            tensorParallel = v;
            return this;
        }

        public Integer tensorParallel() { return tensorParallel; }

        public Builder pipelineParallel(Integer v) {
            pipelineParallel = v;
            return this;
        }

        public Integer pipelineParallel() { return pipelineParallel; }

        public Builder kvCacheDtype(String v) {
            kvCacheDtype = v;
            return this;
        }

        public String kvCacheDtype() { return kvCacheDtype; }

        public Builder weightsBytes(Long v) {
            weightsBytes = v;
            return this;
        }

        public Long weightsBytes() { return weightsBytes; }

        public Builder nonKvBytes(Long v) {
            nonKvBytes = v;
            return this;
        }

        public Long nonKvBytes() { return nonKvBytes; }

        public Builder activationPeakBytes(Long v) {
            activationPeakBytes = v;
            return this;
        }

        public Long activationPeakBytes() { return activationPeakBytes; }

        public Builder nonTorchBytes(Long v) {
            nonTorchBytes = v;
            return this;
        }

        public Long nonTorchBytes() { return nonTorchBytes; }

        public Builder kvPoolBytes(Long v) {
            kvPoolBytes = v;
            return this;
        }

        public Long kvPoolBytes() { return kvPoolBytes; }

        public Builder kvTokens(Long v) {
            kvTokens = v;
            return this;
        }

        public Long kvTokens() { return kvTokens; }

        public Builder gpuBlocks(Long v) {
            gpuBlocks = v;
            return this;
        }

        public Long gpuBlocks() { return gpuBlocks; }

        public Builder concurrencyTokens(Long v) {
            concurrencyTokens = v;
            return this;
        }

        public Long concurrencyTokens() { return concurrencyTokens; }

        public Builder concurrency(Double v) {
            concurrency = v;
            return this;
        }

        public Double concurrency() { return concurrency; }

        public Builder freeBytes(Long v) {
            freeBytes = v;
            return this;
        }

        public Long freeBytes() { return freeBytes; }

        public Builder totalBytes(Long v) {
            totalBytes = v;
            return this;
        }

        public Long totalBytes() { return totalBytes; }

        public Builder cudaGraphEstimateBytes(Long v) {
            cudaGraphEstimateBytes = v;
            return this;
        }

        public Long cudaGraphEstimateBytes() { return cudaGraphEstimateBytes; }

        public Builder cudaGraphActualBytes(Long v) {
            cudaGraphActualBytes = v;
            return this;
        }

        public Long cudaGraphActualBytes() { return cudaGraphActualBytes; }

        public Builder matchedLines(List<String> v) {
            matchedLines = v;
            return this;
        }

        public List<String> matchedLines() { return matchedLines; }

        public Builder skippedLines(List<String> v) {
            skippedLines = v;
            return this;
        }

        public List<String> skippedLines() { return skippedLines; }

        public Builder nodes(Integer v) {
            nodes = v;
            return this;
        }

        public Integer nodes() { return nodes; }

        /** Free memory per GPU before the weights loaded. */
        public Builder freeBeforeWeightsBytes(Long v) {
            freeBeforeWeightsBytes = v;
            return this;
        }

        public Long freeBeforeWeightsBytes() { return freeBeforeWeightsBytes; }

        /** The SWA-layer pool of a sliding-window model, in tokens. */
        public Builder swaKvTokens(Long v) {
            swaKvTokens = v;
            return this;
        }

        public Long swaKvTokens() { return swaKvTokens; }

        /** The Mamba state pool per GPU of a hybrid model. */
        public Builder mambaStateBytes(Long v) {
            mambaStateBytes = v;
            return this;
        }

        public Long mambaStateBytes() { return mambaStateBytes; }

        public Measurement build() {
            return new Measurement(engine, version, modelId, utilization, maxModelLen, tensorParallel, pipelineParallel, kvCacheDtype,
                    weightsBytes, nonKvBytes, activationPeakBytes, nonTorchBytes, kvPoolBytes, kvTokens, gpuBlocks, concurrencyTokens,
                    concurrency, freeBytes, totalBytes, cudaGraphEstimateBytes, cudaGraphActualBytes, matchedLines, skippedLines, nodes,
                    freeBeforeWeightsBytes, swaKvTokens, mambaStateBytes);
        }
    }
}
