package org.vramsheet.ui.app;

import java.io.IOException;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.io.json.AtomicFiles;

/**
 * The app's own folder (default ~/.vramsheet, or -Dvramsheet.home): the recent-files list and the
 * autosave copy that lets the app offer recovery after a crash ({@link AutosaveStore}: one per instance, locked while
 * it runs). One instance per window, no statics.
 */
public final class AppHome {
    private static final int MAX_RECENT = 8;
    private final Path dir;
    private final AutosaveStore autosaves;

    public AppHome(Path dir) {
        this.dir = dir;
        this.autosaves = new AutosaveStore(dir);
    }

    public static AppHome standard() {
        String p = System.getProperty("vramsheet.home");
        return new AppHome(p != null ? Path.of(p) : Path.of(System.getProperty("user.home"), ".vramsheet"));
    }

    public Path dir() { return dir; }

    private Path recentFile() { return dir.resolve("recent.txt"); }

    /** The window's language chosen in View › Language ("en" / "ru"), or null for the system's. */
    public String language() {
        try {
            Path f = dir.resolve("language.txt");
            return Files.exists(f) ? Files.readString(f).trim() : null;
        } catch (IOException e) {
            return null;
        }
    }

    public void setLanguage(String language) {
        try {
            Files.createDirectories(dir);
            AtomicFiles.writeString(dir.resolve("language.txt"), language);
        } catch (IOException e) {
            // the choice still applies to this window
        }
    }

    /** View › Dark theme, remembered (a language switch builds the window anew, and the next start opens dark too). */
    public boolean dark() { return "dark".equals(setting("theme")); }

    public void setDark(boolean dark) { putSetting("theme", dark ? "dark" : "light"); }

    /** A remembered window setting (zoom, window size), or null. */
    public String setting(String key) {
        return settings().getProperty(key);
    }

    /** Remembers a window setting; a failure to write leaves it for this session only. */
    public void putSetting(String key, String value) {
        Properties p = settings();
        p.setProperty(key, value);
        try {
            Files.createDirectories(dir);
            StringWriter w = new StringWriter();
            p.store(w, "VRAM Sheet window settings");
            AtomicFiles.writeString(dir.resolve("settings.properties"), w.toString());
        } catch (IOException e) {
            // the setting still applies to this window
        }
    }

    private Properties settings() {
        Properties p = new Properties();
        Path f = dir.resolve("settings.properties");
        try (var in = Files.newBufferedReader(f)) {
            p.load(in);
        } catch (IOException | IllegalArgumentException e) {
            // none yet, or unreadable: defaults
        }
        return p;
    }

    public List<Path> recent() {
        List<Path> out = new ArrayList<>();
        try {
            if (Files.exists(recentFile())) {
                for (String line : Files.readAllLines(recentFile(), StandardCharsets.UTF_8)) {
                    if (!line.isBlank()) {
                        out.add(Path.of(line.trim()));
                    }
                }
            }
        } catch (IOException | RuntimeException e) {
            // an unreadable list is an empty list
        }
        return out;
    }

    public void addRecent(Path file) {
        List<Path> list = recent();
        Path abs = file.toAbsolutePath().normalize();
        list.remove(abs);
        list.add(0, abs);
        while (list.size() > MAX_RECENT) {
            list.remove(list.size() - 1);
        }
        StringBuilder b = new StringBuilder();
        list.forEach(p -> b.append(p).append('\n'));
        try {
            Files.createDirectories(dir);
            AtomicFiles.writeString(recentFile(), b.toString());
        } catch (IOException e) {
            // the recent list is a convenience; failing to write it loses nothing
        }
    }

    /** Writes this instance's autosave copy: the sheet and the path it belongs to, in one atomic write. */
    public void autosave(Worksheet ws, Path origin) throws IOException {
        autosaves.save(ws, origin);
    }

    /** Removes this instance's autosave copy (saved, or discarded); the window goes on with its lock. */
    public void clearAutosave() {
        autosaves.clear();
    }

    /** On a clean exit: this instance's copy and lock are removed. */
    public void closeAutosave() {
        autosaves.close();
    }

    /** What a kill -9 does to this instance: its lock is released by the system, its copy stays (tests). */
    void dropAutosaveLock() {
        autosaves.dropLock();
    }

    /**
     * A recoverable sheet left by an instance that did not close cleanly.
     *
     * @param origin  the file the sheet belongs to, or null (Untitled, or not known)
     * @param id      which instance's copy it is
     */
    public record Recovery(Worksheet sheet, Path origin, Instant savedAt, String id) { }

    /**
     * Every autosave copy no running instance holds, newest first; each stays locked by this instance until it is
     * restored, discarded or released.
     */
    public List<Recovery> recoveries() {
        return autosaves.orphans();
    }

    /** Restores a copy: it becomes this instance's own, so its later autosaves replace it. */
    public void restore(Recovery r) {
        autosaves.adopt(r);
    }

    /** Declined: the copy is deleted. */
    public void discard(Recovery r) {
        autosaves.discard(r);
    }

    /** Not asked about now: left for the next start. */
    public void release(Recovery r) {
        autosaves.release(r);
    }
}
