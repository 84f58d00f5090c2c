package org.vramsheet.io.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.vramsheet.core.sheet.SignOffFlow;
import org.vramsheet.core.sheet.Variants;
import org.vramsheet.core.sheet.WeightFormat;
import org.vramsheet.core.sheet.Worksheet;

/** Variants in the worksheet file (schemaVersion 4): saved whole, read with their checks, canonical, fingerprinted. */
class VariantsFileTest {
    private static Worksheet twoVariants() throws Exception {
        Worksheet gemma = WorksheetJson.read(Path.of("assets/samples/gemma-2-9b-sliding-window-h100.json"));
        Worksheet b = Variants.add(gemma, "FP8");
        return b.withWeights(b.weights().toBuilder().format(WeightFormat.FP8).build());
    }

    @Test
    void variantsAreSavedAndReadBack(@TempDir Path dir) throws Exception {
        Worksheet ws = twoVariants();
        Path f = dir.resolve("sheet.json");
        WorksheetJson.save(ws, f);
        Worksheet back = WorksheetJson.read(f);
        assertEquals(ws, back);
        assertEquals(WeightFormat.BF16, Variants.switchTo(back, "A").weights().format());
        String text = Files.readString(f);
        assertTrue(text.contains("\"schemaVersion\" : " + WorksheetJson.SCHEMA_VERSION));
        assertTrue(text.contains("\"active\" : \"FP8\""), text);
        assertEquals(1, text.split("\"signOff\"", -1).length - 1, "only the document has a sign-off: " + text);
    }

    @Test
    void aSheetWithoutVariantsHasNoVariantsKeyAndAnApprovedVersion3SheetStillVerifies() throws Exception {
        Worksheet sample = WorksheetJson.read(Path.of("assets/samples/gemma-2-9b-sliding-window-h100.json"));
        // as a version-3 file opens: Approved, its measurements are left without a recorded setup (version 5 adds it)
        Worksheet gemma = sample.withValidation(sample.validation().toBuilder().setup(null).build());
        assertFalse(WorksheetJson.write(gemma).contains("variants"));
        String v3Fingerprint = Fingerprint.of(WorksheetJson.writeAs(gemma, 3));
        Worksheet approvedUnder3 = SignOffFlow.approve(gemma.withSignOff(new org.vramsheet.core.sheet.SignOff("P. Rep",
                "2026-11-30", "R. View", "2026-11-30", "C. Lead", "2026-11-30", null, null, null)), v3Fingerprint);
        assertTrue(Fingerprint.contentMatches(approvedUnder3, v3Fingerprint), "approved by version 3, opened by version 4");
        Worksheet withVariant = Variants.add(approvedUnder3, "B");
        assertFalse(Fingerprint.contentMatches(withVariant, v3Fingerprint), "variants are content version 3 never covered");
        assertFalse(WorksheetJson.representable(withVariant, 3));
    }

    @Test
    void brokenVariantsAreRefusedNamingTheKeyAndTheReason() throws Exception {
        String good = WorksheetJson.write(twoVariants());
        String dup = good.replace("\"name\" : \"A\"", "\"name\" : \"FP8\"");
        var e = assertThrows(WorksheetFormatException.class, () -> WorksheetJson.parse(dup, "dup.json"));
        assertEquals("dup.json: variants: two variants are named 'FP8'", e.getMessage());
        String lost = good.replace("\"active\" : \"FP8\"", "\"active\" : \"C\"");
        var e2 = assertThrows(WorksheetFormatException.class, () -> WorksheetJson.parse(lost, "lost.json"));
        assertTrue(e2.getMessage().contains("active variant 'C' is not in the list"), e2.getMessage());
        String newer = good.replace("\"schemaVersion\" : " + WorksheetJson.SCHEMA_VERSION, "\"schemaVersion\" : "
                + (WorksheetJson.SCHEMA_VERSION + 1));
        assertThrows(WorksheetFormatException.class, () -> WorksheetJson.parse(newer, "newer.json"));
    }
}
