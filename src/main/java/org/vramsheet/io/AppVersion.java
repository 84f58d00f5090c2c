package org.vramsheet.io;

import java.util.List;

/** The application's version, from the jar's manifest ("dev" when run from classes), and every version it has had. */
public final class AppVersion {
    /**
     * Every version a jar of VRAM Sheet has carried (pom.xml's version through the project's history; there are no git
     * tags yet). Add the old version here when pom.xml's changes: verify accepts a report made by another version only
     * when that version existed ({@code AppVersionTest} checks the current one is listed).
     */
    public static final List<String> RELEASED = List.of("0.1.0-SNAPSHOT");

    private AppVersion() { }

    public static String get() {
        String v = AppVersion.class.getPackage().getImplementationVersion();
        return v == null ? "dev" : v;
    }

    /** Whether a version is this one or one VRAM Sheet has had. */
    public static boolean existed(String version, String current) {
        return version.equals(current) || RELEASED.contains(version);
    }
}
