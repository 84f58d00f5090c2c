package org.vramsheet.core.engine.spi;

import java.util.List;

/**
 * Memory per device as an engine places it, for an engine that puts different things on different GPUs (llama.cpp's
 * layer split): every GPU in order, then the host; with the notes that apply to all of them.
 */
public record DeviceLayout(List<DeviceMemory> devices, List<String> notes) {
    public DeviceLayout {
        devices = List.copyOf(devices);
        notes = List.copyOf(notes);
    }

    /** The GPUs, in order. */
    public List<DeviceMemory> gpus() { return devices.stream().filter(DeviceMemory::gpu).toList(); }

    /** The host (system memory), or null. */
    public DeviceMemory host() { return devices.stream().filter(d -> !d.gpu()).findFirst().orElse(null); }
}
