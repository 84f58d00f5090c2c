package org.vramsheet.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;

/** Every subcommand's --help names its options and exits 0; the top-level usage, help COMMAND and --version. */
class CliHelpTest {
    record Run(int code, String out, String err) { }

    static Run run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = Cli.run(args, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Run(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    /** Each subcommand and the options its help must name. */
    static final Map<String, List<String>> OPTIONS = Map.of(
            "calc", List.of("--json", "--explain", "--context", "--variant", "WORKSHEET.json"),
            "import", List.of("-o", "--output", "--onto", "--catalog", "--cache", "SOURCE"),
            "export", List.of("--xlsx", "--pdf", "--pptx", "--language", "--sign", "--letter", "--force", "WORKSHEET.json"),
            "verify", List.of("-o", "--trust", "REPORT.pdf"),
            "validate", List.of("--worksheet", "-o", "--json", "--force", "LOG"),
            "plan", List.of("--gpus", "--target", "--max-gpus", "WORKSHEET.json"),
            "probe", List.of("--worksheet", "-o", "--scenario", "--max-requests", "--max-seconds", "--max-concurrency",
                    "--nvidia-smi", "--json", "URL"));

    static List<Arguments> commands() {
        return OPTIONS.entrySet().stream().sorted(Map.Entry.comparingByKey())
                .map(e -> Arguments.of(e.getKey(), e.getValue())).toList();
    }

    @ParameterizedTest
    @MethodSource("commands")
    void everyCommandsHelpNamesItsOptions(String command, List<String> options) {
        for (String flag : List.of("--help", "-h")) {
            Run r = run(command, flag);
            assertEquals(0, r.code(), r.err());
            assertEquals("", r.err());
            assertTrue(r.out().startsWith("Usage: vramsheet " + command + " "), r.out());
            for (String o : options) {
                assertTrue(r.out().contains(o), command + " --help names " + o + ":\n" + r.out());
            }
            assertTrue(r.out().contains("--help"), r.out());
        }
        Run help = run("help", command);
        assertEquals(0, help.code(), help.err());
        assertEquals(run(command, "--help").out(), help.out(), "help COMMAND prints the same as COMMAND --help");
    }

    @Test
    void theUsageTextWithoutACommandAndWithHelp() {
        String usage = Cli.usage();
        for (String[] args : List.of(new String[0], new String[] {"--help"}, new String[] {"-h"}, new String[] {"help"})) {
            Run r = run(args);
            assertEquals(0, r.code(), r.err());
            assertEquals(usage, r.out(), String.join(" ", args));
            assertEquals("", r.err());
        }
        assertTrue(usage.contains("COMMAND --help"), "the usage says every command has --help");
        for (String command : OPTIONS.keySet()) {
            assertTrue(usage.contains("vramsheet.jar " + command + " "), command);
        }
    }

    @Test
    void versionAsOptionAndCommand() {
        Run option = run("--version");
        assertEquals(0, option.code());
        assertTrue(option.out().matches("VRAM Sheet \\S+\\R"), option.out());
        assertEquals(option, run("version"));
        assertEquals(option, run("calc", "--version"));
    }
}
