package org.vramsheet.core.engine.spi;

import java.util.List;
import org.vramsheet.core.kv.KvGeometry;
import org.vramsheet.core.sheet.Gpu;
import org.vramsheet.core.sheet.RuntimeSettings;

/**
 * What every engine's pool rule needs, per GPU rank: the geometry, the runtime, the GPU and its CUDA-visible total, the
 * engine's memory fraction, the non-KV memory, non-torch memory, the CUDA graphs taken from the pool, the block size
 * and the longest sequence. The rule adds its explanation to {@code notes}. {@code devices} is the engine's own placement
 * per device ({@link EngineModule#devices}), null for an engine that holds the same on every rank.
 */
public record PoolInput(KvGeometry geometry, RuntimeSettings runtime, Gpu gpu, long totalBytes, double fraction,
                        long nonKvBytes, long nonTorchBytes, long cudaGraphBytes, Choice<Integer> blockSize, long maxLen,
                        List<String> notes, DeviceLayout devices) { }
