package org.vramsheet.core.calc;

import java.util.ArrayList;
import java.util.List;
import org.vramsheet.core.result.Figure;
import org.vramsheet.core.result.FigureKey;
import org.vramsheet.core.result.Provenance;
import org.vramsheet.core.result.Unit;
import org.vramsheet.core.sheet.MeasuredDevice;
import org.vramsheet.core.sheet.MeasuredSetup;
import org.vramsheet.core.sheet.Validation;
import org.vramsheet.core.units.Units;

/**
 * VALIDATION per device (llama.cpp, Ollama's runner): each buffer an applied log printed per device
 * ({@code validation.devices.gpu0.kvBytes}) and the sheet's figure of that device against it
 * ({@code validation.devices.gpu0.kvBytesError}, (sheet - measured) / measured), and the layers offloaded. The sheet's
 * buffers map to the log's as core/validation DeviceComparison maps them (a model buffer is the weights and the output
 * layer there; llama-fit-params' context the KV cache and the recurrent state). A measurement of another setup or launch is
 * shown and not compared ({@link StaleMeasurements}).
 */
final class DeviceValidationStep {
    private DeviceValidationStep() { }

    /** The sheet's device figures a measured buffer is compared with. */
    static List<String> parts(String buffer) {
        return switch (buffer) {
            case "modelBytes" -> List.of("weightsBytes", "outputLayerBytes");
            case "kvBytes" -> List.of("kvBytes");
            case "stateBytes" -> List.of("stateBytes");
            case "contextBytes" -> List.of("kvBytes", "stateBytes");
            case "computeBytes" -> List.of("computeBytes");
            default -> List.of("outputBufferBytes");
        };
    }

    /** The buffer's name as VALIDATION shows it. */
    static String name(String buffer) {
        return switch (buffer) {
            case "modelBytes" -> "model buffer";
            case "kvBytes" -> "KV buffer";
            case "stateBytes" -> "recurrent-state buffer";
            case "contextBytes" -> "context (KV cache and recurrent state)";
            case "computeBytes" -> "compute buffer";
            default -> "output buffer";
        };
    }

    static void run(Calc c) {
        Validation v = c.stored.validation();
        if (v.devices().isEmpty() && v.offloadedLayers() == null) {
            return;
        }
        List<String> stale = c.stale.devices();
        c.put(Figure.flag(FigureKey.VALIDATION_STALE_DEVICES, "Measured per device is of another setup", !stale.isEmpty(),
                stale.isEmpty() ? Provenance.of("recorded setup and launch = the sheet's", "no change",
                        "VALIDATION › Measured per device: compared with RUNTIME's memory per device")
                        : new Provenance("recorded setup and launch ≠ the sheet's", String.join("; ", stale), List.of(
                        "VALIDATION › Measured per device: shown, not compared"))));
        String on = on(v.setup());
        if (c.issues.blocking(new String[] {"validation.devices", "validation.offloadedLayers"}) != null) {
            return; // a device the sheet cannot have, listed twice, or a buffer out of range: the validator names it
        }
        for (MeasuredDevice d : v.devices()) {
            String label = label(d);
            for (String buffer : MeasuredDevice.BUFFERS) {
                Long measured = d.buffer(buffer);
                if (measured != null) {
                    buffer(c, d, label, buffer, measured, stale);
                }
            }
        }
        if (v.offloadedLayers() != null) {
            layers(c, v.offloadedLayers(), on, stale);
        }
    }

    /** The devices of the sheet's memory per device: gpu0, gpu1, ..., then host. */
    private static List<String> devices(Calc c) {
        List<String> out = new ArrayList<>();
        for (int i = 0; c.get(FigureKey.device("gpu" + i, "layers")) != null; i++) {
            out.add("gpu" + i);
        }
        if (c.get(FigureKey.device("host", "layers")) != null) {
            out.add("host");
        }
        return out;
    }

    /** "Launch as measured: '-c 8192; -np 1; ...'" (the launch is llama.cpp's flags, shown as they are). */
    private static String launch(Calc c) {
        MeasuredSetup s = c.stored.validation().setup();
        return s == null || s.launch() == null ? "Launch not recorded (a file before version 8)" : "Launch as measured: '"
                + s.launch() + "'";
    }

    private static String label(MeasuredDevice d) {
        String dev = d.device() == null ? "?" : d.device();
        String title = dev.equals("host") ? "host" : dev.startsWith("gpu") ? "GPU " + dev.substring(3) : dev;
        return title + (d.name() == null || d.name().isBlank() ? "" : " '" + d.name() + "'");
    }

    private static String on(MeasuredSetup s) {
        if (s == null) {
            return "setup not recorded";
        }
        String t = s.shortText().isBlank() ? "the recorded setup" : s.shortText();
        return t;
    }

    private static void buffer(Calc c, MeasuredDevice d, String label, String buffer, long measured, List<String> stale) {
        String on = on(c.stored.validation().setup());
        String dev = d.device() == null ? "?" : d.device();
        FigureKey mk = FigureKey.measuredDevice(dev, buffer);
        c.put(Figure.of(mk, label + ": " + name(buffer) + ", measured", Unit.BYTES, measured, Provenance.of(
                "the engine log's " + name(buffer) + " on this device", Units.bytesText(measured), "Measured on " + on,
                launch(c))));
        FigureKey ek = FigureKey.measuredDevice(dev, buffer + "Error");
        String el = label + ": " + name(buffer) + ", sheet against measured";
        if (!stale.isEmpty()) {
            c.put(Figure.unavailable(ek, el, Unit.RATIO, StaleMeasurements.sentence(stale) + " (not compared)"));
            return;
        }
        Figure layers = c.get(FigureKey.device(dev, "layers"));
        if (layers == null || !layers.available()) {
            c.put(Figure.unavailable(ek, el, Unit.RATIO, "the sheet has no " + (dev.equals("host") ? "host" : "GPU "
                    + dev.substring(Math.min(3, dev.length()))) + " in its memory per device (not compared)"));
            return;
        }
        long predicted = 0;
        StringBuilder parts = new StringBuilder();
        for (String p : parts(buffer)) {
            Figure f = c.get(FigureKey.device(dev, p));
            if (f != null && !f.available()) {
                c.put(Figure.unavailable(ek, el, Unit.RATIO, f.label() + " is unavailable: " + f.reason()));
                return;
            }
            long b = f == null ? 0 : f.value();
            predicted = Math.addExact(predicted, b);
            parts.append(parts.length() == 0 ? "" : " + ").append(Units.grouped(b));
        }
        c.put(error(ek, el, predicted, measured, parts + " = " + Units.grouped(predicted)));
    }

    private static Figure error(FigureKey key, String label, long predicted, long measured, String sheet) {
        if (measured == 0) {
            return Figure.unavailable(key, label, Unit.RATIO, "measured 0 B: no ratio (the sheet has " + Units.bytesText(predicted)
                    + ")");
        }
        double e = (predicted - measured) / (double) measured;
        return Figure.ratio(key, label, e, Provenance.of("(the sheet's figure of this device - measured) / measured",
                "(" + Units.grouped(predicted) + " - " + Units.grouped(measured) + ") / " + Units.grouped(measured),
                "The sheet: " + sheet + " B (RUNTIME › memory per device, at the setup of the sheet)",
                "A log prints MiB with two decimals: up to 0.005 MiB of the difference is its rounding"));
    }

    /** The layers the log offloaded against the sheet's: its GPUs' layers, and the output layer when a GPU holds it. */
    private static void layers(Calc c, int measured, String on, List<String> stale) {
        c.put(Figure.of(FigureKey.VALIDATION_OFFLOADED_LAYERS, "Layers offloaded to the GPUs, measured", Unit.COUNT, measured,
                Provenance.of("offloaded N/M layers to GPU (the log)", Integer.toString(measured), "Measured on " + on,
                        launch(c))));
        String label = "Layers offloaded to the GPUs: the sheet's";
        if (!stale.isEmpty()) {
            c.put(Figure.unavailable(FigureKey.VALIDATION_OFFLOADED_LAYERS_SHEET, label, Unit.COUNT,
                    StaleMeasurements.sentence(stale) + " (not compared)"));
            return;
        }
        long layers = 0;
        long total = 0;
        int gpus = 0;
        for (String dev : devices(c)) {
            Figure f = c.get(FigureKey.device(dev, "layers"));
            long n = f.available() ? f.value() : 0;
            total += n;
            if (dev.startsWith("gpu")) {
                layers += n;
                gpus++;
            }
        }
        if (gpus == 0) {
            c.put(Figure.unavailable(FigureKey.VALIDATION_OFFLOADED_LAYERS_SHEET, label, Unit.COUNT,
                    "the sheet places no memory per device"));
            return;
        }
        // llama-model.cpp load_tensors: n_gpu = min(n_gpu_layers, n_layer + 1), the output layer offloaded past n_layer
        boolean output = c.ws.runtime().llamaCpp().resolvedGpuLayers() > total;
        long n = layers + (output ? 1 : 0);
        c.put(Figure.of(FigureKey.VALIDATION_OFFLOADED_LAYERS_SHEET, label, Unit.COUNT, n, Provenance.of(
                "repeating layers on the GPUs + the output layer when -ngl is above the layers of the model (llama.cpp counts it)",
                layers + (output ? " + 1" : " + 0") + " = " + n, n == measured ? "Equal to the log" : "The log offloaded "
                        + measured)));
    }
}
