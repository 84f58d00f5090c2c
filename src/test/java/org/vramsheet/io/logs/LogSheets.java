package org.vramsheet.io.logs;

import org.vramsheet.core.sheet.Worksheet;

/** The calibration logs' own sheets (catalog config, launch settings) for tests outside this package. */
public final class LogSheets {
    private LogSheets() { }

    /** The sheet of the log with this id (P17, D06, ...) before launch. */
    public static Worksheet preLaunch(String id) throws Exception {
        return EngineLogTest.preLaunch(EngineLogTest.logs().filter(l -> l.id().equals(id)).findFirst().orElseThrow());
    }
}
