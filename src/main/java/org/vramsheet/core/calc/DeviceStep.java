package org.vramsheet.core.calc;

import java.util.ArrayList;
import java.util.List;
import org.vramsheet.core.engine.Engines;
import org.vramsheet.core.engine.spi.DeviceInput;
import org.vramsheet.core.engine.spi.DeviceLayout;
import org.vramsheet.core.engine.spi.DeviceMemory;
import org.vramsheet.core.engine.spi.EngineModule;
import org.vramsheet.core.input.WorksheetValidator;
import org.vramsheet.core.kv.KvGeometry;
import org.vramsheet.core.result.Figure;
import org.vramsheet.core.result.FigureKey;
import org.vramsheet.core.result.Provenance;
import org.vramsheet.core.result.Unit;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.core.units.Units;

/**
 * RUNTIME per device, for an engine that places memory per device ({@link EngineModule#devices}: llama.cpp): every GPU's
 * and the host's buffers, what each GPU has left after RESULT's headroom (shared equally by the GPUs), and whether the
 * fullest GPU holds it, which decides whether the sheet fits. Nothing for the other engines.
 */
final class DeviceStep {
    static final String[] INPUTS = {"gpu.*", "runtime.*", "kv.*", "model.*", "weights.*", "result.headroomBytes"};

    private DeviceStep() { }

    /** The layout, or null (another engine, or an input it needs is invalid: its figures say why). */
    static DeviceLayout run(Calc c) {
        EngineModule module = Engines.of(c.ws.runtime().engine());
        DeviceInput in = input(c, c.ws);
        if (in == null) {
            return null;
        }
        DeviceLayout layout = module.devices(in);
        if (layout == null) {
            return null;
        }
        long headroom = KvGeometry.ceilDiv(c.ws.result().headroomBytes(), Math.max(1, layout.gpus().size()));
        for (DeviceMemory d : layout.devices()) {
            DeviceFigures.put(c, d, d.gpu() ? c.ws.gpu().totalBytes() : null, headroom, layout.notes());
        }
        verdict(c, layout, headroom);
        maxGpuLayers(c, module, layout);
        return layout;
    }

    /** What the engine needs, or null with the figures unavailable when an input it reads is invalid. */
    private static DeviceInput input(Calc c, Worksheet ws) {
        String why = Engines.of(ws.runtime().engine()).placesPerDevice() ? c.issues.blocking(INPUTS)
                : ws.runtime().engine().label() + " holds the same on every GPU (see the pool and the budget)";
        if (why == null && c.geometry == null) {
            why = c.geometryBlocked;
        }
        if (why == null) {
            why = c.missing(FigureKey.WEIGHTS_BYTES);
        }
        Long maxLen = WorksheetValidator.effectiveMaxModelLen(ws);
        if (why == null && maxLen == null) {
            why = "needs RUNTIME › Max model length";
        }
        if (why != null) {
            for (FigureKey k : List.of(FigureKey.DEVICES_FITS, FigureKey.DEVICES_WORST_FREE_BYTES, FigureKey.DEVICES_HOST_BYTES,
                    FigureKey.DEVICES_MAX_GPU_LAYERS)) {
                c.put(Figure.unavailable(k, label(k), unit(k), why));
            }
            return null;
        }
        return new DeviceInput(ws, c.geometry, c.get(FigureKey.WEIGHTS_BYTES).value(), maxLen);
    }

    /** The fullest GPU: its memory left, and whether it holds everything (the sheet's verdict). */
    private static void verdict(Calc c, DeviceLayout layout, long headroom) {
        long total = c.ws.gpu().totalBytes();
        DeviceMemory worst = null;
        long worstFree = Long.MAX_VALUE;
        for (DeviceMemory d : layout.gpus()) {
            long free = total - Math.addExact(d.totalBytes(), headroom);
            if (free < worstFree) {
                worst = d;
                worstFree = free;
            }
        }
        DeviceMemory host = layout.host();
        long hostBytes = host == null ? 0 : host.totalBytes();
        c.put(Figure.of(FigureKey.DEVICES_HOST_BYTES, label(FigureKey.DEVICES_HOST_BYTES), Unit.BYTES, hostBytes,
                new Provenance("host weights + host KV and state + host compute + output buffer", Units.bytesText(hostBytes),
                        c.ws.gpu().unified() ? List.of("System memory (RAM) for what is not offloaded; a memory-mapped model "
                                + "file is counted whole", UnifiedMemoryNotes.unifiedNote(c.ws.gpu()))
                                : List.of("System memory (RAM) for what is not offloaded; a memory-mapped model file is "
                                + "counted whole"))));
        if (worst == null) {
            c.put(Figure.unavailable(FigureKey.DEVICES_WORST_FREE_BYTES, label(FigureKey.DEVICES_WORST_FREE_BYTES), Unit.BYTES,
                    "no GPU"));
            c.put(Figure.unavailable(FigureKey.DEVICES_FITS, label(FigureKey.DEVICES_FITS), Unit.FLAG, "no GPU"));
            return;
        }
        String expr = Units.grouped(worst.totalBytes()) + " + " + Units.grouped(headroom) + " B <= " + Units.grouped(total)
                + " B";
        c.put(Figure.of(FigureKey.DEVICES_WORST_FREE_BYTES, label(FigureKey.DEVICES_WORST_FREE_BYTES), Unit.BYTES, worstFree,
                Provenance.of("min over GPUs (GPU memory - its buffers - headroom / GPUs)", expr)));
        List<String> why = new ArrayList<>();
        why.add(worstFree >= 0 ? worst.name() + " is the fullest GPU, with " + Units.gibText(worstFree) + " left"
                : worst.name() + " is short by " + Units.gibText(-worstFree));
        why.add("The CUDA context and driver memory outside llama.cpp's buffers are not counted: leave room for them in "
                + "RESULT › Operational headroom");
        if (c.ws.gpu().unified()) {
            long gpuBytes = layout.gpus().stream().mapToLong(DeviceMemory::totalBytes).sum();
            why.add(UnifiedMemoryNotes.hostShare(c.ws.gpu(), gpuBytes, hostBytes));
        }
        c.put(Figure.flag(FigureKey.DEVICES_FITS, label(FigureKey.DEVICES_FITS), worstFree >= 0,
                new Provenance("every GPU's buffers + headroom / GPUs <= its memory", expr, why)));
    }

    /** The largest -ngl (0 to n_layer + 1) whose fullest GPU fits, by bisection (more layers never need less). */
    private static void maxGpuLayers(Calc c, EngineModule module, DeviceLayout layout) {
        int nLayer = layout.devices().stream().mapToInt(DeviceMemory::layers).sum();
        long total = c.ws.gpu().totalBytes();
        long headroom = KvGeometry.ceilDiv(c.ws.result().headroomBytes(), Math.max(1, layout.gpus().size()));
        int lo = -1;
        int hi = nLayer + 1;
        while (lo < hi) {
            int mid = (lo + hi + 1) / 2;
            if (fits(c, module, mid, total, headroom)) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        if (lo < 0) {
            c.put(Figure.unavailable(FigureKey.DEVICES_MAX_GPU_LAYERS, label(FigureKey.DEVICES_MAX_GPU_LAYERS), Unit.COUNT,
                    "not even -ngl 0 fits: the GPU's compute buffer alone is larger than its memory"));
            return;
        }
        c.put(Figure.of(FigureKey.DEVICES_MAX_GPU_LAYERS, label(FigureKey.DEVICES_MAX_GPU_LAYERS), Unit.COUNT, lo,
                Provenance.of("the largest -ngl whose fullest GPU fits (n_layer + 1 = every layer and the output layer)",
                        lo + " / " + (nLayer + 1), lo > nLayer ? "Every layer fits on the GPUs"
                                : "With -ngl " + lo + " the other layers stay on the host")));
    }

    private static boolean fits(Calc c, EngineModule module, int ngl, long total, long headroom) {
        Worksheet ws = c.ws.withRuntime(c.ws.runtime().toBuilder().llamaCpp(c.ws.runtime().llamaCpp().withGpuLayers(ngl))
                .build());
        DeviceLayout l = module.devices(new DeviceInput(ws, c.geometry, c.get(FigureKey.WEIGHTS_BYTES).value(),
                WorksheetValidator.effectiveMaxModelLen(ws)));
        for (DeviceMemory d : l.gpus()) {
            if (Math.addExact(d.totalBytes(), headroom) > total) {
                return false;
            }
        }
        return true;
    }

    static String label(FigureKey k) {
        if (k.equals(FigureKey.DEVICES_FITS)) {
            return "Every GPU holds its layers";
        }
        if (k.equals(FigureKey.DEVICES_WORST_FREE_BYTES)) {
            return "Left on the fullest GPU";
        }
        if (k.equals(FigureKey.DEVICES_HOST_BYTES)) {
            return "Host memory (RAM)";
        }
        return "GPU layers that fit (-ngl)";
    }

    static Unit unit(FigureKey k) {
        if (k.equals(FigureKey.DEVICES_FITS)) {
            return Unit.FLAG;
        }
        return k.equals(FigureKey.DEVICES_MAX_GPU_LAYERS) ? Unit.COUNT : Unit.BYTES;
    }
}
