package org.vramsheet.core.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.vramsheet.core.result.FigureKey;
import org.vramsheet.core.sheet.SignOffFlow;
import org.vramsheet.core.sheet.Variants;
import org.vramsheet.core.sheet.WeightFormat;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.io.json.Fingerprint;
import org.vramsheet.io.json.WorksheetJson;

/** Variants as operations over one sheet: every operation keeps each variant's inputs, and one copy of each. */
class VariantsTest {
    private static Worksheet gemma;

    @BeforeAll
    static void load() throws Exception {
        gemma = WorksheetJson.read(Path.of("assets/samples/gemma-2-9b-sliding-window-h100.json"));
    }

    private static Worksheet fp8(Worksheet ws) {
        return ws.withWeights(ws.weights().toBuilder().format(WeightFormat.FP8).build());
    }

    @Test
    void addingKeepsTheCurrentInputsAsAAndShowsTheCopy() {
        Worksheet two = Variants.add(gemma, Variants.nextName(gemma));
        assertEquals(List.of("A", "B"), two.variants().names());
        assertEquals("B", two.variants().active());
        assertEquals(Variants.inputsOf(gemma), Variants.inputsOf(two), "the new variant starts as a copy");
        assertEquals(Variants.inputsOf(gemma), two.variants().list().get(0).sheet());
        assertNull(two.variants().list().get(1).sheet(), "the shown variant is the sheet itself: one copy only");
        assertEquals("C", Variants.nextName(two));
    }

    @Test
    void switchingShowsEachVariantsOwnInputs() {
        Worksheet b = fp8(Variants.add(gemma, "FP8"));
        Worksheet a = Variants.switchTo(b, "A");
        assertEquals(WeightFormat.BF16, a.weights().format());
        assertEquals(Variants.inputsOf(gemma), Variants.inputsOf(a));
        Worksheet back = Variants.switchTo(a, "FP8");
        assertEquals(WeightFormat.FP8, back.weights().format());
        assertEquals(b, back, "switching there and back is no change at all");
        assertEquals(List.of("A", "FP8"), a.variants().names(), "the order stays whatever is shown");
    }

    @Test
    void renamingAndDeletingKeepTheOthers() {
        Worksheet three = Variants.add(fp8(Variants.add(gemma, "B")), "C");
        Worksheet renamed = Variants.rename(three, "B", "FP8 weights");
        assertEquals(List.of("A", "FP8 weights", "C"), renamed.variants().names());
        assertEquals(WeightFormat.FP8, Variants.switchTo(renamed, "FP8 weights").weights().format());
        Worksheet noC = Variants.remove(renamed, "C");
        assertEquals("FP8 weights", noC.variants().active(), "deleting the shown variant shows its neighbour");
        assertEquals(WeightFormat.FP8, noC.weights().format());
        Worksheet alone = Variants.remove(noC, "A");
        assertTrue(alone.variants().isEmpty(), "one variant left is the sheet alone");
        assertEquals(WeightFormat.FP8, alone.weights().format());
    }

    @Test
    void badNamesAndBrokenListsAreRefusedWithTheReason() {
        Worksheet two = Variants.add(gemma, "B");
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Variants.add(two, "A")).getMessage().contains("already named"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Variants.add(two, "  ")).getMessage().contains("empty"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Variants.add(two, "x".repeat(41))).getMessage()
                .contains("at most 40"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Variants.rename(two, "A", "B")).getMessage()
                .contains("already named"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Variants.switchTo(two, "Z")).getMessage()
                .contains("no variant"));
        Worksheet many = two;
        for (int i = 0; i < Variants.MAX_VARIANTS - 2; i++) {
            many = Variants.add(many, Variants.nextName(many));
        }
        Worksheet full = many;
        assertEquals(Variants.MAX_VARIANTS, full.variants().list().size());
        assertThrows(IllegalArgumentException.class, () -> Variants.add(full, "more"));
        assertThrows(IllegalArgumentException.class, () -> new Variants("A", List.of(new Variants.Variant("A", null))));
        assertThrows(IllegalArgumentException.class, () -> new Variants("A", List.of(new Variants.Variant("A", null),
                new Variants.Variant("B", null))));
    }

    @Test
    void theSignOffIsTheDocumentsAndTheFingerprintCoversEveryVariant() {
        Worksheet two = fp8(Variants.add(gemma.withSignOff(gemma.signOff().withPreparedBy("P. Rep")), "B"));
        assertEquals("P. Rep", Variants.switchTo(two, "A").signOff().preparedBy());
        assertTrue(two.variants().list().get(0).sheet().signOff().preparedBy().isEmpty(), "a stored variant has no sign-off");
        String before = Fingerprint.ofContent(two);
        Worksheet editedA = Variants.switchTo(Variants.switchTo(two, "A").withGpu(two.gpu().withCount(2)), "B");
        assertEquals(Variants.inputsOf(two), Variants.inputsOf(editedA), "B itself is unchanged");
        assertNotEquals(before, Fingerprint.ofContent(editedA), "a change in a variant not shown is a change of the content");
        Worksheet approved = SignOffFlow.approve(two.withSignOff(new org.vramsheet.core.sheet.SignOff("P. Rep", "2026-11-30",
                "R. View", "2026-11-30", "C. Lead", "2026-11-30", null, null, null)), before);
        assertEquals(approved.variants(), two.variants());
    }

    @Test
    void comparisonTakesEveryVariantAtTheShownContextAndNamesTheDifferences() {
        Worksheet estimated = gemma.withValidation(org.vramsheet.core.sheet.Validation.empty());
        Worksheet b = fp8(Variants.add(estimated, "B"));
        Worksheet shown = b.withResult(b.result().withContextLength(4096L));
        Comparison.Table t = Comparison.of(shown, 16);
        assertEquals(2, t.columns().size());
        assertEquals(4096L, t.context());
        for (Comparison.Column c : t.columns()) {
            assertEquals(4096L, c.result().get(FigureKey.POOL_CONTEXT_LENGTH).value(), c.name());
        }
        assertEquals(List.of("weights.format"), t.differences().stream().map(Comparison.InputRow::field).toList(),
                "the shown context is shared, so only the dtype differs");
        assertEquals(List.of("bf16", "fp8"), t.differences().get(0).values());
        assertEquals("WEIGHTS › Weight dtype / quantization", t.differences().get(0).label());
        long bf16 = t.columns().get(0).result().get(FigureKey.WEIGHTS_BYTES_PER_GPU).value();
        long fp8 = t.columns().get(1).result().get(FigureKey.WEIGHTS_BYTES_PER_GPU).value();
        assertEquals(bf16, 2 * fp8, "FP8 weights are half of BF16's");
        long concA = t.columns().get(0).result().get(FigureKey.POOL_MAX_CONCURRENCY).value();
        long concB = t.columns().get(1).result().get(FigureKey.POOL_MAX_CONCURRENCY).value();
        assertTrue(concB > concA, "the freed weight memory goes to the KV pool: " + concA + " vs " + concB);
        assertEquals(concB, (long) t.columns().get(1).concurrency().points().stream()
                .filter(p -> p.x() == 4096).findFirst().map(p -> p.y()).orElse((double) concB).doubleValue());
        assertTrue(t.columns().get(1).active());
        assertTrue(Comparison.of(gemma, 16).empty(), "a sheet without variants has nothing to compare");
        assertEquals(List.of(), t.notes());
    }

    /** A measured non-KV footprint holds the weights it was measured with: shared by variants whose weights differ, it is called out. */
    @Test
    void aMeasurementSharedByVariantsWithOtherWeightsIsCalledOut() {
        Comparison.Table t = Comparison.of(fp8(Variants.add(gemma, "B")), 16);
        // issue 25: the measurement is of A's setup (BF16); in B (FP8) it is stale, so B's pool is its own estimate
        assertTrue(t.columns().get(0).result().get(FigureKey.VALIDATION_MEASURED_USED).isTrue());
        assertTrue(t.columns().get(1).result().get(FigureKey.VALIDATION_STALE_NON_KV).isTrue());
        assertTrue(t.columns().get(0).result().get(FigureKey.POOL_KV_POOL_BYTES_REPLICA).value()
                != t.columns().get(1).result().get(FigureKey.POOL_KV_POOL_BYTES_REPLICA).value(), "the pools differ");
        assertEquals(1, t.notes().size());
        assertTrue(t.notes().get(0).startsWith("'B' holds the measured non-KV footprint of another setup"), t.notes().get(0));
        // a measurement without a recorded setup (typed by hand before version 5) is shared as before, and called out
        Worksheet unbound = gemma.withValidation(gemma.validation().toBuilder().setup(null).build());
        Comparison.Table u = Comparison.of(fp8(Variants.add(unbound, "B")), 16);
        assertTrue(u.notes().get(0).startsWith("'A' and 'B' use the same measured non-KV footprint"), u.notes().toString());

    }

    /** Actual checkpoint bytes win over the dtype's estimate: shared by variants of another dtype, they are called out. */
    @Test
    void aCheckpointSizeSharedByVariantsOfAnotherDtypeIsCalledOut() throws Exception {
        Worksheet llama = WorksheetJson.read(Path.of("assets/samples/llama-3.1-70b-bf16-h200.json"));
        Worksheet b = fp8(Variants.add(llama, "B"));
        Comparison.Table t = Comparison.of(b, 8);
        assertTrue(t.notes().stream().anyMatch(n -> n.startsWith("'A' and 'B' have the same actual checkpoint bytes")),
                t.notes().toString());
        Worksheet cleared = b.withWeights(b.weights().toBuilder().checkpointBytes(null).build());
        Comparison.Table fixed = Comparison.of(cleared, 8);
        assertTrue(fixed.notes().stream().noneMatch(n -> n.contains("checkpoint")), fixed.notes().toString());
        long a = fixed.columns().get(0).result().get(FigureKey.WEIGHTS_BYTES).value();
        long fp8 = fixed.columns().get(1).result().get(FigureKey.WEIGHTS_BYTES).value();
        assertTrue(fp8 < a * 0.55, "with the field cleared B's FP8 estimate shows: " + fp8 + " vs " + a);
    }

    @Test
    void listsAndRecordsReadAsShortTexts() {
        assertEquals("1,024; 2,048", Comparison.text(List.of(1024L, 2048L)));
        assertEquals("1.00 GiB (1.07 GB)", Comparison.bytes(1L << 30));
        assertEquals("", Comparison.text(null));
    }
}
