package org.vramsheet.ui.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.vramsheet.io.json.WorksheetJson;
import org.vramsheet.ui.dialogs.ScriptedDialogs;
import org.vramsheet.ui.model.SheetViewModel;

/** One autosave copy per instance, locked while it runs, the sheet and its file in one file; every orphan offered. */
class AutosaveTest {
    @TempDir
    Path dir;

    private record Window(SheetViewModel vm, ScriptedDialogs dialogs, FileController files, AppHome home) { }

    private Window start(boolean recover) {
        SheetViewModel vm = new SheetViewModel();
        ScriptedDialogs d = new ScriptedDialogs();
        d.recover = recover;
        AppHome home = new AppHome(dir.resolve("home"));
        FileController f = new FileController(vm, d, home);
        f.start();
        return new Window(vm, d, f, home);
    }

    /** A window already running (past its start) with unsaved work, autosaved. */
    private Window edited(String modelId) {
        SheetViewModel vm = new SheetViewModel();
        ScriptedDialogs d = new ScriptedDialogs();
        AppHome home = new AppHome(dir.resolve("home"));
        FileController f = new FileController(vm, d, home);
        vm.open(FileController.sample(FileController.DEFAULT_SAMPLE), null);
        vm.model.modelId.set(modelId);
        f.autosave();
        return new Window(vm, d, f, home);
    }

    /** Seen: two instances shared one autosave.json, so one instance's save deleted the other's unsaved work. */
    @Test
    void twoInstancesNeverShareOrDeleteEachOthersCopy() throws Exception {
        Window a = edited("work of A");
        Window b = edited("work of B");
        a.dialogs().saveAnswers.add(dir.resolve("a.json"));
        assertTrue(a.files().save(), "A saves: its own copy goes");
        Window c = start(true);
        assertEquals(List.of(), c.dialogs().recoveryOffers, "B is running: its copy is not offered to another instance");
        b.home().dropAutosaveLock(); // B is killed
        Window d = start(true);
        assertEquals(1, d.dialogs().recoveryOffers.size(), d.dialogs().recoveryOffers.toString());
        assertEquals("work of B", d.vm().model.modelId.get(), "B's unsaved work survived A's save");
        c.files().closed();
        d.files().closed();
        a.files().closed();
        try (var files = Files.list(dir.resolve("home"))) {
            assertEquals(List.of(), files.filter(p -> p.getFileName().toString().startsWith("autosave")).toList(),
                    "clean exits leave no copy and no lock file");
        }
    }

    @Test
    void everyOrphanedCopyIsOffered() {
        edited("first").home().dropAutosaveLock();
        edited("second").home().dropAutosaveLock();
        Window declines = start(false);
        assertEquals(2, declines.dialogs().recoveryOffers.size(), "both are offered: " + declines.dialogs().recoveryOffers);
        assertTrue(declines.dialogs().recoveryOffers.get(0).contains("More unsaved worksheets were found (1)"),
                declines.dialogs().recoveryOffers.get(0));
        edited("third").home().dropAutosaveLock();
        edited("fourth").home().dropAutosaveLock();
        Window restores = start(true);
        assertEquals(1, restores.dialogs().recoveryOffers.size(), "one is restored into the window");
        assertEquals("fourth", restores.vm().model.modelId.get(), "the newest first");
        Window next = start(true);
        assertEquals("third", next.vm().model.modelId.get(), "the other is left for the next start");
        assertEquals("google/gemma-2-9b-it", start(true).vm().model.modelId.get(), "the declined ones were discarded");
    }

    /** An autosave.json and autosave.origin of an earlier version: offered, without the file (it may be another's). */
    @Test
    void anEarlierVersionsCopyIsOfferedWithoutItsPath() throws Exception {
        Path home = Files.createDirectories(dir.resolve("home"));
        var ws = WorksheetJson.read(Path.of("assets/samples/seed003-70b-int4-80gib.json"));
        Files.writeString(home.resolve("autosave.json"), WorksheetJson.write(ws.withModel(ws.model().withModelId("legacy"))));
        Files.writeString(home.resolve("autosave.origin"), dir.resolve("other-sheet.json").toString());
        Window w = start(true);
        assertEquals("legacy", w.vm().model.modelId.get());
        assertNull(w.vm().file.get(), "Save asks where: the recorded path may be another sheet's");
        assertTrue(w.vm().dirtyProperty().get());
        assertTrue(Files.notExists(home.resolve("autosave.json")), "moved into this instance's own copy");
        w.home().dropAutosaveLock();
        assertEquals("legacy", start(true).vm().model.modelId.get(), "and recoverable from there after another kill");
    }

    /**
     * Seen: the autosave was two separate writes (sheet, then its path), so a recovered copy named another sheet's file
     * in 7 of 13 kills, and Restore then Save overwrote that file. Here a child JVM autosaves sheet A of a.json and sheet
     * B of b.json in turn and is killed (SIGKILL) at random moments: the copy recovered always pairs a sheet with its own
     * file.
     */
    @Test
    void aKilledAutosaveNeverPairsASheetWithAnotherSheetsFile() throws Exception {
        Random rnd = new Random(26);
        for (int run = 0; run < 4; run++) {
            Path home = dir.resolve("home" + run);
            Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                    System.getProperty("java.class.path"), AutosaveChild.class.getName(), home.toString(), dir.toString())
                    .redirectErrorStream(true).start();
            BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
            assertEquals("SAVING", r.readLine());
            Thread.sleep(100 + rnd.nextInt(400));
            p.destroyForcibly().waitFor(20, TimeUnit.SECONDS);
            AppHome next = new AppHome(home);
            List<AppHome.Recovery> found = next.recoveries();
            assertEquals(1, found.size(), "run " + run + ": one copy, whole");
            AppHome.Recovery got = found.get(0);
            String expected = got.sheet().model().modelId().equals("A") ? "a.json" : "b.json";
            assertEquals(expected, got.origin().getFileName().toString(), "run " + run + ": sheet "
                    + got.sheet().model().modelId() + " is recovered with its own file");
            next.release(got);
        }
    }

    /** A pair of report files a kill left half moved, beside a recent file: the next start completes it. */
    @Test
    void theStartCompletesAnExportAKillInterrupted() throws Exception {
        Path reports = Files.createDirectories(dir.resolve("reports"));
        Path sheet = reports.resolve("team.json");
        Files.writeString(sheet, WorksheetJson.write(WorksheetJson.read(Path.of("assets/samples/seed003-70b-int4-80gib.json"))));
        new AppHome(dir.resolve("home")).addRecent(sheet);
        Files.writeString(reports.resolve("team.xlsx"), "new xlsx");
        Files.writeString(reports.resolve("team.pdf"), "old pdf");
        Files.writeString(reports.resolve(".team.pdf.1.tmp"), "new pdf");
        Files.writeString(reports.resolve(".vramsheet-write-1.journal"), "vramsheet-write-journal 1\n"
                + reports.resolve("team.pdf").toUri() + "\t" + reports.resolve(".team.pdf.1.tmp").toUri() + "\t-\nend\n");
        start(true);
        assertEquals("new pdf", Files.readString(reports.resolve("team.pdf")), "the new PDF beside the new XLSX");
        assertTrue(Files.notExists(reports.resolve(".vramsheet-write-1.journal")));
    }
}
