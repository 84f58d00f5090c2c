package org.vramsheet.io.json;

import java.io.IOException;
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
        Path abs = target.toAbsolutePath();
        Path dir = abs.getParent();
        cleanLeftovers(dir, abs.getFileName().toString());
        Path tmp = Files.createTempFile(dir, tmpPrefix(abs.getFileName().toString()), ".tmp");
        try {
            try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING)) {
                java.nio.ByteBuffer b = java.nio.ByteBuffer.wrap(bytes);
                while (b.hasRemaining()) {
                    ch.write(b);
                }
                ch.force(true);
            }
            try {
                Files.move(tmp, abs, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, abs, StandardCopyOption.REPLACE_EXISTING);
            }
            syncDirectory(dir);
        } finally {
            Files.deleteIfExists(tmp);
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
