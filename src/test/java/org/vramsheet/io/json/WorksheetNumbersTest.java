package org.vramsheet.io.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.vramsheet.core.calc.SizingCalculator;
import org.vramsheet.core.input.InputDecl;
import org.vramsheet.core.input.Inputs;
import org.vramsheet.core.result.FigureKey;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.core.units.NumberGrammar;

/**
 * Issue 26, point 2: the worksheet reader reads every whole number by the sheet's one grammar for its declared kind. A
 * parameter count takes K, M, B, T; other counts take no suffix; whole-number fields refuse fractions, whether a JSON
 * number or a string; sizes keep their units; tokens read k and K as vLLM does.
 */
class WorksheetNumbersTest {
    private static final String SAMPLE = "assets/samples/llama-3.1-70b-bf16-h200.json";

    private static ObjectNode sample() throws Exception {
        return (ObjectNode) WorksheetJson.shared().readTree(WorksheetJson.write(WorksheetJson.read(Path.of(SAMPLE))));
    }

    private static Worksheet with(String section, String field, Object value) throws Exception {
        ObjectNode root = sample();
        ((ObjectNode) root.get(section)).set(field, WorksheetJson.shared().valueToTree(value));
        return WorksheetJson.parse(WorksheetJson.shared().writeValueAsString(root), "sheet.json");
    }

    private static String refused(String section, String field, Object value) throws Exception {
        ObjectNode root = sample();
        ((ObjectNode) root.get(section)).set(field, WorksheetJson.shared().valueToTree(value));
        String json = WorksheetJson.shared().writeValueAsString(root);
        WorksheetFormatException e = assertThrows(WorksheetFormatException.class, () -> WorksheetJson.parse(json, "sheet.json"),
                section + "." + field + " = " + value);
        assertTrue(e.getMessage().startsWith("sheet.json: " + section + "." + field + ": "), e.getMessage());
        assertTrue(!e.getMessage().contains("\n"), e.getMessage());
        return e.getMessage();
    }

    /** Seen (issue 26): "70B" parameters were read as 70 (B as bytes), so the weights were 140 B and Typical "fit". */
    @Test
    void aParameterCountTakesBillions() throws Exception {
        Worksheet exact = with("weights", "totalParams", 70_000_000_000L);
        Worksheet typed = with("weights", "totalParams", "70B");
        assertEquals(70_000_000_000L, typed.weights().totalParams());
        assertEquals(exact, typed);
        assertEquals(SizingCalculator.calculate(exact).get(FigureKey.WEIGHTS_ESTIMATED_BYTES).value(),
                SizingCalculator.calculate(typed).get(FigureKey.WEIGHTS_ESTIMATED_BYTES).value());
        assertTrue(SizingCalculator.calculate(typed).get(FigureKey.WEIGHTS_ESTIMATED_BYTES).value() > 100e9, "140 GB of BF16 weights");
        String[][] cases = {{"8B", "8000000000"}, {"405B", "405000000000"}, {"1.5B", "1500000000"}, {"1.5b", "1500000000"},
            {"560M", "560000000"}, {"1T", "1000000000000"}, {"125K", "125000"}, {"70 B", "70000000000"}, {"70_000", "70000"}};
        for (String[] c : cases) {
            assertEquals(Long.parseLong(c[1]), with("weights", "totalParams", c[0]).weights().totalParams(), c[0]);
            assertEquals(Long.parseLong(c[1]), with("weights", "activeParams", c[0]).weights().activeParams(), c[0]);
        }
        assertTrue(refused("weights", "totalParams", "70 GB").contains("not a parameter count: '70 GB'"));
        assertTrue(refused("weights", "totalParams", "70GiB").contains("not a parameter count"));
        assertTrue(refused("weights", "unquantizedParams", "1.0000000005B").endsWith("not a whole number: '1.0000000005B'"));
    }

    /** Seen (issue 26): whole-number fields dropped fractions: kvHeads 8.9 was 8, gpu.count 1.9 was 1. */
    @Test
    void aFractionInAWholeNumberFieldIsRefusedNamingTheField() throws Exception {
        assertEquals("sheet.json: kv.kvHeads: not a whole number: '8.9'", refused("kv", "kvHeads", 8.9));
        assertEquals("sheet.json: gpu.count: not a whole number: '1.9'", refused("gpu", "count", 1.9));
        assertEquals("sheet.json: kv.kvHeads: not a whole number: '8.9'", refused("kv", "kvHeads", "8.9"));
        assertTrue(refused("runtime", "maxNumSeqs", 255.5).endsWith("not a whole number: '255.5'"));
        assertTrue(refused("weights", "checkpointBytes", 1.5).endsWith("not a whole number: '1.5'"), "a fraction of a byte");
        assertEquals(8, with("kv", "kvHeads", 8.0).kv().kvHeads(), "8.0 is 8");
        assertEquals(9_007_199_254_740_993L, with("validation", "kvCapacityTokens", new BigDecimal("9007199254740993.0"))
                .validation().kvCapacityTokens(), "exact, not the nearest double (found by NumberFuzzTest)");
        ObjectNode root = sample();
        ((ObjectNode) root.get("kv")).putArray("windows").addObject().put("layers", 40).put("window", 4096).put("kvHeads", 8.5);
        WorksheetFormatException e = assertThrows(WorksheetFormatException.class,
                () -> WorksheetJson.parse(WorksheetJson.shared().writeValueAsString(root), "w.json"));
        assertEquals("w.json: kv.windows[0].kvHeads: not a whole number: '8.5'", e.getMessage());
    }

    /** Seen (issue 26): "32.768" tokens was read as 33; a dot is the decimal mark in files. */
    @Test
    void tokensReadKAsVllmDoesAndRefuseFractions() throws Exception {
        assertEquals("sheet.json: runtime.maxModelLen: not a whole number: '32.768'", refused("runtime", "maxModelLen", "32.768"));
        assertTrue(refused("runtime", "maxModelLen", 32.768).endsWith("not a whole number: '32.768'"));
        String[][] cases = {{"32768", "32768"}, {"32,768", "32768"}, {"32_768", "32768"}, {"32K", "32768"}, {"32Ki", "32768"},
            {"32k", "32000"}, {"32.768k", "32768"}, {"1M", "1048576"}, {"1m", "1000000"}, {"128K", "131072"}};
        for (String[] c : cases) {
            assertEquals(Long.parseLong(c[1]), with("runtime", "maxModelLen", c[0]).runtime().maxModelLen(), c[0]);
        }
        assertTrue(refused("runtime", "maxModelLen", "1.5K").contains("takes no fraction, as in vLLM"));
        assertTrue(refused("runtime", "maxModelLen", "32 KiB").contains("not a whole number: '32 KiB'"), "tokens are not bytes");
        ObjectNode root = sample();
        ((ObjectNode) root.get("workloads").get("typical")).putArray("sequenceLengths").add("8k").add("8K").add(1500);
        Worksheet ws = WorksheetJson.parse(WorksheetJson.shared().writeValueAsString(root), "s.json");
        assertEquals(List.of(8_000L, 8_192L, 1_500L), ws.workloads().typical().sequenceLengths());
        ((ObjectNode) root.get("workloads").get("typical")).putArray("sequenceLengths").add("8k").add(1.5);
        WorksheetFormatException e = assertThrows(WorksheetFormatException.class,
                () -> WorksheetJson.parse(WorksheetJson.shared().writeValueAsString(root), "s.json"));
        assertEquals("s.json: workloads.typical.sequenceLengths[1]: not a whole number: '1.5'", e.getMessage());
    }

    /** Seen (issue 26): byte units were accepted on counts ("8 GiB" KV heads, "2 GB" GPUs). */
    @Test
    void aCountTakesNoUnit() throws Exception {
        assertEquals("sheet.json: kv.kvHeads: not a whole number: '8 GiB' (a count takes no unit or suffix)",
                refused("kv", "kvHeads", "8 GiB"));
        assertTrue(refused("gpu", "count", "2 GB").endsWith("(a count takes no unit or suffix)"));
        assertTrue(refused("kv", "layers", "80B").endsWith("(a count takes no unit or suffix)"), "B is not billions here");
        assertTrue(refused("model", "vocabSize", "128K").endsWith("(a count takes no unit or suffix)"));
        assertEquals(8, with("kv", "kvHeads", "8").kv().kvHeads(), "a count as a string");
        assertTrue(refused("kv", "kvHeads", 3_000_000_000L).endsWith("out of range: '3000000000' (a whole number from "
                + "-2,147,483,648 to 2,147,483,647)"));
    }

    /** Sizes keep their units; a bare K, M, G or T is refused (GB or GiB?). */
    @Test
    void sizesKeepTheirUnits() throws Exception {
        assertEquals(80L << 30, with("gpu", "totalBytes", "80 GiB").gpu().totalBytes());
        assertEquals(141_000_000_000L, with("gpu", "totalBytes", "141 GB").gpu().totalBytes());
        assertEquals(85_032_601_600L, with("gpu", "totalBytes", "85032601600").gpu().totalBytes());
        assertEquals(85_032_601_600L, with("gpu", "totalBytes", "85,032,601,600 B").gpu().totalBytes());
        assertTrue(refused("gpu", "totalBytes", "80G").endsWith("(write 'GB' for powers of 10 or 'GiB' for powers of 2)"));
        assertTrue(refused("gpu", "totalBytes", "139,81 GiB").contains("a dot is the decimal mark"));
        assertTrue(refused("gpu", "totalBytes", "9".repeat(30)).contains("too large"));
    }

    /** The four parameter counts take K / M / B / T; no other input does; the window's fields read as declared. */
    @Test
    void theParameterCountsAreDeclared() {
        List<String> params = Inputs.all().stream().filter(d -> d.grammar() == NumberGrammar.Kind.PARAMS).map(InputDecl::key)
                .toList();
        assertEquals(List.of("weights.totalParams", "weights.activeParams", "weights.unquantizedParams", "weights.encoderParams"),
                params);
        assertEquals(NumberGrammar.Kind.TOKENS, Inputs.get("workloads.heavy.sequenceLengths").grammar());
        assertEquals(NumberGrammar.Kind.COUNT, Inputs.get("kv.windows[].kvHeads").grammar());
        assertEquals(null, Inputs.get("runtime.utilization").grammar());
    }
}
