package org.vramsheet.hostile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
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
import org.vramsheet.core.input.WorksheetValidator;
import org.vramsheet.io.json.WorksheetJson;

/**
 * Seen: worksheets at the documented limits ran out of memory at -Xmx256m (a sequenceLengths list of 10,000,000
 * entries). A child JVM with a 256 MiB heap opens, calculates and exports sheets at every limit: 12 variants, each
 * with three workloads of full explicit lists, counts and lengths at their maxima, and 10,000 windowed layers.
 */
class LimitsMemoryTest {
    @TempDir
    Path dir;

    /** Every sheet of the file (the shown one and each stored variant) with its lists full and its counts at the limits. */
    static Path atTheLimits(Path dir, String name, int lengths, boolean windows) throws Exception {
        ObjectNode root = (ObjectNode) WorksheetJson.shared().readTree(Files.readString(
                Path.of("assets/samples/llama-3.1-70b-variants-bf16-fp8-int4.json")));
        ArrayNode list = (ArrayNode) root.get("variants").get("list");
        for (int i = 0; list.size() < 12; i++) {
            ObjectNode copy = list.get(1).deepCopy();
            copy.put("name", "V" + i);
            list.add(copy);
        }
        List<ObjectNode> sheets = new ArrayList<>(List.of(root));
        list.forEach(v -> {
            if (v.get("sheet") instanceof ObjectNode s) {
                sheets.add(s);
            }
        });
        for (ObjectNode s : sheets) {
            fill(s, lengths, windows);
        }
        Path f = dir.resolve(name);
        Files.writeString(f, WorksheetJson.shared().writeValueAsString(root));
        return f;
    }

    private static void fill(ObjectNode s, int lengths, boolean windows) {
        for (String w : new String[] {"typical", "heavy", "limit"}) {
            ObjectNode load = (ObjectNode) s.get("workloads").get(w);
            load.remove(List.of("inputTokens", "generatedTokens", "concurrentSequences"));
            ArrayNode lens = load.putArray("sequenceLengths");
            for (int i = 0; i < lengths; i++) {
                lens.add(100_000_000L - i);
            }
        }
        ((ObjectNode) s.get("result")).put("targetSequences", WorksheetValidator.MAX_SEQUENCES).put("contextLength", 100_000_000L);
        ((ObjectNode) s.get("runtime")).put("maxModelLen", 100_000_000L);
        ((ObjectNode) s.get("model")).put("maxContextTokens", 100_000_000L);
        if (windows) {
            ObjectNode kv = (ObjectNode) s.get("kv");
            kv.put("layers", 10_000);
            ArrayNode ws = kv.putArray("windows");
            for (int i = 0; i < 10_000; i++) {
                ws.addObject().put("layers", 1).put("window", 100_000_000L - i).put("kind", "SLIDING");
            }
        }
    }

    @Test
    void sheetsAtTheLimitsOpenCalculateAndExportIn256MiB() throws Exception {
        Path lists = atTheLimits(dir, "lists.json", WorksheetValidator.MAX_LENGTHS, false);
        Path windows = atTheLimits(dir, "windows.json", WorksheetValidator.MAX_LENGTHS, true);
        // the old documented limit: one list of 10,000,000 entries (it ran out of memory): now refused with one line
        Path old = dir.resolve("old.json");
        StringBuilder b = new StringBuilder("{\"workloads\":{\"limit\":{\"sequenceLengths\":[1");
        for (long i = 1; i < WorksheetValidator.MAX_SEQUENCES; i++) {
            b.append(",1");
        }
        Files.writeString(old, b.append("]}}}"));
        b.setLength(0);
        JsonNode check = WorksheetJson.shared().readTree(Files.readString(lists));
        assertEquals(12, check.get("variants").get("list").size());
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx256m",
                "-cp", System.getProperty("java.class.path"), LimitsChild.class.getName(),
                "calc", lists.toString(), "--json", "--next", "calc", windows.toString(), "--json", "--next",
                "export", lists.toString(), "--xlsx", dir.resolve("r.xlsx").toString(), "--pdf", dir.resolve("r.pdf").toString(),
                "--next", "calc", old.toString()));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        List<String> out = new ArrayList<>();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line = r.readLine(); line != null; line = r.readLine()) {
                out.add(line);
            }
        }
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "the child finished");
        String all = String.join("\n", out);
        assertTrue(out.contains("DONE") && out.stream().filter(l -> l.startsWith("EXIT 0 ")).count() == 3, all);
        assertTrue(out.stream().anyMatch(l -> l.startsWith("EXIT 2 calc")), "the old limit is refused, not out of memory: " + all);
        assertTrue(all.contains("larger than a worksheet can be") && !all.contains("OutOfMemoryError"), all);
        assertTrue(Files.size(dir.resolve("r.xlsx")) > 0 && Files.size(dir.resolve("r.pdf")) > 0);
    }

    /** Past the limits: refused with one line before anything large is built. */
    @Test
    void pastTheLimitsIsRefusedWithOneLine() throws Exception {
        Path over = atTheLimits(dir, "over.json", WorksheetValidator.MAX_LENGTHS + 1, false);
        HostileInputTest.Run r = HostileInputTest.run("calc", over.toString());
        assertEquals(2, r.code(), r.err());
        assertTrue(r.err().contains("Sequence lengths: more than 2,048 lengths"), r.err());
        Path many = dir.resolve("many.json");
        StringBuilder b = new StringBuilder("{\"junk\":[");
        for (int i = 0; i < 1_100_000; i++) {
            b.append(i == 0 ? "1" : ",1");
        }
        Files.writeString(many, b.append("]}"));
        HostileInputTest.refused(HostileInputTest.run("calc", many.toString()), "more than 1,000,000 values");
        Path big = dir.resolve("big.json");
        Files.writeString(big, "{\"notes\":\"" + "x".repeat(999_000) + "\",\"pad\":[" + "\"y\",".repeat(4_300_000) + "1]}");
        HostileInputTest.refused(HostileInputTest.run("calc", big.toString()), "larger than a worksheet can be (16 MiB of text)");
    }
}
