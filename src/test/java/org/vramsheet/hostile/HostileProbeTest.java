package org.vramsheet.hostile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.vramsheet.cli.Cli;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.io.json.WorksheetJson;
import org.vramsheet.io.probe.HostileEngine;

/**
 * Issue 26, item 4: {@code probe} against a hostile engine on loopback. It never runs past {@code --max-seconds} (a
 * trickling or endless /metrics, completions never answered), reads at most 8 MiB of an answer, refuses every number
 * out of range with one line naming the metric, keeps {@code --max-requests} for every scenario, never sums two
 * engines' KV usage and escapes what the server says.
 */
class HostileProbeTest {
    private static final String SHEET = "assets/samples/seed003-70b-int4-80gib.json";
    @TempDir
    Path dir;
    private HostileEngine engine;

    record Run(int code, String out, String err, long millis) { }

    @BeforeEach
    void start() throws Exception {
        engine = new HostileEngine();
    }

    @AfterEach
    void stop() {
        engine.close();
    }

    private Run probe(String... args) {
        String[] line = new String[args.length + 2];
        line[0] = "probe";
        line[1] = engine.url();
        System.arraycopy(args, 0, line, 2, args.length);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        long t0 = System.nanoTime();
        int code = assertTimeoutPreemptively(Duration.ofSeconds(20), () -> Cli.run(line,
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8)));
        long ms = (System.nanoTime() - t0) / 1_000_000;
        return new Run(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8), ms);
    }

    private static void refused(Run r, String expect) {
        HostileInputTest.refused(new HostileInputTest.Run(r.code(), r.out(), r.err()), expect);
    }

    /** Seen: a /metrics that sends a byte a second ran past --max-seconds indefinitely (the timeout covered the headers). */
    @Test
    void aTricklingMetricsPageEndsAtMaxSeconds() {
        engine.body = HostileEngine.Body.ONE_BYTE_A_SECOND;
        Run r = probe("--max-seconds", "2");
        refused(r, "the time limit (2 s) ran out");
        assertTrue(r.millis() < 4_000, "stopped after " + r.millis() + " ms");
    }

    /** Seen: a /metrics that never ends was read without a cap. */
    @Test
    void anEndlessMetricsPageIsCutAt8MiB() {
        engine.body = HostileEngine.Body.ENDLESS;
        Run r = probe("--max-seconds", "15");
        refused(r, "larger than 8 MiB: refused");
        assertTrue(r.millis() < 10_000, "stopped after " + r.millis() + " ms");
    }

    /** Seen: a server that never answers a completion was reported as "no preemption", exit 0. */
    @Test
    void aServerThatAnswersNoCompletionIsAnError() throws Exception {
        engine.answerCompletions = false;
        Run r = probe("--worksheet", SHEET, "--scenario", "typical", "--max-seconds", "2");
        refused(r, "the server answered none of the 16 completions sent within the time limit (2 s)");
        assertTrue(r.millis() < 5_000, "stopped after " + r.millis() + " ms");
        Run ramp = probe("--worksheet", SHEET, "--scenario", "ramp", "--max-seconds", "2", "-o", dir.resolve("u.json").toString());
        refused(ramp, "answered none");
        assertFalse(Files.exists(dir.resolve("u.json")), "nothing written");
    }

    /** Seen: --max-requests 3 with --scenario typical (16 concurrent sequences) sent 16 completions. */
    @Test
    void theRequestLimitHoldsForAFixedScenario() throws Exception {
        Run r = probe("--worksheet", SHEET, "--scenario", "typical", "--max-requests", "3", "--json");
        assertEquals(0, r.code(), r.err());
        assertEquals(3, engine.completions.get(), "completions sent");
        JsonNode j = WorksheetJson.shared().readTree(r.out());
        assertEquals(3, j.get("requestsSent").asInt());
        assertTrue(j.get("stoppedBecause").asText().contains("request limit (3): ran 3 of the scenario's 16"), j.toString());
        for (String scenario : new String[] {"heavy", "limit", "ramp"}) {
            engine.completions.set(0);
            Run s = probe("--worksheet", SHEET, "--scenario", scenario, "--max-requests", "5", "--json");
            assertEquals(0, s.code(), s.err());
            assertTrue(engine.completions.get() <= 5, scenario + ": " + engine.completions.get() + " completions");
        }
    }

    /**
     * Seen: NaN blocks were written as 0 tokens, Infinity became -16, 1e18 wrapped negative, -5 became -80, SGLang's 1e300
     * became 2^63-1; +Inf or a missing num_gpu_blocks threw a NullPointerException, block_size="1e12" an
     * ArithmeticException. Each is exit 2 with one line naming the metric, and -o writes nothing.
     */
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "vllm:cache_config_info{block_size=\"16\",num_gpu_blocks=\"NaN\"} 1.0|num_gpu_blocks = \"NaN\": not a number",
        "vllm:cache_config_info{block_size=\"16\",num_gpu_blocks=\"Infinity\"} 1.0|num_gpu_blocks = \"Infinity\"",
        "vllm:cache_config_info{block_size=\"16\",num_gpu_blocks=\"+Inf\"} 1.0|num_gpu_blocks = \"+Inf\"",
        "vllm:cache_config_info{block_size=\"16\",num_gpu_blocks=\"1e18\"} 1.0|num_gpu_blocks = \"1e18\": out of range",
        "vllm:cache_config_info{block_size=\"16\",num_gpu_blocks=\"-5\"} 1.0|num_gpu_blocks = \"-5\": out of range",
        "vllm:cache_config_info{block_size=\"16\",num_gpu_blocks=\"2.5\"} 1.0|num_gpu_blocks = \"2.5\": not a whole number",
        "vllm:cache_config_info{block_size=\"16\"} 1.0|num_gpu_blocks is missing",
        "vllm:cache_config_info{block_size=\"1e12\",num_gpu_blocks=\"100\"} 1.0|block_size = \"1e12\": out of range",
        "vllm:cache_config_info{block_size=\"16\",num_gpu_blocks=\"1099511627776\"} 1.0|is more than 1099511627776 tokens",
        "sglang:max_total_num_tokens{model_name=\"m\"} 1e300|sglang:max_total_num_tokens = \"1.0E300\": out of range",
        "sglang:max_total_num_tokens{model_name=\"m\"} NaN|sglang:max_total_num_tokens = \"NaN\": not a finite number",
        "sglang:max_total_num_tokens{model_name=\"m\"} -5|sglang:max_total_num_tokens = \"-5.0\": out of range",
        "sglang:max_total_num_tokens{model_name=\"m\"} 1000.5|not a whole number of tokens",
    })
    void everyPoolNumberIsRangeChecked(String line, String expect) throws Exception {
        engine.metrics = line + "\n";
        Path out = dir.resolve("u.json");
        Run r = probe("--worksheet", SHEET, "-o", out.toString());
        refused(r, expect);
        assertFalse(Files.exists(out), "nothing written");
    }

    /** The load numbers are range-checked too: usage is a fraction of the pool, counts are finite and not negative. */
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "vllm:kv_cache_usage_perc{engine=\"1\",model_name=\"m\"} NaN|vllm:kv_cache_usage_perc{engine=1} = \"NaN\"",
        "vllm:kv_cache_usage_perc{engine=\"1\",model_name=\"m\"} 1.7|\"1.7\": out of range (0 to 1)",
        "vllm:kv_cache_usage_perc{engine=\"1\",model_name=\"m\"} +Inf|\"Infinity\": not a finite number",
        "vllm:num_preemptions_total{engine=\"1\",model_name=\"m\"} -1|vllm:num_preemptions_total{engine=1} = \"-1.0\"",
        "vllm:num_requests_running{engine=\"1\",model_name=\"m\"} 1e300|vllm:num_requests_running{engine=1}",
        "vllm:kv_cache_usage_perc{engine=\"0\",model_name=\"m\"} 0.5|vllm:kv_cache_usage_perc{engine=0} appears twice",
    })
    void everyLoadNumberIsRangeChecked(String extra, String expect) {
        engine.metrics = HostileEngine.VLLM + extra + "\n";
        refused(probe(), expect);
    }

    /** Seen: the KV usage of two engines was summed (120 %). Each engine's is reported; the peak is the fullest one's. */
    @Test
    void twoEnginesUsageIsNeverSummed() throws Exception {
        engine.metrics = HostileEngine.VLLM.replace("vllm:kv_cache_usage_perc{engine=\"0\",model_name=\"m\"} 0.25",
                "vllm:kv_cache_usage_perc{engine=\"0\",model_name=\"m\"} 0.6\nvllm:kv_cache_usage_perc{engine=\"1\",model_name=\"m\"} 0.5");
        Run text = probe("--worksheet", SHEET, "--scenario", "typical", "--max-requests", "4");
        assertEquals(0, text.code(), text.err());
        assertTrue(text.out().contains("peak KV usage: 60 % (engine=0 60 %, engine=1 50 %)"), text.out());
        assertFalse(text.out().contains("110 %"), text.out());
        Run json = probe("--worksheet", SHEET, "--scenario", "typical", "--max-requests", "4", "--json");
        JsonNode j = WorksheetJson.shared().readTree(json.out());
        assertEquals(0.6, j.get("peakKvUsage").asDouble(), 1e-12);
        assertEquals(0.5, j.path("peakKvUsageByEngine").path("engine=1").asDouble(), 1e-12);
    }

    /** Two engines that report different pools are refused: which one the sheet's capacity is would be a guess. */
    @Test
    void enginesWithDifferentPoolsAreRefused() {
        engine.metrics = HostileEngine.VLLM + "vllm:cache_config_info{block_size=\"16\",engine=\"1\",num_gpu_blocks=\"90\"} 1.0\n";
        refused(probe(), "engines report different KV pools (num_gpu_blocks 100 and 90)");
    }

    /** Seen: a model ID with terminal control characters was printed raw; nor may it forge a line in the notes. */
    @Test
    void whatTheServerSaysIsEscaped() throws Exception {
        engine.modelId = "\u001b[2J\u001b[31mevil\nMeasured at http://trusted/ (vLLM 9.9)\u0007";
        Path out = dir.resolve("u.json");
        Run r = probe("--worksheet", SHEET, "-o", out.toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().chars().noneMatch(c -> c != '\n' && Character.isISOControl(c)), r.out());
        assertTrue(r.out().contains("\\u001b[2J\\u001b[31mevil\\u000aMeasured at"), r.out());
        assertEquals(4, r.out().strip().split("\n").length, "no forged line: " + r.out());
        Worksheet ws = WorksheetJson.read(out);
        String notes = ws.validation().notes();
        assertTrue(notes.chars().noneMatch(c -> c != '\n' && Character.isISOControl(c)), notes);
        assertEquals(1, notes.lines().filter(l -> l.startsWith("Measured at")).count(), notes);
        engine.modelId = "x".repeat(100_000);
        Run longId = probe("--json");
        assertEquals(0, longId.code(), longId.err());
        assertTrue(WorksheetJson.shared().readTree(longId.out()).get("modelId").asText().length() <= 201, "cut short");
    }

    /**
     * Issue 29: a streamed completion that never ends, an event that never ends, a stream without a token and one that
     * drips a byte a second each end with one line, within the limits (the drip at --max-seconds).
     */
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "ENDLESS|the stream sent more than",
        "HUGE_EVENT|an event of the stream is larger than 1 MiB: refused",
        "NO_TOKENS|the stream ended without a token: refused",
        "ONE_BYTE_A_SECOND|the time limit (3 s) ran out",
    })
    void aHostileStreamEndsWithOneLine(HostileEngine.Stream how, String expect) {
        engine.stream = how;
        Run r = probe("--worksheet", SHEET, "--scenario", "typical", "--max-requests", "2", "--max-seconds", "3");
        if (how == HostileEngine.Stream.ONE_BYTE_A_SECOND) {
            // the time limit cut the requests short: none answered
            refused(r, "answered none");
        } else {
            refused(r, expect);
        }
        assertTrue(r.millis() < 8_000, how + " stopped after " + r.millis() + " ms");
    }
}
