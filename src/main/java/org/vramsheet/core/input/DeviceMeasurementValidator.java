package org.vramsheet.core.input;

import java.util.HashSet;
import java.util.Set;
import org.vramsheet.core.sheet.MeasuredDevice;
import org.vramsheet.core.sheet.Validation;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.core.units.Units;

/** VALIDATION › Measured per device: each entry a device of the sheet (gpu0, gpu1, ... or host, once), its buffers in range. */
final class DeviceMeasurementValidator {
    private DeviceMeasurementValidator() { }

    static void devices(Worksheet ws, Issues out) {
        Validation v = ws.validation();
        InputDecl layers = Inputs.get("validation.offloadedLayers");
        if (v.offloadedLayers() != null && (v.offloadedLayers() < layers.min() || v.offloadedLayers() > layers.max())) {
            out.add("validation.offloadedLayers", "must be " + layers.min() + " to " + Units.grouped(layers.max()) + " (got "
                    + v.offloadedLayers() + ")");
        }
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < v.devices().size(); i++) {
            MeasuredDevice d = v.devices().get(i);
            String at = "device " + (i + 1) + ": ";
            if (d == null || d.device() == null || !d.device().matches("gpu[0-9]{1,5}|host")) {
                out.add("validation.devices", at + "not gpu0, gpu1, ... or host");
                return;
            }
            if (!seen.add(d.device())) {
                out.add("validation.devices", at + d.device() + " is listed twice");
                return;
            }
            for (String buffer : MeasuredDevice.BUFFERS) {
                Long b = d.buffer(buffer);
                InputDecl decl = Inputs.get("validation.devices[]." + buffer);
                if (b != null && (b < decl.min() || b > decl.max())) {
                    out.add("validation.devices", at + decl.label() + " must be 0 to " + Units.grouped(decl.max()) + " B (got "
                            + Units.grouped(b) + ")");
                    return;
                }
            }
        }
    }
}
