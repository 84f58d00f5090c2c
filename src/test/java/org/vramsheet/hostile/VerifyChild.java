package org.vramsheet.hostile;

import org.vramsheet.Launcher;
import org.vramsheet.cli.Cli;

/** A child JVM for {@link HostileReportTest}: verifies each file as the command line does, with markers between. */
public final class VerifyChild {
    private VerifyChild() { }

    public static void main(String[] args) {
        Launcher.quietLibraries();
        for (String f : args) {
            System.out.println("=== " + f);
            System.err.println("=== " + f);
            int code = Cli.run(new String[] {"verify", f}, System.out, System.err);
            System.out.println("=== exit " + code);
        }
        System.out.flush();
        System.err.flush();
    }
}
