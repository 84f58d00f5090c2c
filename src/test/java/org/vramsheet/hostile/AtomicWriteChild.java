package org.vramsheet.hostile;

import java.nio.file.Path;
import org.vramsheet.io.json.AtomicFiles;

/** A separate JVM for {@link HostileFilesTest}: writes two large contents in turn until it is killed. */
public final class AtomicWriteChild {
    private AtomicWriteChild() { }

    public static void main(String[] args) throws Exception {
        Path target = Path.of(args[0]);
        byte[] a = new byte[4 << 20];
        byte[] b = new byte[4 << 20];
        java.util.Arrays.fill(a, (byte) 'a');
        java.util.Arrays.fill(b, (byte) 'b');
        System.out.println("WRITING");
        System.out.flush();
        for (int i = 0; ; i++) {
            AtomicFiles.write(target, i % 2 == 0 ? a : b);
        }
    }
}
