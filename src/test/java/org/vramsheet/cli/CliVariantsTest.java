package org.vramsheet.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.vramsheet.io.json.WorksheetJson;

/** calc on a sheet with variants: the shown one by default, another with --variant, both named in the output. */
class CliVariantsTest {
    private static final String FILE = "assets/samples/llama-3.1-70b-variants-bf16-fp8-int4.json";

    private static CliTest.Run run(String... args) { return CliTest.run(args); }

    @Test
    void calcTakesTheShownVariantOrTheOneNamed() throws Exception {
        CliTest.Run shown = run("calc", FILE, "--json");
        JsonNode a = WorksheetJson.shared().readTree(shown.out());
        assertEquals("INT4 on H100", a.get("variant").asText());
        assertEquals("[\"BF16\",\"FP8\",\"INT4 on H100\"]", a.get("variants").toString());
        CliTest.Run fp8 = run("calc", FILE, "--json", "--variant", "FP8");
        JsonNode b = WorksheetJson.shared().readTree(fp8.out());
        assertEquals("FP8", b.get("variant").asText());
        assertEquals(46, b.get("pool").get("maxConcurrency").asLong(), "as the Compare view and the PDF print it");
        assertTrue(run("calc", FILE, "--variant", "BF16").out().contains("VARIANT  'BF16' of BF16, FP8, INT4 on H100"));
        CliTest.Run none = run("calc", FILE, "--variant", "H300");
        assertEquals(2, none.code());
        assertEquals("vramsheet calc: --variant: no variant is named 'H300' (the sheet has BF16, FP8, INT4 on H100)\n",
                none.err());
        JsonNode plain = WorksheetJson.shared().readTree(run("calc", "assets/samples/llama-3.1-70b-bf16-h200.json", "--json").out());
        assertTrue(plain.get("variant").isNull());
        assertEquals(0, plain.get("variants").size());
    }
}
