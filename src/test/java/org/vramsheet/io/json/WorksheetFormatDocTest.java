package org.vramsheet.io.json;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.vramsheet.core.input.InputDecl;
import org.vramsheet.core.input.Inputs;

/** docs/worksheet-format.md documents every declared input with its version, and nothing that is not declared. */
class WorksheetFormatDocTest {
    private static final Pattern ROW = Pattern.compile("^\\| `([A-Za-z0-9.\\[\\]]+)` \\| (\\d+) \\|", Pattern.MULTILINE);

    @Test
    void everyDeclaredKeyIsDocumentedWithItsVersion() throws IOException {
        String doc = Files.readString(Path.of("docs/worksheet-format.md"));
        Map<String, Integer> documented = new TreeMap<>();
        Matcher m = ROW.matcher(doc);
        while (m.find()) {
            documented.put(m.group(1), Integer.parseInt(m.group(2)));
        }
        Map<String, Integer> declared = new TreeMap<>();
        for (InputDecl d : Inputs.all()) {
            declared.put(d.key(), d.since());
        }
        assertEquals(declared, documented, "docs/worksheet-format.md's key table against core/input/Inputs");
    }
}
