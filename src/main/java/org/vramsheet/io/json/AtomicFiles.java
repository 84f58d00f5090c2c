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
 * Temp files a crash left behind for the same target are removed on the next write.
 */
public final class AtomicFiles {
    /** A temp file younger than this may belong to a write still going on in another process: left alone. */
    static final Duration STALE = Duration.ofMinutes(1);

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
     * Writes every file or none: all go to temp files first (flushed), then are moved over their targets; when a move
     * fails, the targets already moved are put back as they were (or removed when they did not exist). New files get
     * the permissions a normal save gives them (0666 less the umask), a replaced file keeps its own.
     */
    public static void writeAll(List<Output> outputs) throws IOException {
        List<Path> temps = new ArrayList<>();
        List<Path> backups = new ArrayList<>();
        List<Path> moved = new ArrayList<>();
        try {
            for (Output o : outputs) {
                temps.add(temp(o.target().toAbsolutePath(), o.bytes()));
            }
            for (int i = 0; i < outputs.size(); i++) {
                Path abs = outputs.get(i).target().toAbsolutePath();
                backups.add(Files.exists(abs) ? backup(abs) : null);
                move(temps.get(i), abs);
                moved.add(abs);
                syncDirectory(abs.getParent());
            }
        } catch (IOException | RuntimeException e) {
            for (int i = moved.size() - 1; i >= 0; i--) {
                restore(moved.get(i), backups.get(i));
            }
            throw e;
        } finally {
            for (Path t : temps) {
                Files.deleteIfExists(t);
            }
            for (Path b : backups) {
                if (b != null) {
                    Files.deleteIfExists(b);
                }
            }
        }
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

    private static void restore(Path target, Path backup) {
        try {
            if (backup == null) {
                Files.deleteIfExists(target);
            } else {
                move(backup, target);
            }
        } catch (IOException | RuntimeException e) {
            // best effort: the write already failed and says so
        }
    }

    private static void move(Path from, Path to) throws IOException {
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
    private static void syncDirectory(Path dir) {
        try (FileChannel ch = FileChannel.open(dir, StandardOpenOption.READ)) {
            ch.force(true);
        } catch (IOException | RuntimeException e) {
            // Windows cannot open a directory this way; NTFS journals the rename
        }
    }
}
