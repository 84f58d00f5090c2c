package org.vramsheet.io.json;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * Writes files so that a crash leaves the old file or the new one, never half of one: the bytes go to a temp file
 * beside the target, which is flushed to disk (fsync), moved over the target, and the directory is flushed too.
 * A target that is a symbolic link is followed: the file it points to is replaced and the link kept. Several files
 * are one unit ({@link #writeAll}): a kill between their moves leaves a journal that the next write to their folder
 * or {@link #recover} completes. Temp files a crash left behind for the same target are removed on the next write.
 */
public final class AtomicFiles {
    /** A temp file younger than this may belong to a write still going on in another process: left alone. */
    static final Duration STALE = Duration.ofMinutes(1);
    /** Symbolic links followed from one target, as the system's own limit (ELOOP). */
    static final int MAX_LINKS = 40;

    private AtomicFiles() { }

    public static void writeString(Path target, String text) throws IOException {
        write(target, text.getBytes(StandardCharsets.UTF_8));
    }

    public static void write(Path target, byte[] bytes) throws IOException {
        writeAll(List.of(new Output(target, bytes)));
    }

    /** One file of an all-or-nothing write. */
    public record Output(Path target, byte[] bytes) { }

    /**
     * Writes every file or none: all go to temp files first (flushed); with more than one, a journal naming them is
     * flushed into each target's folder, then the temps are moved over their targets and the journal removed. When a
     * move fails the targets already moved are put back as they were (or removed when they did not exist); when the
     * process is killed between the moves, the next write to one of the folders (or {@link #recover}) completes the
     * write from the journal. New files get the permissions a normal save gives them (0666 less the umask), a replaced
     * file keeps its own.
     */
    public static void writeAll(List<Output> outputs) throws IOException {
        writeAll(outputs, () -> { });
    }

    /** As {@link #writeAll(List)}; {@code betweenMoves} runs after each move but the last (a test stops the process there). */
    public static void writeAll(List<Output> outputs, Runnable betweenMoves) throws IOException {
        List<Path> targets = new ArrayList<>();
        for (Output o : outputs) {
            targets.add(followLinks(o.target().toAbsolutePath()));
        }
        targets.stream().map(Path::getParent).distinct().forEach(WriteJournal::recover);
        List<Path> temps = new ArrayList<>();
        try {
            for (int i = 0; i < outputs.size(); i++) {
                temps.add(temp(targets.get(i), outputs.get(i).bytes()));
            }
            if (outputs.size() == 1) {
                move(temps.get(0), targets.get(0));
                syncDirectory(targets.get(0).getParent());
            } else {
                journaled(targets, temps, betweenMoves);
            }
        } finally {
            for (Path t : temps) {
                Files.deleteIfExists(t);
            }
        }
    }

    /** The moves of a write of several files, under a journal; undone in this process when one fails. */
    private static void journaled(List<Path> targets, List<Path> temps, Runnable betweenMoves) throws IOException {
        List<WriteJournal.Entry> entries = new ArrayList<>();
        try {
            for (int i = 0; i < targets.size(); i++) {
                Path abs = targets.get(i);
                entries.add(new WriteJournal.Entry(abs, temps.get(i), Files.exists(abs) ? backup(abs) : null));
            }
            try (WriteJournal journal = WriteJournal.begin(entries)) {
                try {
                    for (int i = 0; i < entries.size(); i++) {
                        move(temps.get(i), targets.get(i));
                        syncDirectory(targets.get(i).getParent());
                        if (i < entries.size() - 1) {
                            betweenMoves.run();
                        }
                    }
                } catch (IOException | RuntimeException e) {
                    journal.rollingBack();
                    WriteJournal.undo(entries);
                    throw e;
                }
            }
        } finally {
            for (WriteJournal.Entry e : entries) {
                if (e.backup() != null) {
                    Files.deleteIfExists(e.backup());
                }
            }
        }
    }

    /**
     * Completes or undoes the writes of several files that a killed process left journaled in {@code dir} (at start,
     * for the folders files were last written to; every write does it for its own folders). Returns how many.
     */
    public static int recover(Path dir) {
        return WriteJournal.recover(dir);
    }

    /**
     * The file a target names: a symbolic link is followed (relative links from their own folder) to the file it
     * points to, which need not exist yet; a chain longer than {@link #MAX_LINKS} is refused.
     */
    static Path followLinks(Path abs) throws IOException {
        Path p = abs;
        for (int i = 0; Files.isSymbolicLink(p); i++) {
            if (i >= MAX_LINKS) {
                throw new IOException(abs + ": more than " + MAX_LINKS + " symbolic links in a row (a loop?)");
            }
            p = p.resolveSibling(Files.readSymbolicLink(p));
        }
        return p;
    }

    /** The bytes in a flushed temp file beside the target, with the permissions the target will have. */
    private static Path temp(Path abs, byte[] bytes) throws IOException {
        Path dir = abs.getParent();
        cleanLeftovers(dir, abs.getFileName().toString());
        Path tmp = dir.resolve(tmpPrefix(abs.getFileName().toString()) + UUID.randomUUID() + ".tmp");
        Files.createFile(tmp); // no explicit mode: 0666 less the umask, as any new file (createTempFile would give 0600)
        try {
            if (Files.exists(abs)) {
                copyPermissions(abs, tmp);
            }
            try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING)) {
                ByteBuffer b = ByteBuffer.wrap(bytes);
                while (b.hasRemaining()) {
                    ch.write(b);
                }
                ch.force(true);
            }
            return tmp;
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(tmp);
            throw e;
        }
    }

    private static void copyPermissions(Path from, Path to) {
        try {
            Files.setPosixFilePermissions(to, Files.getPosixFilePermissions(from));
        } catch (IOException | UnsupportedOperationException e) {
            // not a POSIX file system: the new file keeps the default permissions
        }
    }

    /** A hard link (or copy) of the current target, to put back if a later file of the same write fails. */
    private static Path backup(Path abs) throws IOException {
        Path b = abs.getParent().resolve(tmpPrefix(abs.getFileName().toString()) + UUID.randomUUID() + ".bak.tmp");
        try {
            Files.createLink(b, abs);
        } catch (IOException | UnsupportedOperationException e) {
            Files.copy(abs, b, StandardCopyOption.COPY_ATTRIBUTES);
        }
        return b;
    }

    static void move(Path from, Path to) throws IOException {
        try {
            Files.move(from, to, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(from, to, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    private static String tmpPrefix(String name) { return "." + name + "."; }

    /** Removes this target's temp files left by a write that was killed (older than {@link #STALE}). */
    static void cleanLeftovers(Path dir, String name) {
        Instant before = Instant.now().minus(STALE);
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir, glob(tmpPrefix(name)) + "*.tmp")) {
            for (Path p : ds) {
                if (Files.getLastModifiedTime(p).toInstant().isBefore(before)) {
                    Files.deleteIfExists(p);
                }
            }
        } catch (IOException | RuntimeException e) {
            // cleaning is a courtesy: the write goes on
        }
    }

    /** A glob that matches the text literally. */
    private static String glob(String s) {
        return s.replaceAll("([*?\\[\\]{}\\\\])", "\\\\$1");
    }

    /** Flushes the directory entry of the move (Linux, macOS); where a directory cannot be opened, skipped. */
    static void syncDirectory(Path dir) {
        try (FileChannel ch = FileChannel.open(dir, StandardOpenOption.READ)) {
            ch.force(true);
        } catch (IOException | RuntimeException e) {
            // Windows cannot open a directory this way; NTFS journals the rename
        }
    }
}
