package org.vramsheet.io.logs;

import java.util.List;
import org.vramsheet.core.validation.Measurement;

/**
 * One engine's startup-log reader: the engine module's knowledge of its log format. A new instance reads one log; each
 * of its line readers is tried on every line on its own, so a value that does not parse leaves only that reader's facts
 * of the line unread.
 */
interface EngineLogReader {
    /** The engine's name as the "nothing found" message lists it. */
    String name();

    /** The readers of one line; each returns whether the line carried a fact it read. */
    List<LineReader> lineReaders();

    /** What the engine's lines mean only together, once the whole log is read. */
    default void finish(Measurement.Builder m) { }

    /** Reads one line into the measurement. */
    @FunctionalInterface
    interface LineReader {
        boolean read(String line, Measurement.Builder m);
    }
}
