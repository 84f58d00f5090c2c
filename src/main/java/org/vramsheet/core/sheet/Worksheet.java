package org.vramsheet.core.sheet;

/**
 * The whole SS-007 worksheet: every input, immutable. Missing sections take their defaults. The sections are the shown
 * variant's inputs; {@link Variants} keeps the other variants (none for a sheet without variants).
 */
public record Worksheet(ModelInfo model, Weights weights, KvArchitecture kv, Workloads workloads, RuntimeSettings runtime,
                        Gpu gpu, Validation validation, ResultSettings result, SignOff signOff, Variants variants) {
    public Worksheet {
        model = model == null ? ModelInfo.empty() : model;
        weights = weights == null ? Weights.empty() : weights;
        kv = kv == null ? KvArchitecture.empty() : kv;
        workloads = workloads == null ? new Workloads(null, null, null) : workloads;
        runtime = runtime == null ? RuntimeSettings.defaults() : runtime;
        gpu = gpu == null ? new Gpu("", 1, null) : gpu;
        validation = validation == null ? Validation.empty() : validation;
        result = result == null ? ResultSettings.defaults() : result;
        signOff = signOff == null ? SignOff.draft() : signOff;
        variants = variants == null ? Variants.none() : variants;
    }

    public Worksheet withRuntime(RuntimeSettings r) {
        return new Worksheet(model, weights, kv, workloads, r, gpu, validation, result, signOff, variants);
    }

    public Worksheet withKv(KvArchitecture k) {
        return new Worksheet(model, weights, k, workloads, runtime, gpu, validation, result, signOff, variants);
    }

    public Worksheet withWeights(Weights w) {
        return new Worksheet(model, w, kv, workloads, runtime, gpu, validation, result, signOff, variants);
    }

    public Worksheet withWorkloads(Workloads w) {
        return new Worksheet(model, weights, kv, w, runtime, gpu, validation, result, signOff, variants);
    }

    public Worksheet withGpu(Gpu g) {
        return new Worksheet(model, weights, kv, workloads, runtime, g, validation, result, signOff, variants);
    }

    public Worksheet withValidation(Validation v) {
        return new Worksheet(model, weights, kv, workloads, runtime, gpu, v, result, signOff, variants);
    }

    public Worksheet withResult(ResultSettings r) {
        return new Worksheet(model, weights, kv, workloads, runtime, gpu, validation, r, signOff, variants);
    }

    public Worksheet withModel(ModelInfo m) {
        return new Worksheet(m, weights, kv, workloads, runtime, gpu, validation, result, signOff, variants);
    }

    public Worksheet withSignOff(SignOff s) {
        return new Worksheet(model, weights, kv, workloads, runtime, gpu, validation, result, s, variants);
    }

    public Worksheet withVariants(Variants v) {
        return new Worksheet(model, weights, kv, workloads, runtime, gpu, validation, result, signOff, v);
    }
}
