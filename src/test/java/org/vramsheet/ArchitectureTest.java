package org.vramsheet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** core is pure: no JavaFX and no I/O; io has no JavaFX (STYLE.md, like JabRef's doNotUseGuiInLogic). */
class ArchitectureTest {
    private static final Path MAIN = Path.of("src/main/java/org/vramsheet");
    private static final Pattern JAVAFX = Pattern.compile("^\\s*import\\s+(static\\s+)?javafx\\.", Pattern.MULTILINE);
    private static final Pattern IO = Pattern.compile(
            "^\\s*import\\s+(static\\s+)?(java\\.io\\.|java\\.nio\\.|java\\.net\\.|com\\.fasterxml\\.|org\\.apache\\.)",
            Pattern.MULTILINE);
    private static final Pattern IO_CALLS = Pattern.compile("\\b(System\\.(out|err|in|exit)|java\\.io\\.|java\\.nio\\.)");

    private static List<String> violations(String pkg, Pattern... patterns) throws IOException {
        List<String> out = new ArrayList<>();
        Path dir = MAIN.resolve(pkg);
        assertTrue(Files.isDirectory(dir), dir + " exists");
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
                String text = Files.readString(f);
                for (Pattern p : patterns) {
                    if (p.matcher(text).find()) {
                        out.add(f + " matches " + p.pattern());
                    }
                }
            }
        }
        return out;
    }

    @Test
    void coreUsesNoJavaFxAndNoIo() throws IOException {
        assertEquals(List.of(), violations("core", JAVAFX, IO, IO_CALLS));
    }

    @Test
    void ioAndCliUseNoJavaFx() throws IOException {
        assertEquals(List.of(), violations("io", JAVAFX));
        assertEquals(List.of(), violations("cli", JAVAFX));
    }

    @Test
    void theRuleCatchesAViolation() {
        assertTrue(JAVAFX.matcher("package x;\nimport javafx.scene.Node;\n").find());
        assertTrue(IO.matcher("import java.nio.file.Files;").find());
        assertTrue(IO_CALLS.matcher("System.out.println(1);").find());
    }
}
