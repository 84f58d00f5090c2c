package org.vramsheet.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issue 26, point 2: the CLI reads the sheet's numbers and its own numeric options by the sheet's one grammar. */
class CliNumbersTest {
    private static final String SHEET = "assets/samples/llama-3.1-70b-bf16-h200.json";

    private static void refused(String expected, String... args) {
        CliHelpTest.Run r = CliHelpTest.run(args);
        assertEquals(Cli.BAD_INPUT, r.code(), String.join(" ", args) + ": " + r.err());
        assertEquals(expected + "\n", r.err(), String.join(" ", args));
    }

    private static Path sheet(Path dir, String from, String to) throws Exception {
        String text = Files.readString(Path.of(SHEET));
        assertTrue(text.contains(from), from);
        Path f = dir.resolve("sheet.json");
        Files.writeString(f, text.replace(from, to));
        return f;
    }

    /** Seen (issue 26): calc read "70B" parameters as 70 and exited 0; "8.9" KV heads as 8. */
    @Test
    void calcReadsTheSheetByTheGrammar(@TempDir Path dir) throws Exception {
        CliHelpTest.Run exact = CliHelpTest.run("calc", SHEET, "--json");
        Path typed = sheet(dir, "\"totalParams\": 70553706496", "\"totalParams\": \"70.553706496B\"");
        assertEquals(exact.out(), CliHelpTest.run("calc", typed.toString(), "--json").out(), "70.553706496B is the same sheet");
        Path heads = sheet(dir, "\"kvHeads\": 8", "\"kvHeads\": 8.9");
        refused("vramsheet calc: sheet.json: kv.kvHeads: not a whole number: '8.9'", "calc", heads.toString());
        Path bytes = sheet(dir, "\"kvHeads\": 8", "\"kvHeads\": \"8 GiB\"");
        refused("vramsheet calc: sheet.json: kv.kvHeads: not a whole number: '8 GiB' (a count takes no unit or suffix)", "calc",
                bytes.toString());
    }

    /** --context is tokens (k = 1,000, K = 1,024, no fraction); --target and --max-gpus are counts; probe's limits too. */
    @Test
    void numericOptionsReadAsTheFieldsTheySet() {
        assertEquals(CliHelpTest.run("calc", SHEET, "--json", "--context", "2048").out(),
                CliHelpTest.run("calc", SHEET, "--json", "--context", "2K").out());
        assertEquals(CliHelpTest.run("calc", SHEET, "--json", "--context", "2000").out(),
                CliHelpTest.run("calc", SHEET, "--json", "--context", "2k").out());
        refused("vramsheet calc: --context: not a whole number: '32.768'", "calc", SHEET, "--context", "32.768");
        refused("vramsheet calc: --context: not a whole number: '1.5K' ('K' = 1,024 takes no fraction, as in vLLM; a fraction "
                + "goes with 'k' = 1,000)", "calc", SHEET, "--context", "1.5K");
        refused("vramsheet calc: --context: too large: '" + "9".repeat(25) + "' (a whole number up to 9,223,372,036,854,775,807)",
                "calc", SHEET, "--context", "9".repeat(25));
        refused("vramsheet plan: --target: not a whole number: '1.5'", "plan", SHEET, "--target", "1.5");
        refused("vramsheet plan: --target: not a whole number: '64k' (a count takes no unit or suffix)", "plan", SHEET, "--target",
                "64k");
        refused("vramsheet plan: --max-gpus: not a whole number: '8 GiB' (a count takes no unit or suffix)", "plan", SHEET,
                "--max-gpus", "8 GiB");
        refused("vramsheet plan: --max-gpus: too large: '3000000000' (a whole number up to 2,147,483,647)", "plan", SHEET,
                "--max-gpus", "3000000000");
        refused("vramsheet probe: not a whole number: '1.5'", "probe", "http://127.0.0.1:1", "--max-requests", "1.5");
        assertEquals(Cli.OK, CliHelpTest.run("plan", SHEET, "--target", "1,000").code(), "1,000 groups thousands");
        String many = "9".repeat(20) + "xH100";
        refused("vramsheet plan: '" + many + "': the count must be 1 to 1024", "plan", SHEET, "--gpus", many);
        refused("vramsheet plan: '1xH100@1.2.3': the price is a number of dollars per GPU-hour, e.g. 2.49", "plan", SHEET,
                "--gpus", "1xH100@1.2.3");
    }
}
