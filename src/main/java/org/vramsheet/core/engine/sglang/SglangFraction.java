package org.vramsheet.core.engine.sglang;

import java.util.Locale;
import org.vramsheet.core.engine.spi.Choice;
import org.vramsheet.core.engine.spi.EngineVersion;
import org.vramsheet.core.sheet.RuntimeSettings;
import org.vramsheet.core.units.Units;

/**
 * SGLang's default mem_fraction_static by release (docs/engines.md, SGLang): before 0.5 the TP table of server_args
 * {@code __post_init__} (SG01, 0.4.3.post4 at TP 4 printed 0.85; SG02, January 2025 at TP 1, 0.88); from 0.5 the capacity
 * rule of {@code _handle_gpu_memory_settings} (SG04, 0.5.4.post3 printed 0.835, the rule's value on an 80 GB H100).
 */
final class SglangFraction {
    /** The first release on the capacity rule as the sheet applies it (an intermediate rule of mid 2025 is not modelled). */
    static final EngineVersion CAPACITY_RULE = new EngineVersion(0, 5, 0);

    private SglangFraction() { }

    static Choice<Double> of(RuntimeSettings r, long totalBytes) {
        EngineVersion v = r.engineVersion().isEmpty() ? null : EngineVersion.parse(r.engineVersion());
        return v != null && v.compareTo(CAPACITY_RULE) < 0 ? tpTable(r) : capacity(r, totalBytes);
    }

    /** server_args __post_init__ before 0.5: by tensor parallelism alone. */
    static Choice<Double> tpTable(RuntimeSettings r) {
        int tp = r.tensorParallel();
        double f = tp >= 16 ? 0.79 : tp >= 8 ? 0.81 : tp >= 4 ? 0.85 : tp >= 2 ? 0.87 : 0.88;
        return new Choice<>(f, String.format(Locale.ROOT, "SGLang's default mem_fraction_static of its releases before the capacity "
                + "rule, by tensor parallelism: TP %d -> %.2f (TP 16: 0.79, 8: 0.81, 4: 0.85, 2: 0.87, else 0.88)", tp, f));
    }

    /** server_args _handle_gpu_memory_settings (0.5 on): the capacity less what activations and CUDA graphs reserve, in MiB. */
    static Choice<Double> capacity(RuntimeSettings r, long totalBytes) {
        double gpuMem = totalBytes / (double) Units.MIB;
        int tp = r.tensorParallel();
        int cps;
        int bs;
        if (gpuMem < 20 * 1024) {
            cps = 2048;
            bs = 8;
        } else if (gpuMem < 35 * 1024) {
            cps = 2048;
            bs = tp < 4 ? 24 : 80;
        } else if (gpuMem < 60 * 1024) {
            cps = 4096;
            bs = tp < 4 ? 32 : 160;
        } else if (gpuMem < 160 * 1024) {
            cps = 8192;
            bs = tp < 4 ? 256 : 512;
        } else {
            cps = 16384;
            bs = 512;
        }
        double reserved = 512 + Math.max(cps, 2048) * 1.5 + bs * 2 + tp * r.pipelineParallel() / 8.0 * 1024;
        if (gpuMem > 60 * 1024) {
            reserved = Math.max(reserved, 10 * 1024);
        }
        double mfs = Math.round((gpuMem - reserved) / gpuMem * 1000) / 1000.0;
        String why = String.format(Locale.ROOT, "SGLang mem_fraction_static = round((capacity - reserved) / capacity, 3) "
                + "= round((%.0f MiB - %.0f MiB) / %.0f MiB, 3) = %.3f (chunked_prefill_size %d, cuda_graph_max_bs %d)",
                gpuMem, reserved, gpuMem, mfs, cps, bs);
        return new Choice<>(Math.max(0.01, mfs), why);
    }
}
