package org.vramsheet.hostile;

import java.io.PrintStream;
import java.io.OutputStream;
import org.vramsheet.cli.Cli;

/**
 * A separate JVM for {@link LimitsMemoryTest} (started with -Xmx256m): runs each command line given (commands split
 * by "--next") through the CLI and prints its exit code, then "DONE".
 */
public final class LimitsChild {
    private LimitsChild() { }

    public static void main(String[] args) {
        PrintStream quiet = new PrintStream(OutputStream.nullOutputStream());
        int from = 0;
        for (int i = 0; i <= args.length; i++) {
            if (i == args.length || args[i].equals("--next")) {
                String[] cmd = java.util.Arrays.copyOfRange(args, from, i);
                long t = System.nanoTime();
                int code = Cli.run(cmd, quiet, System.err);
                System.out.println("EXIT " + code + " " + cmd[0] + " " + (System.nanoTime() - t) / 1_000_000 + " ms");
                from = i + 1;
            }
        }
        System.out.println("DONE");
    }
}
