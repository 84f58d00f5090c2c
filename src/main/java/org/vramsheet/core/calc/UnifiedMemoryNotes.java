package org.vramsheet.core.calc;

import java.util.ArrayList;
import java.util.List;
import org.vramsheet.core.result.Provenance;
import org.vramsheet.core.sheet.Gpu;
import org.vramsheet.core.units.Units;

/**
 * What the GPU-memory figures say about where the memory comes from: CUDA / ROCm's visible total, or on Apple silicon
 * Metal's working set of the Mac's unified RAM (macOS's default, or {@code iogpu.wired_limit_mb}), which the host shares.
 */
final class UnifiedMemoryNotes {
    private UnifiedMemoryNotes() { }

    /** The GPU memory figure's provenance: {@code stored} as typed, {@code used} with the sysctl applied. */
    static Provenance gpuMemory(Gpu stored, Gpu used) {
        if (!used.unified()) {
            return Provenance.of("GPU › CUDA-visible total per GPU", Units.bytesText(used.totalBytes()));
        }
        List<String> notes = new ArrayList<>();
        String expr;
        if (stored.wiredLimitSet()) {
            expr = "iogpu.wired_limit_mb " + Units.grouped(stored.wiredLimitMb()) + " x 2^20 = " + Units.bytesText(used.totalBytes());
            notes.add("With iogpu.wired_limit_mb set, Metal reports exactly that many MiB as recommendedMaxWorkingSetSize "
                    + "(measured: 12000 / 14000 MiB on an M3 16 GB, llmfit PR #754; 114688 MiB -> 112.00 GiB on an M5 Max "
                    + "128 GB, antirez/ds4 PR #893); the macOS default would be " + Units.bytesText(stored.totalBytes()));
        } else {
            expr = "Metal recommendedMaxWorkingSetSize = " + Units.bytesText(used.totalBytes());
            notes.add("The macOS default working set (iogpu.wired_limit_mb 0), as llama.cpp prints it at start-up "
                    + "(ggml_metal_device_init: recommendedMaxWorkingSetSize); the GPU catalog entry says on which macOS "
                    + "it was measured");
        }
        notes.add(unifiedNote(used));
        return new Provenance("Apple silicon: the Metal working set of the unified memory of the Mac", expr, notes);
    }

    /** Unified memory: the host's buffers are not a separate pool (said wherever host memory is counted). */
    static String unifiedNote(Gpu g) {
        return "Unified memory: the GPU and the host share the " + Units.gibText(g.unifiedRamBytes()) + " of RAM of the Mac; "
                + "weights + KV + compute on the GPU must stay below the working set, and host RAM is the same memory, "
                + "not counted as a second pool";
    }

    /** The host buffers on unified memory: what is left of the RAM once the GPU's buffers and the host's are in it. */
    static String hostShare(Gpu g, long gpuBytes, long hostBytes) {
        long all = Math.addExact(gpuBytes, hostBytes);
        long left = g.unifiedRamBytes() - all;
        return "Unified memory: the GPU buffers (" + Units.gibText(gpuBytes) + ") and the host buffers ("
                + Units.gibText(hostBytes) + ") are the same RAM, " + Units.gibText(all) + " of the "
                + Units.gibText(g.unifiedRamBytes()) + " of the Mac" + (left >= 0 ? " (" + Units.gibText(left)
                + " left for macOS and the rest)"
                : " (short by " + Units.gibText(-left) + ")");
    }
}
