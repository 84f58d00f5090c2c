package org.vramsheet.io.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Journals a killed write left: completed, undone, or (cut short before any move) cleaned; one still held is left alone. */
class WriteJournalTest {
    @TempDir
    Path dir;

    /** A journal as a process killed at that point leaves it: the old x.xlsx moved in already, y.pdf not yet. */
    private Path killedMidway(String tail) throws Exception {
        Files.writeString(dir.resolve("x.xlsx"), "new x");
        Files.writeString(dir.resolve(".x.xlsx.bak.tmp"), "old x");
        Files.writeString(dir.resolve("y.pdf"), "old y");
        Files.writeString(dir.resolve(".y.pdf.1.tmp"), "new y");
        Files.writeString(dir.resolve(".y.pdf.bak.tmp"), "old y");
        Path j = dir.resolve(".vramsheet-write-1.journal");
        Files.writeString(j, "vramsheet-write-journal 1\n"
                + uri("x.xlsx") + "\t" + uri(".x.xlsx.0.tmp") + "\t" + uri(".x.xlsx.bak.tmp") + "\n"
                + uri("y.pdf") + "\t" + uri(".y.pdf.1.tmp") + "\t" + uri(".y.pdf.bak.tmp") + "\n"
                + uri("z.new") + "\t" + uri(".z.new.2.tmp") + "\t-\n"
                + "copy\t" + uri(".vramsheet-write-1.journal") + "\n" + tail);
        return j;
    }

    private String uri(String name) { return dir.resolve(name).toAbsolutePath().toUri().toString(); }

    @Test
    void aJournaledWriteIsCompleted() throws Exception {
        Path j = killedMidway("end\n");
        assertEquals(1, AtomicFiles.recover(dir));
        assertEquals("new x", Files.readString(dir.resolve("x.xlsx")));
        assertEquals("new y", Files.readString(dir.resolve("y.pdf")));
        assertFalse(Files.exists(j) || Files.exists(dir.resolve(".x.xlsx.bak.tmp")) || Files.exists(dir.resolve(".y.pdf.bak.tmp")));
    }

    /** Killed while undoing a failed move: the next start finishes undoing it. */
    @Test
    void aWriteBeingUndoneIsUndone() throws Exception {
        Files.writeString(dir.resolve("z.new"), "moved in before the failure");
        killedMidway("end\nrollback\n");
        assertEquals(1, AtomicFiles.recover(dir));
        assertEquals("old x", Files.readString(dir.resolve("x.xlsx")));
        assertEquals("old y", Files.readString(dir.resolve("y.pdf")));
        assertFalse(Files.exists(dir.resolve("z.new")), "a file that did not exist before is removed again");
        try (var s = Files.list(dir)) {
            assertEquals(2, s.count(), "x.xlsx and y.pdf, no journal, backup or temp file");
        }
    }

    @Test
    void aJournalCutShortMovedNothingAndIsCleanedUp() throws Exception {
        Path j = killedMidway(""); // no "end": the kill came while the journal was written, before any move
        Files.writeString(dir.resolve("x.xlsx"), "old x");
        assertEquals(1, AtomicFiles.recover(dir));
        assertEquals("old x", Files.readString(dir.resolve("x.xlsx")));
        assertEquals("old y", Files.readString(dir.resolve("y.pdf")));
        assertFalse(Files.exists(j) || Files.exists(dir.resolve(".y.pdf.1.tmp")));
    }

    @Test
    void aJournalAnotherWriteHoldsIsLeftAlone() throws Exception {
        Path j = killedMidway("end\n");
        try (FileChannel ch = FileChannel.open(j, StandardOpenOption.WRITE); var lock = ch.lock()) {
            assertEquals(0, AtomicFiles.recover(dir), "still being written");
            assertTrue(Files.exists(j));
            assertEquals("old y", Files.readString(dir.resolve("y.pdf")));
        }
        assertEquals(1, AtomicFiles.recover(dir));
    }
}
