package org.vramsheet.ui.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.vramsheet.core.input.InputDecl;
import org.vramsheet.core.input.Issue;
import org.vramsheet.core.input.Inputs;
import org.vramsheet.core.sheet.ScenarioId;

import org.junit.jupiter.api.Test;
import org.vramsheet.core.units.Units;
import org.vramsheet.ui.text.Texts;

class NumberInputTest {
    private static NumberInput input(NumberInput.Kind kind, boolean russian, String text) {
        NumberInput n = new NumberInput("x", kind, "");
        n.setDecimalComma(russian);
        n.textProperty().set(text);
        return n;
    }

    @Test
    void englishStyleReadsCommasAsThousands() {
        assertEquals(131_072L, input(NumberInput.Kind.COUNT, false, "131,072").longValue());
        assertEquals(0.92, input(NumberInput.Kind.DECIMAL, false, "0.92").doubleValue(), 1e-12);
        assertEquals(Math.round(79.19 * Units.GIB), input(NumberInput.Kind.BYTES, false, "79.19 GiB").longValue());
    }

    @Test
    void russianStyleReadsACommaAsTheDecimalMarkAndSpacesAsThousands() {
        assertEquals(0.92, input(NumberInput.Kind.DECIMAL, true, "0,92").doubleValue(), 1e-12);
        assertEquals(1234.5, input(NumberInput.Kind.DECIMAL, true, "1 234,5").doubleValue(), 1e-12);
        assertEquals(131_072L, input(NumberInput.Kind.COUNT, true, "131 072").longValue());
        assertEquals(131_072L, input(NumberInput.Kind.COUNT, true, "131\u00a0072").longValue());
        assertEquals(Math.round(79.19 * Units.GIB), input(NumberInput.Kind.BYTES, true, "79,19 GiB").longValue());
        assertEquals(1_500L, input(NumberInput.Kind.TOKENS, true, "1,5 k").longValue(), "a fraction with a unit");
        assertEquals(1_500_000_000L, input(NumberInput.Kind.PARAMS, true, "1,5B").longValue(), "a fraction with a unit");
        NumberInput misread = input(NumberInput.Kind.COUNT, true, "131,072");
        assertNull(misread.longValue(), "131,072 is 131.072 here: refused, never silently 131");
        assertEquals("not a whole number: '131,072'", misread.parseErrorProperty().get());
        assertEquals(1_610_612_736L, input(NumberInput.Kind.BYTES, true, "1,5").longValue(), "1.5 GiB, the unit shown");
    }

    @Test
    void switchingStyleRewritesNumbersAndLeavesWhatDoesNotParse() {
        NumberInput n = new NumberInput("x", NumberInput.Kind.COUNT, "");
        n.load(131_072L);
        assertEquals("131,072", n.textProperty().get());
        n.setDecimalComma(true);
        assertEquals("131\u00a0072", n.textProperty().get());
        assertEquals(131_072L, n.longValue());
        NumberInput d = new NumberInput("y", NumberInput.Kind.DECIMAL, "");
        d.load(0.92);
        d.setDecimalComma(true);
        assertEquals("0,92", d.textProperty().get());
        NumberInput bad = new NumberInput("z", NumberInput.Kind.COUNT, "");
        bad.textProperty().set("abc");
        bad.setDecimalComma(true);
        assertEquals("abc", bad.textProperty().get(), "what the user typed stays for them to fix");
        NumberInput b = new NumberInput("w", NumberInput.Kind.BYTES, "");
        b.load(Math.round(79.19 * Units.GIB));
        b.setDecimalComma(true);
        assertEquals("79,19 GiB", b.textProperty().get());
        b.setDecimalComma(false);
        assertEquals("79.19 GiB", b.textProperty().get());
    }

    /** Seen (issue 17): a huge whole number was called "not a whole number". */
    @Test
    void aHugeWholeNumberIsTooLargeNotFractional() {
        NumberInput n = new NumberInput("kv.layers", NumberInput.Kind.COUNT, "layers");
        n.textProperty().set("123456789012345678901234");
        assertEquals("too large: '123456789012345678901234' (a whole number up to 9,223,372,036,854,775,807)",
                n.parseErrorProperty().get());
        n.textProperty().set("abc");
        assertEquals("not a whole number: 'abc'", n.parseErrorProperty().get());
    }

    private static NumberInput headroom(boolean russian) {
        NumberInput n = new ResultViewModel().headroom;
        n.setDecimalComma(russian);
        n.load(2 * Units.GIB);
        return n;
    }

    /** Seen (issue 25): "1.5" typed into RESULT › Operational headroom, which showed "2 GiB", stored 2 bytes. */
    @Test
    void aNumberAloneInAByteFieldIsInTheUnitTheFieldShows() {
        NumberInput h = headroom(false);
        assertEquals("2 GiB", h.textProperty().get());
        assertEquals("GiB", h.unit(), "the label says (GiB)");
        assertEquals("GiB; or type 141 GB, 512 MiB", h.hint());
        h.textProperty().set("1.5");
        assertEquals(1_610_612_736L, h.longValue());
        h.textProperty().set("1.3");
        assertEquals(1_395_864_371L, h.longValue(), "rounded to whole bytes");
        String[][] sizes = {{"141 GB", "141000000000"}, {"141GB", "141000000000"}, {"141 gb", "141000000000"},
            {"512 MiB", "536870912"}, {"512mib", "536870912"}, {"1.5 GiB", "1610612736"}, {"1 TB", "1000000000000"},
            {"1 TiB", "1099511627776"}, {"4 KiB", "4096"}, {"4 KB", "4000"}, {"3 MB", "3000000"}, {"1,000 B", "1000"},
            {"7b", "7"}, {"2 Gi", "2147483648"}, {"0", "0"}, {"-1", "-1073741824"}};
        for (String[] s : sizes) {
            h.textProperty().set(s[0]);
            assertEquals(Long.parseLong(s[1]), h.longValue(), s[0]);
            assertNull(h.parseErrorProperty().get(), s[0]);
        }
        h.textProperty().set("80 G");
        assertNull(h.longValue(), "a bare G: GB or GiB? (vLLM reads 1G as GiB)");
        assertEquals("not a size: '80 G' (write 'GB' for powers of 10 or 'GiB' for powers of 2)", h.parseErrorProperty().get());
        h.textProperty().set("lots");
        assertEquals("not a size: 'lots' (a number of GiB, or a size such as 141 GB or 512 MiB)", h.parseErrorProperty().get());
        h.textProperty().set("9,000,000,000 GiB");
        assertEquals("too large: '9,000,000,000 GiB' (at most 9,223,372,036,854,775,807 bytes)", h.parseErrorProperty().get());
    }

    /** Seen (issue 25): "1,5" was refused in the headroom while "0,9" was accepted elsewhere in the same language. */
    @Test
    void russianReadsACommaOrADotAsTheDecimalMarkInEveryField() {
        NumberInput h = headroom(true);
        assertEquals("2 GiB", h.textProperty().get());
        for (String t : List.of("1,5", "1.5", "1,5 GiB", "1,5GiB")) {
            h.textProperty().set(t);
            assertEquals(1_610_612_736L, h.longValue(), t);
        }
        h.textProperty().set("1 024");
        assertEquals(1024 * Units.GIB, h.longValue(), "a space between thousands");
        h.textProperty().set("1.234,5");
        assertNull(h.longValue());
        assertEquals("not a number: '1.234,5' (one decimal mark, a comma or a dot; spaces group thousands)",
                h.parseErrorProperty().get());
        h.textProperty().set("1 23");
        assertEquals("not a number: '1 23' (thousands are grouped in threes)", h.parseErrorProperty().get(), "never 123");
        assertEquals(0.9, input(NumberInput.Kind.DECIMAL, true, "0,9").doubleValue(), 1e-12);
        assertEquals(0.9, input(NumberInput.Kind.DECIMAL, true, "0.9").doubleValue(), 1e-12);
        assertEquals(1_500L, input(NumberInput.Kind.TOKENS, true, "1,5k").longValue());
    }

    /** English: a dot is the decimal mark and a comma only groups thousands, so "1,5" is refused, never 15 or 2. */
    @Test
    void englishRefusesACommaThatDoesNotGroupThousands() throws Exception {
        NumberInput h = headroom(false);
        h.textProperty().set("1,5");
        assertNull(h.longValue());
        String why = "not a number: '1,5' (in English the decimal mark is a dot, 1.5; a comma groups thousands, 1,234)";
        assertEquals(why, h.parseErrorProperty().get());
        for (NumberInput.Kind k : NumberInput.Kind.values()) {
            assertNull(input(k, false, "0,9").valueProperty().get(), k + ": 0,9 is refused in every field");
        }
        assertEquals(1_234.5, input(NumberInput.Kind.DECIMAL, false, "1,234.5").doubleValue(), 1e-12);
        SheetViewModel vm = SheetViewModelTest.open("seed003-70b-int4-80gib.json");
        vm.result.headroom.textProperty().set("1,5");
        assertEquals("RESULT › Operational headroom: " + why, vm.issueFor("result.headroomBytes").text(), "names the field");
    }

    /** Every byte field reads back what it shows, in either language: never 10^9 (or 2^30) times off. */
    @Test
    void everyByteFieldReadsBackTheBytesItShows() {
        SheetViewModel vm = new SheetViewModel();
        List<NumberInput> bytes = new ArrayList<>();
        vm.sections().forEach(s -> s.numbers().stream().filter(n -> n.kind() == NumberInput.Kind.BYTES).forEach(bytes::add));
        assertTrue(bytes.size() >= 16, "byte fields: " + bytes.size());
        long[] values = {0, 1, 1023, 4096, Units.MIB, 3 * Units.MIB / 2, Units.GIB, Math.round(79.19 * Units.GIB),
            18_447_248_982L, 141_000_000_000L, Units.TIB + 1, 85 * Units.GIB};
        for (boolean russian : new boolean[] {false, true}) {
            for (NumberInput n : bytes) {
                n.setDecimalComma(russian);
                for (long v : values) {
                    n.load(v);
                    assertEquals(v, n.longValue(), n.key() + " shows " + n.textProperty().get());
                }
            }
        }
        NumberInput h = vm.result.headroom;
        h.setDecimalComma(false);
        h.load(18_447_248_982L);
        assertEquals("18,447,248,982 B", h.textProperty().get(), "not two decimals of GiB: in bytes, with the unit");
        h.load(Units.gib(0.3));
        assertEquals("0.3 GiB", h.textProperty().get());
        NumberInput state = vm.kv.stateBytesPerLayer;
        state.setDecimalComma(false);
        state.load(3 * Units.MIB / 2);
        assertEquals("1.5 MiB", state.textProperty().get(), "a per-layer state is shown in MiB");
        state.textProperty().set("2");
        assertEquals(2 * Units.MIB, state.longValue());
    }

    /**
     * Seen (issue 25): "8k" meant 8,000 tokens while the axis said "8K" for 8,192. Token fields read k / K as vLLM's
     * --max-model-len does (human_readable_int, vllm/engine/arg_utils.py): k = 1,000, K = 1,024, no fraction with K.
     */
    @Test
    void tokenFieldsReadKAsVllmDoes() {
        NumberInput t = new RuntimeViewModel().maxModelLen;
        assertEquals(NumberInput.Kind.TOKENS, t.kind());
        String[][] tokens = {{"8k", "8000"}, {"8K", "8192"}, {"8Ki", "8192"}, {"8 Ki", "8192"}, {"8ki", "8192"},
            {"128K", "131072"}, {"1.5k", "1500"}, {"25.6k", "25600"}, {"1m", "1000000"}, {"1M", "1048576"},
            {"1Mi", "1048576"}, {"131,072", "131072"}, {"32_768", "32768"}, {"8192", "8192"}};
        for (String[] s : tokens) {
            t.textProperty().set(s[0]);
            assertEquals(Long.parseLong(s[1]), t.longValue(), s[0]);
        }
        t.textProperty().set("1.5K");
        assertNull(t.longValue(), "vLLM refuses a fraction with K");
        assertEquals("not a whole number: '1.5K' ('K' = 1,024 takes no fraction, as in vLLM; a fraction goes with 'k' = 1,000)",
                t.parseErrorProperty().get());
        t.textProperty().set("1.0005k");
        assertEquals("not a whole number: '1.0005k'", t.parseErrorProperty().get());
        t.textProperty().set("8 G");
        assertEquals("not a whole number: '8 G' (k = 1,000; K or Ki = 1,024; m = 1,000,000; M or Mi = 1,048,576)",
                t.parseErrorProperty().get());
        assertEquals("tokens; 8k = 8,000, 8K = 8,192", t.hint());
        Texts ru = Texts.of("ru");
        assertEquals("токены; 8k = 8\u00a0000, 8K = 8\u00a0192", ru.message(t.hint()));
        t.setDecimalComma(true);
        t.textProperty().set("1,5K");
        assertEquals("не целое число: '1,5K' ('K' = 1\u00a0024 — без дробной части, как в vLLM; дробь пишется с 'k' = 1\u00a0000)",
                ru.message(t.parseErrorProperty().get()));
        assertEquals("Десятичный знак — запятая или точка (1,5); тысячи разделяются пробелом (1 234).", ru.message(t.help().get(1)));
        assertTrue(t.help().get(0).contains("as vLLM reads --max-model-len: k = 1,000") && t.help().get(0).contains("K or Ki = 1,024"),
                t.help().toString());
    }

    /**
     * Seen (issue 26): "70B" parameters were read as 70, "8.9" KV heads as 8, "1.9" GPUs as 1, "32.768" tokens as 33, and
     * byte units passed on counts. The window reads them by the sheet's one grammar, as files and the CLI do.
     */
    @Test
    void countsAreCountsAndParametersTakeBillions() {
        NumberInput total = new WeightsViewModel().totalParams;
        assertEquals(NumberInput.Kind.PARAMS, total.kind());
        String[][] params = {{"70B", "70000000000"}, {"8B", "8000000000"}, {"405B", "405000000000"}, {"1.5B", "1500000000"},
            {"1.5b", "1500000000"}, {"7 B", "7000000000"}, {"560M", "560000000"}, {"1T", "1000000000000"}, {"125K", "125000"},
            {"70,553,706,496", "70553706496"}};
        for (String[] p : params) {
            total.textProperty().set(p[0]);
            assertEquals(Long.parseLong(p[1]), total.longValue(), p[0]);
        }
        for (String bad : List.of("70 GB", "70GiB", "70 KiB", "1.0000000005B", "70 x")) {
            total.textProperty().set(bad);
            assertNull(total.longValue(), bad);
        }
        total.textProperty().set("70 GB");
        assertEquals("not a parameter count: '70 GB' (K, M, B, T = thousand, million, billion, trillion: 70B = 70,000,000,000)",
                total.parseErrorProperty().get());
        NumberInput heads = new KvViewModel().kvHeads;
        for (String bad : List.of("8.9", "8 GiB", "8B", "8k", "8K")) {
            heads.textProperty().set(bad);
            assertNull(heads.longValue(), bad + " is not a number of heads");
        }
        heads.textProperty().set("8.9");
        assertEquals("not a whole number: '8.9'", heads.parseErrorProperty().get());
        heads.textProperty().set("8 GiB");
        assertEquals("not a whole number: '8 GiB' (a count takes no unit or suffix)", heads.parseErrorProperty().get());
        NumberInput gpus = new GpuViewModel().count;
        gpus.textProperty().set("1.9");
        assertNull(gpus.longValue(), "never 1 GPU");
        NumberInput tokens = new RuntimeViewModel().maxModelLen;
        tokens.textProperty().set("32.768");
        assertNull(tokens.longValue(), "a dot is the decimal mark: never 33 tokens");
        assertEquals("not a whole number: '32.768'", tokens.parseErrorProperty().get());
        tokens.textProperty().set("32.768k");
        assertEquals(32_768L, tokens.longValue());
    }

    /** The sequence-length list reads each entry as a token field does, with the language's decimal mark. */
    @Test
    void sequenceLengthsReadAsTokenFields() {
        WorkloadViewModel w = new WorkloadViewModel(ScenarioId.TYPICAL);
        w.sequenceLengths.set("8k, 8K; 1.5k 131,072");
        assertEquals(List.of(8_000L, 8_192L, 1_500L, 131_072L), w.snapshot().sequenceLengths());
        w.setDecimalComma(true);
        assertEquals("8_000, 8_192, 1_500, 131_072", w.sequenceLengths.get(), "rewritten so that it reads the same");
        assertEquals(List.of(8_000L, 8_192L, 1_500L, 131_072L), w.snapshot().sequenceLengths());
        w.sequenceLengths.set("1,5k; 2K");
        assertEquals(List.of(1_500L, 2_048L), w.snapshot().sequenceLengths());
        w.sequenceLengths.set("4k, 1.5K");
        List<Issue> issues = new ArrayList<>();
        w.collectParseIssues(issues);
        assertTrue(issues.get(0).message().startsWith("not a whole number: '1.5K'"), issues.toString());
    }

    /** The form's kinds follow the declarations: a TOKENS input is a token field, a BYTES input a byte field. */
    @Test
    void everyFieldReadsAsItsDeclarationSays() {
        SheetViewModel vm = new SheetViewModel();
        int checked = 0;
        for (SectionViewModel s : vm.sections()) {
            for (NumberInput n : s.numbers()) {
                InputDecl d = Inputs.find(n.key());
                if (d == null) {
                    continue;
                }
                checked++;
                assertEquals(d.kind() == InputDecl.Kind.TOKENS, n.kind() == NumberInput.Kind.TOKENS, n.key());
                assertEquals(d.kind() == InputDecl.Kind.BYTES, n.kind() == NumberInput.Kind.BYTES, n.key());
                if (d.grammar() != null) {
                    assertEquals(d.grammar(), TypedNumber.grammar(n.kind()), n.key() + " reads as files and the CLI read it");
                }
            }
        }
        assertTrue(checked > 40, "declared fields checked: " + checked);
        vm.setDecimalComma(true);
        vm.sections().forEach(s -> s.numbers().forEach(n -> assertTrue(n.decimalComma(), n.key() + " follows the language")));
    }
}
