package org.vramsheet.io;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** verify accepts a report of another version only when that version existed: the list must hold pom.xml's version. */
class AppVersionTest {
    @Test
    void theBuildsVersionIsListedAndAnInventedOneIsNot() throws Exception {
        Matcher m = Pattern.compile("<artifactId>vramsheet</artifactId>\\s*<version>([^<]+)</version>")
                .matcher(Files.readString(Path.of("pom.xml")));
        assertTrue(m.find(), "pom.xml names the project's version");
        assertTrue(AppVersion.RELEASED.contains(m.group(1)), m.group(1) + " is in AppVersion.RELEASED: add it when it changes");
        assertTrue(AppVersion.existed("dev", "dev"), "the running version exists");
        assertFalse(AppVersion.existed("0.0.9", "0.1.0-SNAPSHOT"), "a version that never was");
    }
}
