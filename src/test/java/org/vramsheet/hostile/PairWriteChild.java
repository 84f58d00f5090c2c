package org.vramsheet.hostile;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.vramsheet.io.json.AtomicFiles;

/**
 * A separate JVM for {@link HostileFilesTest}: writes a new XLSX and PDF as one unit, as {@code ReportFiles.export}
 * does, and stops between the two moves ("BETWEEN" on stdout) until it is killed.
 */
public final class PairWriteChild {
    private PairWriteChild() { }

    public static void main(String[] args) throws Exception {
        Path xlsx = Path.of(args[0]);
        Path pdf = Path.of(args[1]);
        AtomicFiles.writeAll(List.of(new AtomicFiles.Output(xlsx, "new xlsx".getBytes(StandardCharsets.UTF_8)),
                new AtomicFiles.Output(pdf, "new pdf".getBytes(StandardCharsets.UTF_8))), () -> {
                    System.out.println("BETWEEN");
                    System.out.flush();
                    try {
                        Thread.sleep(60_000); // killed before this ends
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                });
        System.out.println("NOT KILLED");
    }
}
