package org.vramsheet.core.engine.spi;

import org.vramsheet.core.kv.KvGeometry;
import org.vramsheet.core.sheet.Worksheet;

/**
 * What an engine needs to place a replica on its devices: the sheet, its cache geometry, the weights of the whole model
 * and the context the engine is started with.
 */
public record DeviceInput(Worksheet sheet, KvGeometry geometry, long weightsBytes, long maxLen) { }
