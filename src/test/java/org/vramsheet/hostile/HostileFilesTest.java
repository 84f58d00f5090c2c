package org.vramsheet.hostile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
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
import org.vramsheet.io.json.WorksheetJson;
import org.vramsheet.report.ReportFiles;

/**
 * Writes that a kill -9 interrupts leave the old file or the new one; their temp files are cleaned up later; a pair of
 * files (the export's XLSX and PDF) is one unit; a symbolic link is followed, never replaced.
 */
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

    private static Process child(Class<?> main, String... args) throws Exception {
        List<String> cmd = new java.util.ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), main.getName()));
        cmd.addAll(List.of(args));
        return new ProcessBuilder(cmd).redirectErrorStream(true).start();
    }

    private List<Path> journals() throws Exception {
        try (Stream<Path> s = Files.walk(dir)) {
            return s.filter(p -> p.getFileName().toString().endsWith(".journal")).toList();
        }
    }

    /** The old pair on disk, then a child JVM killed (SIGKILL) between the moves of the new pair. */
    private void killBetweenTheMoves(Path xlsx, Path pdf) throws Exception {
        Files.writeString(xlsx, "old xlsx");
        Files.writeString(pdf, "old pdf");
        Process p = child(PairWriteChild.class, xlsx.toString(), pdf.toString());
        BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        assertEquals("BETWEEN", r.readLine());
        p.destroyForcibly().waitFor(20, TimeUnit.SECONDS);
        assertEquals("new xlsx", Files.readString(xlsx), "the kill came between the moves: the XLSX is new");
        assertEquals("old pdf", Files.readString(pdf), "... and the PDF still the old one");
        assertFalse(journals().isEmpty(), "the journal says what the pair was to be");
    }

    private void assertTheNewPair(Path xlsx, Path pdf) throws Exception {
        assertEquals("new xlsx", Files.readString(xlsx));
        assertEquals("new pdf", Files.readString(pdf), "the pair is completed: the new XLSX beside the new PDF");
        assertEquals(List.of(), journals(), "no journal left");
        try (Stream<Path> s = Files.walk(dir)) {
            assertEquals(List.of(), s.filter(x -> x.getFileName().toString().endsWith(".tmp")).toList(), "no temp file left");
        }
    }

    /** Seen: a kill between export's two moves left the new XLSX beside the old PDF in 12 of 12 such kills. */
    @Test
    void aKillBetweenTheExportsMovesIsCompletedAtTheNextStart() throws Exception {
        Path xlsx = dir.resolve("r.xlsx");
        Path pdf = dir.resolve("r.pdf");
        killBetweenTheMoves(xlsx, pdf);
        assertEquals(1, AtomicFiles.recover(dir), "what the app does at start for the folders it last wrote to");
        assertTheNewPair(xlsx, pdf);
        assertEquals(0, AtomicFiles.recover(dir), "nothing left to do");
    }

    @Test
    void aKillBetweenTheExportsMovesIsCompletedByTheNextExport() throws Exception {
        Path xlsx = dir.resolve("r.xlsx");
        Path pdf = dir.resolve("r.pdf");
        killBetweenTheMoves(xlsx, pdf);
        Path other = dir.resolve("other.pdf");
        ReportFiles.export(WorksheetJson.read(Path.of("assets/samples/seed003-70b-int4-80gib.json")), "test",
                new ReportFiles.Request(null, other, false, null, null, null), x -> { });
        assertTrue(Files.size(other) > 0);
        assertTheNewPair(xlsx, pdf);
    }

    /** The pair in two folders: the journal is in both, so a write to either completes it. */
    @Test
    void aPairInTwoFoldersIsCompletedFromEither() throws Exception {
        Path xlsx = Files.createDirectories(dir.resolve("sheets")).resolve("r.xlsx");
        Path pdf = Files.createDirectories(dir.resolve("print")).resolve("r.pdf");
        killBetweenTheMoves(xlsx, pdf);
        assertEquals(2, journals().size(), journals().toString());
        AtomicFiles.writeString(pdf.resolveSibling("notes.txt"), "a later save in the PDF's folder");
        assertTheNewPair(xlsx, pdf);
    }

    /** Seen: saving to a symlink replaced the link with a regular file and never updated its target. */
    @Test
    void aSymbolicLinkIsFollowedAndKept() throws Exception {
        Path real = Files.createDirectories(dir.resolve("shared")).resolve("team.json");
        Files.writeString(real, "old");
        Path link = Files.createSymbolicLink(dir.resolve("team.json"), Path.of("shared", "team.json")); // relative
        Path chain = Files.createSymbolicLink(dir.resolve("alias.json"), link.toAbsolutePath());
        WorksheetJson.save(WorksheetJson.read(Path.of("assets/samples/seed003-70b-int4-80gib.json")), chain);
        assertTrue(Files.isSymbolicLink(link) && Files.isSymbolicLink(chain), "both links kept");
        assertEquals("70B-class GQA-8 example (seed 003)", WorksheetJson.read(real).model().modelId(), "the target was written");
        try (Stream<Path> s = Files.list(dir)) {
            assertEquals(List.of(), s.filter(x -> x.getFileName().toString().endsWith(".tmp")).toList(),
                    "the temp file went beside the target, not the link");
        }
        Path dangling = Files.createSymbolicLink(dir.resolve("new.json"), dir.resolve("shared/new.json"));
        AtomicFiles.writeString(dangling, "created");
        assertTrue(Files.isSymbolicLink(dangling));
        assertEquals("created", Files.readString(dir.resolve("shared/new.json")), "a link to a file not yet there creates it");
        Path loop = Files.createSymbolicLink(dir.resolve("loop.json"), dir.resolve("loop.json"));
        assertTrue(assertThrows(java.io.IOException.class, () -> AtomicFiles.writeString(loop, "x")).getMessage()
                .contains("symbolic links"));
        AtomicFiles.writeAll(List.of(new AtomicFiles.Output(link, "a".getBytes(StandardCharsets.UTF_8)),
                new AtomicFiles.Output(dir.resolve("b.txt"), "b".getBytes(StandardCharsets.UTF_8))));
        assertTrue(Files.isSymbolicLink(link));
        assertEquals("a", Files.readString(real), "a pair follows links too");
    }
}
