package org.vramsheet.ui.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.vramsheet.core.sheet.Worksheet;

/**
 * Issue 31, Seen 11: the README described a first start that was not what opens, and did not name the GTK 3 libraries
 * the window needs on Linux. Its set-up paragraph is read against the sample the window opens when there is no file to
 * reopen ({@link FileController#DEFAULT_SAMPLE}) under the start page.
 */
class ReadmeFirstStartTest {
    private static String setUp() throws Exception {
        String readme = Files.readString(Path.of("README.md")).replace('\n', ' ');
        int from = readme.indexOf("## Set-up");
        return readme.substring(from, readme.indexOf("Run every test", from));
    }

    @Test
    void theFirstStartIsTheStartPageOverTheDefaultSample() throws Exception {
        String s = setUp();
        int first = s.indexOf("the first start");
        assertTrue(first > 0, s);
        String sentence = s.substring(first, s.indexOf("later starts", first));
        assertTrue(sentence.contains("shows the start page"), sentence);
        Worksheet ws = FileController.sample(FileController.DEFAULT_SAMPLE);
        String model = ws.model().modelId().substring(ws.model().modelId().indexOf('/') + 1).replaceFirst("-it$", "");
        assertTrue(sentence.contains("worksheet of " + model), model + " in: " + sentence);
        assertEquals(1, ws.gpu().count(), "one GPU");
        String gpu = ws.gpu().name().replaceFirst("^NVIDIA ", "").split(" ")[0];
        assertTrue(sentence.contains("on one " + gpu), gpu + " in: " + sentence);
        assertTrue(s.contains("later starts reopen the most recent file that still exists"), s);
    }

    @Test
    void linuxNeedsGtk3AndTheReadmeSaysHowToInstallIt() throws Exception {
        String s = setUp();
        assertTrue(s.contains("On Linux the window needs GTK 3"), s);
        assertTrue(s.contains("sudo apt-get install -y libgtk-3-0"), s);
        assertTrue(s.contains("xvfb-run"), "a machine without a display: " + s);
    }
}
