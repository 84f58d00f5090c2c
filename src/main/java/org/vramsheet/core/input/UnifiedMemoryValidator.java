package org.vramsheet.core.input;

import org.vramsheet.core.engine.Engines;
import org.vramsheet.core.engine.spi.EngineModule;
import org.vramsheet.core.sheet.Gpu;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.core.units.Units;

/**
 * GPU › Unified memory (schema version 10): the Mac's RAM and macOS's {@code iogpu.wired_limit_mb}. The working set cannot
 * exceed the RAM, the sysctl applies to unified memory only, one Mac is one GPU, and only an engine that runs on Apple
 * silicon's Metal GPU is sized on one.
 */
final class UnifiedMemoryValidator {
    private static final String RAM = "gpu.unifiedRamBytes";
    private static final String WIRED = "gpu.wiredLimitMb";

    private UnifiedMemoryValidator() { }

    static void validate(Worksheet ws, Issues out) {
        Gpu g = ws.gpu();
        boolean ramOk = out.inDeclaredRange(RAM, g.unifiedRamBytes());
        boolean wiredOk = out.inDeclaredRange(WIRED, g.wiredLimitMb());
        if (!g.unified()) {
            if (wiredOk && g.wiredLimitMb() != null && g.wiredLimitMb() > 0) {
                out.add(WIRED, "inconsistent: iogpu.wired_limit_mb is the macOS limit on the unified memory of Apple silicon; "
                        + "this GPU has memory of its own (GPU › Unified memory is empty)");
            }
            return;
        }
        if (!ramOk) {
            return;
        }
        long ram = g.unifiedRamBytes();
        if (wiredOk && g.wiredLimitSet() && Math.multiplyExact(g.wiredLimitMb(), Gpu.MIB) > ram) {
            out.add(WIRED, "inconsistent: " + Units.grouped(g.wiredLimitMb()) + " MiB is more than the RAM of the Mac ("
                    + Units.grouped(ram / Gpu.MIB) + " MiB)");
        }
        if (!g.wiredLimitSet() && g.totalBytes() != null && g.totalBytes() > ram) {
            out.add("gpu.totalBytes", "inconsistent: the Metal working set (" + Units.gibText(g.totalBytes())
                    + ") cannot exceed the RAM of the Mac (" + Units.gibText(ram) + ")");
        }
        if (g.count() != null && g.count() > 1) {
            out.add("gpu.count", "inconsistent: the GPU of a Mac is one device sharing its RAM; size one Mac per replica");
        }
        EngineModule m = Engines.of(ws.runtime().engine());
        if (!m.runsOnAppleSilicon()) {
            out.add("runtime.engine", "inconsistent: " + m.engine().label() + " does not run on the Metal GPU of Apple silicon "
                    + "(unified memory); llama.cpp and Ollama do");
        }
    }
}
