package org.vramsheet.ui.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.vramsheet.Robot;
import org.vramsheet.io.json.WorksheetJson;

/**
 * Seen: started with a file (a double-click) after a kill -9, Restore loaded the file on disk over the recovered
 * sheet, and Ctrl+Q then quit without asking. Here a real window in its own JVM is started with a file, edited and
 * killed (SIGKILL, no clean exit); a second JVM starts on the same file and restores.
 */
@Robot
class CrashRecoveryRobotTest {
    private static Process child(String mode, Path home, Path file) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path")));
        for (String p : new String[] {"glass.platform", "monocle.platform", "prism.order", "prism.text", "testfx.headless",
            "java.awt.headless"}) {
            if (System.getProperty(p) != null) {
                cmd.add("-D" + p + "=" + System.getProperty(p));
            }
        }
        cmd.addAll(List.of(CrashChild.class.getName(), mode, home.toString(), file.toString()));
        return new ProcessBuilder(cmd).redirectErrorStream(true).start();
    }

    private static List<String> readUntil(Process p, String last, long seconds) throws Exception {
        List<String> lines = new ArrayList<>();
        BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        String line;
        while (System.nanoTime() < end && (line = r.readLine()) != null) {
            lines.add(line);
            if (line.startsWith(last)) {
                break;
            }
        }
        return lines;
    }

    @Test
    void restoreAfterAKillWhenStartedWithAFile(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("team.json");
        Files.writeString(file, WorksheetJson.write(WorksheetJson.read(Path.of("assets/samples/seed003-70b-int4-80gib.json"))));
        Path home = dir.resolve("home");
        Process crash = child("crash", home, file);
        List<String> out = readUntil(crash, "AUTOSAVED", 60);
        assertTrue(out.contains("AUTOSAVED"), String.join("\n", out));
        crash.destroyForcibly().waitFor(20, TimeUnit.SECONDS); // SIGKILL: no clean exit, no closed()
        Process recover = child("recover", home, file);
        List<String> got = readUntil(recover, "FILE", 60);
        recover.waitFor(30, TimeUnit.SECONDS);
        recover.destroyForcibly();
        assertTrue(got.contains("OFFERS 1"), String.join("\n", got));
        assertTrue(got.contains("MODEL edited before the crash"), "the file is not loaded over the recovered work:\n"
                + String.join("\n", got));
        assertTrue(got.contains("DIRTY true"), "recovered work is unsaved, so quitting asks:\n" + String.join("\n", got));
        assertTrue(got.stream().anyMatch(l -> l.startsWith("FILE ") && l.endsWith("team.json")), String.join("\n", got));
        assertEquals("70B-class GQA-8 example (seed 003)", WorksheetJson.read(file).model().modelId(),
                "the file on disk is untouched until saved");
    }
}
