package org.vramsheet.io;

/** The application's version, from the jar's manifest ("dev" when run from classes). */
public final class AppVersion {
    private AppVersion() { }

    public static String get() {
        String v = AppVersion.class.getPackage().getImplementationVersion();
        return v == null ? "dev" : v;
    }
}
