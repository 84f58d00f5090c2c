package org.vramsheet.io.json;

import java.io.IOException;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;

/**
 * The journal of a write of several files ({@link AtomicFiles#writeAll}): which temp file goes over which target and
 * where each old target is kept, written (flushed) before the first move into the folder of every target and held
 * locked while the write runs. A journal left by a killed write names a write that either completes or is undone:
 * without a "rollback" line every temp file still there is moved over its target (all the new files); with one, every
 * target is put back from its backup (all the old files). A journal without its closing "end" line was cut short
 * before any move: its files are removed.
 */
final class WriteJournal implements AutoCloseable {
    static final String GLOB = ".vramsheet-write-*.journal";
    private static final String MAGIC = "vramsheet-write-journal 1";
    private static final String END = "end";
    private static final String ROLLBACK = "rollback";
    /** A journal names a few files: anything longer is not one of ours and is left alone. */
    private static final long MAX_JOURNAL = 1 << 20;

    /** One file of the write: its target, the flushed new content, and the old content (null: there was none). */
    record Entry(Path target, Path temp, Path backup) { }

    private final List<Path> copies;
    private final List<FileChannel> channels;

    private WriteJournal(List<Path> copies, List<FileChannel> channels) {
        this.copies = copies;
        this.channels = channels;
    }

    /** Writes and flushes the journal into each folder the targets are in, each copy locked until {@link #close}. */
    static WriteJournal begin(List<Entry> entries) throws IOException {
        Set<Path> dirs = new LinkedHashSet<>();
        entries.forEach(e -> dirs.add(e.target().getParent()));
        String name = ".vramsheet-write-" + UUID.randomUUID() + ".journal";
        List<Path> copies = dirs.stream().map(d -> d.resolve(name)).toList();
        StringBuilder b = new StringBuilder(MAGIC).append('\n');
        for (Entry e : entries) {
            b.append(uri(e.target())).append('\t').append(uri(e.temp())).append('\t')
                    .append(e.backup() == null ? "-" : uri(e.backup())).append('\n');
        }
        copies.forEach(c -> b.append("copy\t").append(uri(c)).append('\n'));
        b.append(END).append('\n');
        byte[] text = b.toString().getBytes(StandardCharsets.UTF_8);
        List<FileChannel> channels = new ArrayList<>();
        WriteJournal j = new WriteJournal(copies, channels);
        try {
            for (Path c : copies) {
                FileChannel ch = FileChannel.open(c, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
                channels.add(ch);
                ch.lock();
                write(ch, text);
                AtomicFiles.syncDirectory(c.getParent());
            }
            return j;
        } catch (IOException | RuntimeException e) {
            j.close();
            throw e;
        }
    }

    /** Marks the write as undone (before the targets are put back), so that a kill while undoing still undoes. */
    void rollingBack() throws IOException {
        for (FileChannel ch : channels) {
            ch.position(ch.size());
            write(ch, (ROLLBACK + "\n").getBytes(StandardCharsets.UTF_8));
        }
    }

    /** The write is over (done or undone): the journal's copies are removed and their locks released. */
    @Override
    public void close() {
        for (int i = 0; i < copies.size(); i++) {
            try {
                Files.deleteIfExists(copies.get(i)); // while locked where the system allows it (POSIX)
            } catch (IOException e) {
                // Windows: removed below, once closed
            }
        }
        for (FileChannel ch : channels) {
            try {
                ch.close();
            } catch (IOException e) {
                // closing a journal cannot fail the write
            }
        }
        copies.forEach(WriteJournal::deleteQuietly);
    }

    private static void write(FileChannel ch, byte[] bytes) throws IOException {
        ByteBuffer b = ByteBuffer.wrap(bytes);
        while (b.hasRemaining()) {
            ch.write(b);
        }
        ch.force(true);
    }

    private static String uri(Path p) { return p.toAbsolutePath().toUri().toString(); }

    /**
     * Completes or undoes every write a killed process left journaled in this folder; a journal another write holds
     * locked is left alone. Returns how many were settled.
     */
    static int recover(Path dir) {
        int n = 0;
        if (dir == null || !Files.isDirectory(dir)) {
            return 0;
        }
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir, GLOB)) {
            for (Path j : ds) {
                n += settle(j) ? 1 : 0;
            }
        } catch (IOException | RuntimeException e) {
            // recovery is retried by the next write or start
        }
        return n;
    }

    private static boolean settle(Path journal) {
        try (FileChannel ch = FileChannel.open(journal, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            FileLock lock;
            try {
                lock = ch.tryLock();
            } catch (OverlappingFileLockException e) {
                lock = null; // this process is writing it
            }
            if (lock == null) {
                return false;
            }
            if (ch.size() > MAX_JOURNAL) {
                return false;
            }
            ByteBuffer text = ByteBuffer.allocate((int) ch.size());
            while (text.hasRemaining() && ch.read(text, text.position()) >= 0) {
                // read through the locked channel (Windows refuses another handle)
            }
            Parsed p = parse(List.of(new String(text.array(), 0, text.position(), StandardCharsets.UTF_8).split("\n")));
            if (!p.complete()) {
                p.entries().forEach(e -> deleteQuietly(e.temp()));
            } else if (p.rollback()) {
                undo(p.entries());
            } else {
                redo(p.entries());
            }
            p.entries().forEach(e -> deleteQuietly(e.backup()));
            p.entries().forEach(e -> AtomicFiles.syncDirectory(e.target().getParent()));
            p.copies().forEach(c -> {
                if (!c.equals(journal)) {
                    deleteQuietly(c);
                }
            });
            Files.deleteIfExists(journal);
            return true;
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    private record Parsed(List<Entry> entries, List<Path> copies, boolean complete, boolean rollback) { }

    private static Parsed parse(List<String> lines) {
        List<Entry> entries = new ArrayList<>();
        List<Path> copies = new ArrayList<>();
        boolean complete = false;
        boolean rollback = false;
        for (int i = 1; i < lines.size() && lines.get(0).equals(MAGIC); i++) {
            String[] f = lines.get(i).split("\t", -1);
            if (complete) {
                rollback |= lines.get(i).equals(ROLLBACK);
            } else if (lines.get(i).equals(END)) {
                complete = true;
            } else if (f.length == 2 && f[0].equals("copy")) {
                copies.add(path(f[1]));
            } else if (f.length == 3) {
                entries.add(new Entry(path(f[0]), path(f[1]), f[2].equals("-") ? null : path(f[2])));
            }
        }
        return new Parsed(entries, copies, complete, rollback);
    }

    private static Path path(String uri) { return Path.of(URI.create(uri)); }

    /** Every new file whose temp file is still there goes over its target: the write completes. */
    private static void redo(List<Entry> entries) throws IOException {
        for (Entry e : entries) {
            if (Files.exists(e.temp())) {
                AtomicFiles.move(e.temp(), e.target());
            }
        }
    }

    /** Every target is put back as it was: from its backup, or removed when it did not exist (and was moved in). */
    static void undo(List<Entry> entries) {
        for (Entry e : entries) {
            try {
                if (e.backup() != null && Files.exists(e.backup())) {
                    AtomicFiles.move(e.backup(), e.target());
                } else if (e.backup() == null && !Files.exists(e.temp())) {
                    Files.deleteIfExists(e.target());
                }
            } catch (IOException | RuntimeException x) {
                // best effort: each target on its own
            }
            deleteQuietly(e.temp());
        }
    }

    private static void deleteQuietly(Path p) {
        if (p == null) {
            return;
        }
        try {
            Files.deleteIfExists(p);
        } catch (IOException | RuntimeException e) {
            // a leftover is cleaned by the next write to that target
        }
    }
}
