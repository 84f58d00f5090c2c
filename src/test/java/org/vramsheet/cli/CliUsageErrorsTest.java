package org.vramsheet.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Usage errors: an unknown option, a missing option value or an unknown command exit 2 with one line naming it. */
class CliUsageErrorsTest {
    private static final String SHEET = "assets/samples/seed003-70b-int4-80gib.json";

    private static void usageError(String expected, String... args) {
        CliHelpTest.Run r = CliHelpTest.run(args);
        assertEquals(Cli.BAD_INPUT, r.code(), String.join(" ", args) + ": " + r.err());
        assertEquals(expected + "\n", r.err(), String.join(" ", args));
        assertEquals("", r.out(), "nothing on stdout for a usage error");
    }

    @ParameterizedTest
    @CsvSource({"calc", "import", "export", "verify", "validate", "plan", "probe"})
    void anUnknownOptionIsNamed(String command) {
        usageError("vramsheet " + command + ": unknown option '--frobnicate'", command, "x", "--frobnicate");
        usageError("vramsheet " + command + ": unknown option '--frobnicate=3'", command, "--frobnicate=3", "x");
    }

    @Test
    void aMissingValueNamesTheOption() {
        usageError("vramsheet calc: --context needs a token count", "calc", SHEET, "--context");
        usageError("vramsheet calc: --variant needs a variant's name", "calc", SHEET, "--variant");
        usageError("vramsheet calc: --context needs a token count", "calc", "--context", "--json", SHEET);
        usageError("vramsheet import: -o needs a file", "import", "catalog:x", "-o");
        usageError("vramsheet import: --output needs a file", "import", "catalog:x", "--output");
        usageError("vramsheet import: --onto needs a file", "import", "catalog:x", "--onto");
        usageError("vramsheet export: --xlsx needs a file", "export", SHEET, "--xlsx");
        usageError("vramsheet export: --pdf needs a file", "export", SHEET, "--pdf");
        usageError("vramsheet export: --sign needs a file", "export", SHEET, "--sign");
        usageError("vramsheet verify: -o needs a file", "verify", "r.pdf", "-o");
        usageError("vramsheet verify: --trust needs a file", "verify", "r.pdf", "--trust");
        usageError("vramsheet validate: --worksheet needs a file", "validate", "x.log", "--worksheet");
        usageError("vramsheet validate: -o needs a file", "validate", "x.log", "-o");
        for (String option : List.of("--gpus", "--target", "--max-gpus")) {
            usageError("vramsheet plan: --gpus needs a list, --target and --max-gpus a whole number", "plan", SHEET, option);
        }
        for (String option : List.of("--worksheet", "-o", "--scenario", "--max-requests", "--max-seconds", "--max-concurrency",
                "--nvidia-smi")) {
            usageError("vramsheet probe: " + option + " needs a value", "probe", "http://127.0.0.1:1", option);
        }
    }

    @Test
    void aBadValueIsNamed() {
        usageError("vramsheet calc: --context: not a whole number: 'many'", "calc", SHEET, "--context", "many");
        usageError("vramsheet plan: --target: not a whole number: 'x'", "plan", SHEET, "--target", "x");
        usageError("vramsheet probe: 0 is not a positive whole number", "probe", "http://127.0.0.1:1", "--max-requests", "0");
        usageError("vramsheet probe: --scenario is typical, heavy, limit or ramp, not 'often'", "probe", "http://127.0.0.1:1",
                "--scenario", "often", "--worksheet", SHEET);
    }

    @Test
    void anUnknownCommandIsNamed() {
        usageError("vramsheet: unknown command 'frobnicate' (try --help)", "frobnicate");
        usageError("vramsheet: unknown command '--frobnicate' (try --help)", "--frobnicate");
    }

    @Test
    void aMissingArgumentIsStillTheCommandsOwnMessage() {
        usageError("vramsheet calc: give exactly one WORKSHEET.json", "calc");
        usageError("vramsheet import: give a Hub ID, a config.json, a model folder or catalog:ID", "import");
        usageError("vramsheet plan: give WORKSHEET.json", "plan");
        usageError("vramsheet verify: give REPORT.pdf [--trust CERT.pem]... [-o WORKSHEET.json]", "verify");
        usageError("vramsheet export: give WORKSHEET.json and --xlsx OUT.xlsx, --pdf OUT.pdf and/or --pptx OUT.pptx", "export", SHEET);
    }
}
