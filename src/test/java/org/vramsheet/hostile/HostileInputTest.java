package org.vramsheet.hostile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.vramsheet.cli.Cli;
import org.vramsheet.io.json.WorksheetJson;

/**
 * Every case seen by a hostile tester (issue 14), through the CLI's entry point: exit 2 with one line of at most
 * 300 characters and no control characters, never a stack trace, never a hang, never a silent misreading.
 */
class HostileInputTest {
    @TempDir
    Path dir;

    record Run(int code, String out, String err) { }

    static Run run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = assertTimeoutPreemptively(Duration.ofSeconds(10), () -> Cli.run(args,
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8)));
        return new Run(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    /** Exit 2, one line on stderr that says {@code expect}, at most 300 characters, no control characters. */
    static void refused(Run r, String expect) {
        assertEquals(2, r.code(), r.err());
        String[] lines = r.err().strip().split("\n");
        assertEquals(1, lines.length, "one line: " + r.err());
        assertTrue(lines[0].length() <= 300, lines[0].length() + " characters");
        assertTrue(lines[0].chars().noneMatch(c -> Character.isISOControl(c)), lines[0]);
        assertTrue(lines[0].contains(expect), lines[0]);
        assertFalse(r.err().contains("Exception"), r.err());
    }

    private Path sheet(String field, Object value) throws Exception {
        ObjectNode root = (ObjectNode) WorksheetJson.shared().readTree(
                Files.readString(Path.of("assets/samples/seed003-70b-int4-80gib.json")));
        String[] path = field.split("\\.");
        ((ObjectNode) root.get(path[0])).putPOJO(path[1], value);
        Path f = dir.resolve("s.json");
        Files.writeString(f, WorksheetJson.shared().writeValueAsString(root));
        return f;
    }

    @Test
    void jsonNestedDeeperThanTheLimit() throws Exception {
        Path f = dir.resolve("deep.json");
        Files.writeString(f, "{\"model\":".repeat(2000) + "{}" + "}".repeat(2000));
        refused(run("calc", f.toString()), "nesting depth");
    }

    /** Seen: "139,81 GiB" read as 13,981 GiB and "4,5 GiB" as 45 GiB, exit 0. */
    @Test
    void aDecimalCommaIsRefusedNotMisread() throws Exception {
        refused(run("calc", sheet("gpu.totalBytes", "139,81 GiB").toString()), "not a number: '139,81 GiB'");
        refused(run("calc", sheet("gpu.totalBytes", "4,5 GiB").toString()), "not a number: '4,5 GiB'");
        assertEquals(0, run("calc", sheet("gpu.totalBytes", "79.19 GiB").toString()).code());
        assertEquals(0, run("calc", sheet("gpu.totalBytes", "85,899,345,920").toString()).code(), "thousands separators");
    }

    /** Seen: a 1 MB digit string took 48 s; "1e400" gave "Character I is neither a decimal digit...". */
    @Test
    void hugeAndExoticNumbersAreRefusedQuickly() throws Exception {
        refused(run("calc", sheet("gpu.totalBytes", "1".repeat(1_000_000)).toString()), "too large: '1111");
        refused(run("calc", sheet("gpu.totalBytes", "1e400").toString()), "not a size: '1e400'");
        refused(run("calc", sheet("gpu.count", new java.math.BigInteger("1" + "0".repeat(100_000))).toString()),
                "Number value length");
    }

    /** Seen: an enum value containing "[" corrupted the "expected one of" list. */
    @Test
    void anEnumValueWithABracketKeepsTheList() throws Exception {
        Run r = run("calc", sheet("runtime.engine", "vllm[x]").toString());
        refused(r, "unknown value \"vllm[x]\"; expected one of [VLLM,");
    }

    /** Seen: raw control characters from input reached the terminal; reasons ran past 2,000 characters. */
    @Test
    void controlCharactersAndLongTextNeverReachTheTerminalRaw() throws Exception {
        Run r = run("calc", sheet("model.modelId", "evil\u001b[31mRED\u001b[0m\nsecond line").toString());
        assertEquals(0, r.code(), r.err());
        assertFalse(r.out().contains("\u001b"), "no raw ESC on stdout");
        refused(run("calc", sheet("gpu.count", "x".repeat(5000)).toString()), "not a whole number: 'xxx");
    }

    static Stream<Arguments> badConfigs() {
        return Stream.of(
                Arguments.of("num_key_value_heads", 0, "num_key_value_heads = 0 is out of range"),
                Arguments.of("num_key_value_heads", -8, "num_key_value_heads = -8 is out of range"),
                Arguments.of("num_hidden_layers", 3e9, "num_hidden_layers = 3,000,000,000 is out of range"),
                Arguments.of("num_hidden_layers", 2e9, "num_hidden_layers = 2,000,000,000 is out of range"),
                Arguments.of("num_hidden_layers", 1e8, "num_hidden_layers = 100,000,000 is out of range"),
                Arguments.of("num_hidden_layers", 0, "num_hidden_layers = 0 is out of range"),
                Arguments.of("head_dim", 0, "head_dim = 0 is out of range"),
                Arguments.of("kv_lora_rank", "512", "kv_lora_rank must be a number"),
                Arguments.of("intermediate_size", 9007199254740992L, "overflow"),
                Arguments.of("num_hidden_layers", 1.5, "is not a whole number"));
    }

    @ParameterizedTest(name = "{0} = {1}")
    @MethodSource("badConfigs")
    void badConfigValuesAreRefusedAtImport(String key, Object value, String expect) throws Exception {
        ObjectNode c = (ObjectNode) WorksheetJson.shared().readTree(Files.readString(
                Path.of("src/main/resources/org/vramsheet/catalog/models/meta-llama__Llama-3.1-8B-Instruct.json")));
        ObjectNode cfg = c.has("config") ? (ObjectNode) c.get("config") : c;
        cfg.putPOJO(key, value);
        Path f = dir.resolve("config.json");
        Files.writeString(f, WorksheetJson.shared().writeValueAsString(cfg));
        refused(run("import", f.toString()), expect);
    }

    static Stream<Arguments> zeroPeriods() {
        return Stream.of(Arguments.of("google__gemma-3-27b-it.json", "sliding_window_pattern"),
                Arguments.of("ai21labs__AI21-Jamba-1.5-Mini.json", "attn_layer_period"),
                Arguments.of("Qwen__Qwen3-Next-80B-A3B-Instruct.json", "full_attention_interval"),
                Arguments.of("deepseek-ai__DeepSeek-V2-Lite.json", "moe_layer_freq"),
                Arguments.of("Qwen__Qwen3-30B-A3B.json", "decoder_sparse_step"),
                Arguments.of("meta-llama__Llama-4-Scout-17B-16E-Instruct.json", "interleave_moe_layer_step"));
    }

    /** Seen: a layer period or step of 0 crashed with ArithmeticException (division by zero). */
    @ParameterizedTest(name = "{0}: {1} = 0")
    @MethodSource("zeroPeriods")
    void aZeroPeriodIsRefused(String file, String key) throws Exception {
        ObjectNode c = (ObjectNode) WorksheetJson.shared().readTree(Files.readString(
                Path.of("src/main/resources/org/vramsheet/catalog/models", file)));
        ObjectNode cfg = c.has("config") ? (ObjectNode) c.get("config") : c;
        ObjectNode target = cfg.has("text_config") && !cfg.has(key) ? (ObjectNode) cfg.get("text_config") : cfg;
        target.put(key, 0);
        Path f = dir.resolve("config.json");
        Files.writeString(f, WorksheetJson.shared().writeValueAsString(cfg));
        Run r = run("import", f.toString());
        refused(r, key + " = 0 is out of range");
    }

    static String logWith(String... lines) {
        return String.join("\n", lines) + "\n";
    }

    /** Seen: NumberFormatException / ArithmeticException from log lines; Infinity and NaN in --json. */
    @Test
    void badLogValuesAreSkippedNotFatal() throws Exception {
        Path log = dir.resolve("bad.log");
        Files.writeString(log, logWith(
                "INFO non-default args: {'model': 'meta-llama/Llama-3.1-8B-Instruct', 'max_model_len': None}",
                "INFO [kv_cache_utils.py:1087] GPU KV cache size: , tokens",
                "INFO [gpu_worker.py:298] Available KV cache memory: 9000000000 GiB",
                "INFO Maximum concurrency for 8,192 tokens per request: 1" + "0".repeat(400) + ".5x",
                "INFO [kv_cache_utils.py:1087] GPU KV cache size: 455,184 tokens"));
        Run r = run("validate", log.toString(), "--worksheet", "assets/samples/llama-3.1-70b-bf16-h200.json", "--json");
        assertTrue(r.code() == 0 || r.code() == 2, r.err());
        JsonNode j = WorksheetJson.shared().readTree(r.out());
        assertFalse(r.out().contains("Infinity") || r.out().contains("NaN"), r.out());
        assertTrue(j.isObject());
        var m = org.vramsheet.io.logs.EngineLogParser.parse(Files.readString(log));
        assertEquals(4, m.skippedLines().size(), "the four bad lines are refused, not misread: " + m.skippedLines());
        assertTrue(org.vramsheet.io.logs.EngineLogParser.summary(m).contains("4 lines skipped"),
                org.vramsheet.io.logs.EngineLogParser.summary(m));
    }

    /** Seen: 1.6 MB of "Load weight end. " took 129 s, 456 KB of "non-default args: {" 22.6 s. */
    @Test
    void pathologicalLogLinesAreLinear() throws Exception {
        for (String bomb : new String[] {"Load weight end. ".repeat(100_000), "non-default args: {".repeat(24_000),
            "Load weight end. ".repeat(500) + "mem usage=" + "1".repeat(500)}) {
            Path log = dir.resolve("bomb.log");
            Files.writeString(log, bomb + "\nINFO GPU KV cache size: 455,184 tokens\n");
            Run r = run("validate", log.toString(), "--worksheet", "assets/samples/llama-3.1-70b-bf16-h200.json");
            assertTrue(r.code() == 0 || r.code() == 2, r.err());
        }
    }

    /** Seen: validate --json -o FILE printed "Wrote FILE" after the JSON, so stdout was not JSON. */
    @Test
    void validateJsonWithOutputPrintsOnlyJson() throws Exception {
        JsonNode logs = WorksheetJson.shared().readTree(Files.readString(
                Path.of("src/test/resources/calibration/vllm_startup_logs.json")));
        StringBuilder b = new StringBuilder();
        for (JsonNode e : logs) {
            if (e.get("id").asText().equals("P08")) {
                e.get("lines").forEach(l -> b.append(l.asText()).append('\n'));
            }
        }
        Path log = Files.writeString(dir.resolve("p08.log"), b);
        Path out = dir.resolve("out.json");
        Run r = run("validate", log.toString(), "--worksheet", "assets/samples/gemma-2-9b-sliding-window-h100.json", "--json",
                "-o", out.toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(WorksheetJson.shared().readTree(r.out()).isObject(), "stdout parses as one JSON document");
        assertTrue(r.err().contains("Wrote " + out), r.err());
    }

    /** Seen: verify on a report whose attachment nests deeper than the limit crashed with a NullPointerException. */
    @Test
    void verifyOnAHostileAttachmentIsAFailedCheckNotACrash() throws Exception {
        var ws = WorksheetJson.read(Path.of("assets/samples/seed003-70b-int4-80gib.json"));
        byte[] pdf = org.vramsheet.report.PdfReport.render(new org.vramsheet.report.ReportData(ws, "test",
                java.time.ZonedDateTime.now()), org.apache.pdfbox.pdmodel.common.PDRectangle.A4);
        Path f = dir.resolve("hostile.pdf");
        try (var doc = org.apache.pdfbox.Loader.loadPDF(pdf)) {
            var fs = doc.getDocumentCatalog().getNames().getEmbeddedFiles().getNames().get(org.vramsheet.report.PdfReport.ATTACHMENT);
            fs.setEmbeddedFile(new org.apache.pdfbox.pdmodel.common.filespecification.PDEmbeddedFile(doc,
                    new java.io.ByteArrayInputStream(("{\"model\":".repeat(5000) + "{}" + "}".repeat(5000))
                            .getBytes(StandardCharsets.UTF_8))));
            doc.save(f.toFile());
        }
        Run r = run("verify", f.toString());
        assertEquals(1, r.code(), r.err() + r.out());
        assertTrue(r.out().contains("FAIL attached worksheet unreadable") && r.out().contains("nesting depth"), r.out());
        assertFalse(r.err().contains("Exception"), r.err());
    }

    /** Seen: a 2 MB string produced 62 MB of output. */
    @Test
    void aHugeStringGivesAShortAnswer() throws Exception {
        Run r = run("calc", sheet("runtime.engine", "v".repeat(2_000_000)).toString());
        refused(r, "String value length");
        Run shorter = run("calc", sheet("runtime.engine", "v".repeat(900_000)).toString());
        refused(shorter, "unknown value \"vvvv");
        assertTrue(shorter.out().length() + shorter.err().length() < 10_000, "output " + shorter.err().length());
        assertTrue(r.out().length() + r.err().length() < 10_000, "output " + (r.out().length() + r.err().length()));
    }

    /** Seen: safetensors offsets that wrap gave exactly 100,000,000,000 bytes; negative totals were accepted. */
    @Test
    void safetensorsOffsetsThatWrapAreRefused() throws Exception {
        String header = "{\"a\":{\"dtype\":\"BF16\",\"shape\":[4611686018427387904,2],\"data_offsets\":[0," + Long.MAX_VALUE + "]},"
                + "\"b\":{\"dtype\":\"BF16\",\"shape\":[50000000000],\"data_offsets\":[0,100000000000]}}";
        var e = org.junit.jupiter.api.Assertions.assertThrows(java.io.IOException.class,
                () -> org.vramsheet.io.model.Safetensors.dtypeBytes(header.getBytes(StandardCharsets.UTF_8)));
        assertTrue(e.getMessage().contains("overflow"), e.getMessage());
        var backwards = org.junit.jupiter.api.Assertions.assertThrows(java.io.IOException.class,
                () -> org.vramsheet.io.model.Safetensors.dtypeBytes("{\"a\":{\"dtype\":\"BF16\",\"shape\":[0],\"data_offsets\":[10,2]}}"
                        .getBytes(StandardCharsets.UTF_8)));
        assertTrue(backwards.getMessage().contains("run backwards"), backwards.getMessage());
        assertEquals(null, org.vramsheet.io.model.Safetensors.indexTotalSize(
                WorksheetJson.shared().readTree("{\"metadata\":{\"total_size\":-5}}")), "a negative total is no total");
    }
}
