package org.vramsheet.archbad.cli;

/** The CLI a bad view uses (ArchitectureTest's self-test). */
public final class BadCli {
    private BadCli() {
    }

    public static String run() {
        return "cli";
    }
}
