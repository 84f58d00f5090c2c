package org.vramsheet.ui.app;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.io.json.AtomicFiles;
import org.vramsheet.io.json.WorksheetFormatException;
import org.vramsheet.io.json.WorksheetJson;

/**
 * The crash-recovery copies in the app's folder, one per window instance: {@code autosave-ID.json} holds the sheet
 * and the file it belongs to together (one atomic write, so a kill never pairs a sheet with another sheet's file),
 * and {@code autosave-ID.lock} is held locked ({@link FileChannel#tryLock}) by the instance while it runs. Another
 * instance never writes or deletes a copy it does not hold; a copy whose lock nobody holds was left by an instance
 * that ended without closing (the system releases a killed process's locks) and is offered for recovery.
 */
final class AutosaveStore {
    private static final String PREFIX = "autosave-";
    /** What an earlier version wrote (the sheet and its path in two files): offered without the path. */
    private static final String LEGACY = "autosave.json";
    private final Path dir;
    private final String ownId = ProcessHandle.current().pid() + "-" + UUID.randomUUID().toString().substring(0, 8);
    /** This instance's slot: its id and the held lock; null until the first autosave (or a restored copy). */
    private String slot;
    private FileChannel slotLock;
    /** AppHome.Recoveryed copies offered and not yet restored, discarded or released: their locks, held meanwhile. */
    private final Map<String, FileChannel> held = new HashMap<>();

    AutosaveStore(Path dir) {
        this.dir = dir;
    }

    private Path json(String id) { return id.equals(LEGACY) ? dir.resolve(LEGACY) : dir.resolve(PREFIX + id + ".json"); }

    private Path lock(String id) { return id.equals(LEGACY) ? dir.resolve("autosave.lock") : dir.resolve(PREFIX + id + ".lock"); }

    /** Writes this instance's copy: the sheet and its file in one file, replaced atomically. */
    void save(Worksheet ws, Path origin) throws IOException {
        Files.createDirectories(dir);
        if (slot == null) {
            FileChannel ch = FileChannel.open(lock(ownId), StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
            if (ch.tryLock() == null) {
                ch.close();
                throw new IOException("the autosave lock is held elsewhere");
            }
            slot = ownId;
            slotLock = ch;
        }
        ObjectNode root = WorksheetJson.shared().createObjectNode();
        root.put("vramsheetAutosave", 1);
        root.put("origin", origin == null ? null : origin.toAbsolutePath().toString());
        root.put("savedAt", Instant.now().toString());
        root.set("sheet", WorksheetJson.shared().readTree(WorksheetJson.write(ws)));
        AtomicFiles.writeString(json(slot), WorksheetJson.shared().writeValueAsString(root));
    }

    /** Removes this instance's copy (after a save, or a discard); it keeps its lock, the window goes on. */
    void clear() {
        if (slot != null) {
            delete(json(slot));
        }
    }

    /** On a clean exit: the copy and the lock file are removed, the lock released. */
    void close() {
        if (slot != null) {
            delete(json(slot));
            closeQuietly(slotLock);
            delete(lock(slot));
            slot = null;
            slotLock = null;
        }
        new ArrayList<>(held.keySet()).forEach(this::release);
    }

    /** What a kill does to this instance: the lock is released by the system, the copy stays (tests). */
    void dropLock() {
        closeQuietly(slotLock);
        slot = null;
        slotLock = null;
    }

    /** Every copy no running instance holds, newest first, each locked by this instance until it is settled. */
    List<AppHome.Recovery> orphans() {
        List<AppHome.Recovery> out = new ArrayList<>();
        if (!Files.isDirectory(dir)) {
            return out;
        }
        List<String> ids = new ArrayList<>();
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir, PREFIX + "*.json")) {
            ds.forEach(p -> {
                String n = p.getFileName().toString();
                ids.add(n.substring(PREFIX.length(), n.length() - ".json".length()));
            });
        } catch (IOException e) {
            return out;
        }
        if (Files.exists(dir.resolve(LEGACY))) {
            ids.add(LEGACY);
        }
        for (String id : ids) {
            if (!id.equals(slot) && !held.containsKey(id)) {
                AppHome.Recovery o = claim(id);
                if (o != null) {
                    out.add(o);
                }
            }
        }
        out.sort(Comparator.comparing(AppHome.Recovery::savedAt).reversed());
        return out;
    }

    /** Locks a copy and reads it; null when another instance holds it or it cannot be read (then left as it is). */
    private AppHome.Recovery claim(String id) {
        FileChannel ch = null;
        try {
            ch = FileChannel.open(lock(id), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
            FileLock l;
            try {
                l = ch.tryLock();
            } catch (OverlappingFileLockException e) {
                l = null; // another window of this process holds it
            }
            if (l == null || !Files.exists(json(id))) {
                if (l != null) {
                    delete(lock(id)); // a lock file whose copy is gone: its instance ended
                }
                closeQuietly(ch);
                return null;
            }
            AppHome.Recovery o = read(id);
            held.put(id, ch);
            return o;
        } catch (IOException | WorksheetFormatException | RuntimeException e) {
            closeQuietly(ch);
            return null;
        }
    }

    private AppHome.Recovery read(String id) throws IOException, WorksheetFormatException {
        Instant mtime = Files.getLastModifiedTime(json(id)).toInstant();
        String text = WorksheetJson.readText(json(id));
        if (id.equals(LEGACY)) {
            // its path was a second file, written after the sheet: it may belong to another sheet, so it is not used
            return new AppHome.Recovery(WorksheetJson.parse(text, LEGACY), null, mtime, id);
        }
        JsonNode root = WorksheetJson.shared().readTree(text);
        if (root == null || root.path("vramsheetAutosave").asInt() != 1 || !root.path("sheet").isObject()) {
            throw new WorksheetFormatException(json(id).getFileName() + ": not an autosave copy", null);
        }
        Worksheet ws = WorksheetJson.parse(WorksheetJson.shared().writeValueAsString(root.get("sheet")),
                json(id).getFileName().toString());
        String origin = root.path("origin").isTextual() ? root.path("origin").asText() : "";
        return new AppHome.Recovery(ws, origin.isBlank() ? null : Path.of(origin), mtime, id);
    }

    /** The restored copy becomes this instance's own: its later autosaves replace it (a second kill loses nothing). */
    void adopt(AppHome.Recovery o) {
        FileChannel ch = held.remove(o.id());
        if (ch == null) {
            return;
        }
        if (slot != null) {
            delete(json(slot));
            closeQuietly(slotLock);
            delete(lock(slot));
        }
        slot = null;
        slotLock = null;
        if (o.id().equals(LEGACY)) {
            // a legacy copy is not a slot: it is copied into this instance's own first, then removed
            try {
                save(o.sheet(), null);
            } catch (IOException e) {
                closeQuietly(ch);
                return; // kept for the next start
            }
            delete(dir.resolve(LEGACY));
            delete(dir.resolve("autosave.origin"));
            closeQuietly(ch);
            delete(lock(LEGACY));
            return;
        }
        slot = o.id();
        slotLock = ch;
    }

    /** Declined: the copy is deleted (an explicit discard). */
    void discard(AppHome.Recovery o) {
        FileChannel ch = held.remove(o.id());
        if (ch == null) {
            return;
        }
        delete(json(o.id()));
        if (o.id().equals(LEGACY)) {
            delete(dir.resolve("autosave.origin"));
        }
        closeQuietly(ch);
        delete(lock(o.id()));
    }

    /** Not asked about (another was restored): left for the next start. */
    void release(AppHome.Recovery o) { release(o.id()); }

    private void release(String id) {
        closeQuietly(held.remove(id));
    }

    private static void delete(Path p) {
        try {
            Files.deleteIfExists(p);
        } catch (IOException e) {
            // nothing to recover from
        }
    }

    private static void closeQuietly(FileChannel ch) {
        if (ch == null) {
            return;
        }
        try {
            ch.close();
        } catch (IOException e) {
            // the lock goes with the process anyway
        }
    }
}
