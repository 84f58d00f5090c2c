package org.vramsheet.core.engine.sglang;

import java.util.Locale;
import org.vramsheet.core.engine.spi.Choice;
import org.vramsheet.core.engine.spi.EngineVersion;
import org.vramsheet.core.sheet.RuntimeSettings;
import org.vramsheet.core.units.Units;

/**
 * SGLang's default mem_fraction_static by release ({@code python/sglang/srt/server_args.py}; docs/engines.md, SGLang), three
 * rules in turn:
 * <ul>
 * <li>before 0.4.8: the TP table of {@code __post_init__} (SG01, 0.4.3.post4 at TP 4 printed 0.85; SG02, January 2025 at
 *     TP 1, 0.88);</li>
 * <li>0.4.8 to 0.5.2: reserved memory by GPU size and TP x PP, {@code round((capacity - reserved) / capacity, 3)}
 *     (v0.5.2rc2 printed 0.831 on eight H100s: (81,559 - 13,824) / 81,559);</li>
 * <li>0.5.3 on (PR #10975, 2025-09-27): {@code _handle_gpu_memory_settings}, reserved = 512 + chunked_prefill x 1.5 +
 *     cuda_graph_max_bs x 2 + TP x PP / 8 x 1024 MiB (SG04, 0.5.4.post3, printed 0.835 on an H100), plus 8 MiB per prefill
 *     (piecewise) CUDA graph size since those graphs are on by default (PR #16331; 0.5.10rc0 logs show
 *     {@code disable_piecewise_cuda_graph}); SG12 (H100, 58 sizes) printed 0.83, SG13 (Blackwell, 74 sizes) sized as 0.854.</li>
 * </ul>
 * The release boundaries 0.4.8 and 0.5.10 are the sheet's: the table is seen edited in May 2025 (#6718) and the reserved rule
 * in a lmsysorg/sglang:latest of 2025-07-14; the prefill graphs went on by default between 2026-02-11 and 2026-03-04.
 */
final class SglangFraction {
    /** The first release on the reserved-memory table as the sheet applies it. */
    static final EngineVersion RESERVED_TABLE = new EngineVersion(0, 4, 8);
    /** The first release on the capacity rule (PR #10975 was merged on 2025-09-27, after 0.5.2). */
    static final EngineVersion CAPACITY_RULE = new EngineVersion(0, 5, 3);
    /** The first release that captures prefill (piecewise) CUDA graphs by default, as the sheet applies it. */
    static final EngineVersion PIECEWISE_DEFAULT = new EngineVersion(0, 5, 10);
    /** MiB reserved per prefill CUDA graph size (their non-torch memory; the torch part is reused). */
    static final int PIECEWISE_MIB_PER_SIZE = 8;

    /**
     * MiB between nvidia-smi's total, the capacity SGLang reads ({@code get_nvgpu_memory_capacity}), and the CUDA-visible total
     * the sheet holds: the catalog's figure for the driver's reserve (measured 468 on an H100 SXM, 606 on an H200).
     */
    static final int DRIVER_RESERVED_MIB = 512;

    /** How the capacity is read, for the provenance: nvidia-smi's total, the sheet's CUDA-visible one plus the reserve. */
    private static final String CAPACITY_NOTE = "capacity: nvidia-smi's total, the CUDA-visible one + %d MiB";

    private SglangFraction() { }

    /** The capacity SGLang's rules start from, in MiB: the sheet's CUDA-visible total plus the driver's reserve. */
    static double capacityMib(long totalBytes) { return totalBytes / (double) Units.MIB + DRIVER_RESERVED_MIB; }

    static Choice<Double> of(RuntimeSettings r, long totalBytes) {
        EngineVersion v = r.engineVersion().isEmpty() ? null : EngineVersion.parse(r.engineVersion());
        if (v != null && v.compareTo(RESERVED_TABLE) < 0) {
            return tpTable(r);
        }
        if (v != null && v.compareTo(CAPACITY_RULE) < 0) {
            return reservedTable(r, totalBytes);
        }
        return capacity(r, totalBytes, v == null || v.compareTo(PIECEWISE_DEFAULT) >= 0);
    }

    /** server_args __post_init__ before 0.4.8: by tensor parallelism alone (its H200 / B200 cases of 2025 are not modelled). */
    static Choice<Double> tpTable(RuntimeSettings r) {
        int tp = r.tensorParallel();
        double f = tp >= 16 ? 0.79 : tp >= 8 ? 0.81 : tp >= 4 ? 0.85 : tp >= 2 ? 0.87 : 0.88;
        return new Choice<>(f, String.format(Locale.ROOT, "SGLang's default mem_fraction_static of its releases before the capacity "
                + "rule, by tensor parallelism: TP %d -> %.2f (TP 16: 0.79, 8: 0.81, 4: 0.85, 2: 0.87, else 0.88)", tp, f));
    }

    /** server_args of 0.4.8 to 0.5.2: reserved GiB by GPU memory, (2.8 + p / 10), (9.5 + p / 2), (12 + p / 2) or 32. */
    static Choice<Double> reservedTable(RuntimeSettings r, long totalBytes) {
        double gpuMem = capacityMib(totalBytes);
        int p = r.tensorParallel() * r.pipelineParallel();
        double gib = gpuMem < 35 * 1024 ? 2.8 + p / 10.0 : gpuMem < 90 * 1024 ? 9.5 + p / 2.0 : gpuMem < 160 * 1024 ? 12 + p / 2.0 : 32;
        double reserved = gib * 1024 + SglangSpeculative.reservedMib(r);
        double mfs = Math.round((gpuMem - reserved) / gpuMem * 1000) / 1000.0;
        String why = String.format(Locale.ROOT, "SGLang 0.4.8-0.5.2 mem_fraction_static = round((capacity - reserved) / capacity, 3) "
                + "= round((%.0f MiB - %.0f MiB) / %.0f MiB, 3) = %.3f (reserved %.1f GiB for this GPU size and TP x PP %d; "
                + CAPACITY_NOTE + ")", gpuMem, reserved, gpuMem, mfs, gib, p, DRIVER_RESERVED_MIB);
        return new Choice<>(Math.max(0.01, mfs), why);
    }

    /** server_args _handle_gpu_memory_settings (0.5.3 on): the capacity less what activations and CUDA graphs reserve, in MiB. */
    static Choice<Double> capacity(RuntimeSettings r, long totalBytes, boolean piecewise) {
        double gpuMem = capacityMib(totalBytes);
        int tp = r.tensorParallel();
        int cps = gpuMem < 35 * 1024 ? 2048 : gpuMem < 60 * 1024 ? 4096 : gpuMem < 160 * 1024 ? 8192 : 16384;
        int bs = gpuMem < 20 * 1024 ? 8 : gpuMem < 35 * 1024 ? (tp < 4 ? 24 : 80) : gpuMem < 60 * 1024 ? (tp < 4 ? 32 : 160)
                : gpuMem < 160 * 1024 ? (tp < 4 ? 256 : 512) : 512;
        double reserved = 512 + Math.max(cps, 2048) * 1.5 + bs * 2 + tp * r.pipelineParallel() / 8.0 * 1024;
        int sizes = piecewise ? prefillGraphSizes(cps) : 0;
        reserved += sizes * PIECEWISE_MIB_PER_SIZE;
        if (gpuMem > 60 * 1024) {
            reserved = Math.max(reserved, 10 * 1024);
        }
        reserved += SglangSpeculative.reservedMib(r); // after the 10 GiB floor, as server_args.py adds it (its rule's source says)
        double mfs = Math.round((gpuMem - reserved) / gpuMem * 1000) / 1000.0;
        String why = String.format(Locale.ROOT, "SGLang mem_fraction_static = round((capacity - reserved) / capacity, 3) "
                + "= round((%.0f MiB - %.0f MiB) / %.0f MiB, 3) = %.3f (chunked_prefill_size %d, cuda_graph_max_bs %d; " + CAPACITY_NOTE
                + ")", gpuMem, reserved, gpuMem, mfs, cps, bs, DRIVER_RESERVED_MIB);
        if (piecewise) {
            why += String.format(Locale.ROOT, "; %d prefill CUDA graph sizes x %d MiB reserved (on by default from 0.5.10)",
                    sizes, PIECEWISE_MIB_PER_SIZE);
        }
        return new Choice<>(Math.max(0.01, mfs), why);
    }

    /**
     * How many token sizes SGLang captures prefill (piecewise) CUDA graphs for up to {@code maxTokens}
     * ({@code _generate_piecewise_cuda_graph_tokens}): 4-32 by 4, 48-256 by 16, 288-512 by 32, 576-1024 by 64, 1280-4096 by 256,
     * then by 512 (8,192: 58 sizes, 16,384: 74, as SG12 and SG13 print). MLA models stop at 2,048 (not told apart here).
     */
    static int prefillGraphSizes(int maxTokens) {
        int[][] steps = {{4, 32, 4}, {48, 256, 16}, {288, 512, 32}, {576, 1024, 64}, {1280, 4096, 256}, {4608, Integer.MAX_VALUE, 512}};
        int n = 0;
        for (int[] s : steps) {
            for (long t = s[0]; t <= s[1] && t <= maxTokens; t += s[2]) {
                n++;
            }
        }
        return n;
    }
}
