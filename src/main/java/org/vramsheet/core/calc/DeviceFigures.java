package org.vramsheet.core.calc;

import java.util.ArrayList;
import java.util.List;
import org.vramsheet.core.engine.spi.DeviceLayout;
import org.vramsheet.core.engine.spi.DeviceMemory;
import org.vramsheet.core.result.Figure;
import org.vramsheet.core.result.FigureKey;
import org.vramsheet.core.result.Provenance;
import org.vramsheet.core.result.Unit;
import org.vramsheet.core.units.Units;

/**
 * One device's figures ({@code devices.gpu0.kvBytes}, {@code devices.host.totalBytes}): its layers, each buffer with the
 * engine's rule and numbers, its total, and for a GPU what is left after RESULT's headroom.
 */
public final class DeviceFigures {
    /** The figures of a device, in the order RUNTIME and the reports show them (besides "layers"). */
    public static final List<String> PARTS = List.of("weightsBytes", "outputLayerBytes", "kvBytes", "stateBytes",
            "computeBytes", "outputBufferBytes", "totalBytes", "freeBytes");

    private DeviceFigures() { }

    /** "gpu0", "gpu1", ..., "host": the device's part of its figures' keys. */
    public static String key(DeviceMemory d) { return d.gpu() ? d.name().replace("GPU ", "gpu") : "host"; }

    /** The figure key of a buffer kind. */
    public static String figure(DeviceMemory.Kind k) {
        return switch (k) {
            case WEIGHTS -> "weightsBytes";
            case OUTPUT_LAYER -> "outputLayerBytes";
            case KV -> "kvBytes";
            case STATE -> "stateBytes";
            case COMPUTE -> "computeBytes";
            case OUTPUT_BUFFER -> "outputBufferBytes";
        };
    }

    static void put(Calc c, DeviceMemory d, Long capacity, long headroom, List<String> notes) {
        String key = key(d);
        c.put(Figure.of(FigureKey.device(key, "layers"), d.name() + ": layers", Unit.COUNT, d.layers(),
                Provenance.of("repeating layers on this device", Integer.toString(d.layers()))));
        for (DeviceMemory.Part p : d.parts()) {
            List<String> why = new ArrayList<>(p.notes());
            if (p.kind() == DeviceMemory.Kind.KV || p.kind() == DeviceMemory.Kind.COMPUTE) {
                why.addAll(notes);
            }
            c.put(Figure.of(FigureKey.device(key, figure(p.kind())), d.name() + ": " + p.kind().label(), Unit.BYTES, p.bytes(),
                    new Provenance(p.formula(), p.expression(), why)));
        }
        long total = d.totalBytes();
        c.put(Figure.of(FigureKey.device(key, "totalBytes"), d.name() + ": total", Unit.BYTES, total,
                Provenance.of("weights + output layer + KV cache + recurrent state + compute buffer"
                        + (d.gpu() ? "" : " + output buffer"), sum(d))));
        if (capacity != null) {
            long free = capacity - Math.addExact(total, headroom);
            c.put(Figure.of(FigureKey.device(key, "freeBytes"), d.name() + ": left", Unit.BYTES, free,
                    Provenance.of("GPU memory - total - headroom / GPUs", Units.grouped(capacity) + " - " + Units.grouped(total)
                            + " - " + Units.grouped(headroom) + " = " + Units.bytesText(free), free >= 0 ? "Fits"
                            : "Does not fit: short by " + Units.gibText(-free))));
        }
    }

    /**
     * The replica's whole cache, for an engine that places it per device: every device's KV and recurrent state, the
     * host's included (a partly offloaded cache holds all its cells, wherever they are).
     */
    static Figure cache(DeviceLayout layout, String label) {
        long total = 0;
        StringBuilder b = new StringBuilder();
        for (DeviceMemory d : layout.devices()) {
            long cache = Math.addExact(d.bytes(DeviceMemory.Kind.KV), d.bytes(DeviceMemory.Kind.STATE));
            total = Math.addExact(total, cache);
            b.append(b.length() == 0 ? "" : " + ").append(Units.grouped(cache));
        }
        return Figure.of(FigureKey.POOL_KV_POOL_BYTES_REPLICA, label, Unit.BYTES, total, Provenance.of(
                "every device's KV cache and recurrent state (the host's included)", b + " = " + Units.bytesText(total),
                "The cache is placed per device: its cells are all there, on whichever device holds each layer"));
    }

    private static String sum(DeviceMemory d) {
        StringBuilder b = new StringBuilder();
        for (DeviceMemory.Part p : d.parts()) {
            b.append(b.length() == 0 ? "" : " + ").append(Units.grouped(p.bytes()));
        }
        return b + " = " + Units.bytesText(d.totalBytes());
    }
}
