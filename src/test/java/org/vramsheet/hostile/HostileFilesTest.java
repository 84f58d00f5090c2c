package org.vramsheet.hostile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.vramsheet.Robot;
import org.vramsheet.io.json.AtomicFiles;

/** Writes that a kill -9 interrupts leave the old file or the new one; their temp files are cleaned up later. */
class HostileFilesTest {
    @TempDir
    Path dir;

    private List<Path> leftovers() throws Exception {
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(p -> p.getFileName().toString().endsWith(".tmp")).toList();
        }
    }

    /** Seen: 39 of 211 kill -9 runs left ".NAME.*.tmp" files beside the target (the target was never damaged). */
    @Test
    @Robot
    void killedWritesLeaveAWholeFileAndTheirTempFilesAreCleanedUp() throws Exception {
        Path target = dir.resolve("sheet.json");
        Random rnd = new Random(3);
        int withLeftover = 0;
        for (int run = 0; run < 6; run++) {
            Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                    System.getProperty("java.class.path"), AtomicWriteChild.class.getName(), target.toString())
                    .redirectErrorStream(true).start();
            BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
            assertEquals("WRITING", r.readLine());
            Thread.sleep(150 + rnd.nextInt(400));
            p.destroyForcibly().waitFor(20, TimeUnit.SECONDS); // SIGKILL in the middle of writing
            if (Files.exists(target)) {
                byte[] got = Files.readAllBytes(target);
                assertEquals(4 << 20, got.length, "run " + run + ": the target is whole");
                assertTrue(got[0] == got[got.length - 1], "run " + run + ": one content, not a mix");
            }
            withLeftover += leftovers().isEmpty() ? 0 : 1;
            for (Path left : leftovers()) {
                Files.setLastModifiedTime(left, FileTime.from(Instant.now().minusSeconds(120)));
            }
        }
        AtomicFiles.writeString(target, "next save");
        assertEquals(List.of(), leftovers(), "the next write cleaned up what the killed ones left (" + withLeftover
                + " runs left some)");
        assertEquals("next save", Files.readString(target));
    }

    @Test
    void aFreshTempFileOfAnotherWriterIsLeftAlone() throws Exception {
        Path target = dir.resolve("sheet.json");
        Path fresh = dir.resolve(".sheet.json.12345.tmp");
        Path old = dir.resolve(".sheet.json.999.tmp");
        Path otherFile = dir.resolve(".other.json.1.tmp");
        Files.writeString(fresh, "another process is writing");
        Files.writeString(old, "a killed write");
        Files.writeString(otherFile, "not ours");
        Files.setLastModifiedTime(old, FileTime.from(Instant.now().minusSeconds(600)));
        Files.setLastModifiedTime(otherFile, FileTime.from(Instant.now().minusSeconds(600)));
        AtomicFiles.writeString(target, "x");
        assertTrue(Files.exists(fresh), "a write in progress elsewhere is not touched");
        assertFalse(Files.exists(old), "a stale leftover of this target is removed");
        assertTrue(Files.exists(otherFile), "another target's temp files are not ours");
    }
}
