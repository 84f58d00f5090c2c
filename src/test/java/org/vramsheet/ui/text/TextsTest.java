package org.vramsheet.ui.text;

import org.vramsheet.core.sheet.Engine;
import org.vramsheet.core.sheet.RuntimeSettings;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.vramsheet.ui.dialogs.AboutDialog;

class TextsTest {
    @Test
    void russianWordsAndNumbers() {
        Texts ru = Texts.of("ru");
        assertEquals("ВЕСА", ru.t("WEIGHTS"));
        assertEquals("Not translated yet", ru.t("Not translated yet"), "unknown text stays English");
        assertEquals("131,42 GiB", ru.value("131.42 GiB"));
        assertEquals("141\u00a0107\u00a0412\u00a0992 B", ru.value("141,107,412,992 B"));
        assertEquals("15 последовательностей", ru.value("15 sequences"));
        assertEquals("недоступно", ru.value("unavailable"));
        assertEquals("20 параллельных последовательностей (20,60x)", ru.value("20 concurrent sequences (20.60x)"));
        assertEquals("да", ru.value("yes"));
        assertEquals("unknown", ru.value("unknown"), "words inside words are left alone");
    }

    @Test
    void englishIsTheCodesOwnText() {
        assertSame(Texts.ENGLISH, Texts.of("en"));
        assertSame(Texts.ENGLISH, Texts.of("de"), "a language the window does not speak falls back to English");
        assertEquals("131.42 GiB", Texts.ENGLISH.value("131.42 GiB"));
    }

    @Test
    void messagesWithNumbersAreTranslatedByTheirTemplate() {
        Texts ru = Texts.of("ru");
        assertEquals("{0} KV heads do not divide {1} attention heads",
                Texts.template("7 KV heads do not divide 64 attention heads", null));
        assertEquals("противоречие: 7 KV-голов не делят 64 голов внимания",
                ru.message("inconsistent: 7 KV heads do not divide 64 attention heads"));
        assertEquals("абсурдно много: 2\u00a0000\u00a0000 больше предела 1\u00a0000\u00a0000",
                ru.message("absurdly large: 2,000,000 is above the limit 1,000,000"), "numbers written Russian style");
        assertEquals("версия движка: в логе 0.19.0, на листе 0.13.0",
                ru.message("engine version: log 0.19.0, sheet 0.13.0"), "a version is not a decimal number");
        assertEquals("не целое число: 'abc'", ru.message("not a whole number: 'abc'"), "a quoted part is kept");
        assertEquals("нужно Оценка объёма весов: ВЕСА › Число параметров (всего): обязательно",
                ru.message("needs Estimated weight payload: WEIGHTS › Parameter count (total): is required"),
                "composed reasons are taken apart");
        assertEquals("Тяжёлая: помещается в KV-пул", ru.message("Heavy: fits the KV pool"));
        assertEquals("fp8_e4m3 is 70B", ru.message("fp8_e4m3 is 70B"), "digits inside words are not numbers");
        assertEquals(java.util.List.of("a sentence nobody wrote with {0} numbers"),
                ru.untranslated("a sentence nobody wrote with 3 numbers"));
        assertEquals("a sentence nobody wrote with 3,5 numbers", ru.message("a sentence nobody wrote with 3.5 numbers"),
                "untranslated text keeps its words and gets Russian numbers");
        for (String version : new String[] {"0.10.1", "0.19.0"}) {
            for (String gpu : new String[] {"", "NVIDIA H100 80GB HBM3", "NVIDIA B200", "NVIDIA A100 80GB"}) {
                String why = org.vramsheet.core.engine.EngineDefaults.blockSize(RuntimeSettings.builder().engine(Engine.VLLM)
                        .engineVersion(version).maxModelLen(8192L).activationPeakBytes(0L).nonTorchBytes(0L).cudaGraphBytes(0L)
                        .build(), org.vramsheet.core.calc.Sheets.mla(27, 16, 512, 64,
                        org.vramsheet.core.sheet.KvDtype.BF16), new org.vramsheet.core.sheet.Gpu(gpu, 1, 80L << 30)).why();
                assertTrue(ru.untranslated(why).isEmpty(), "the MLA block size says why in Russian: " + why);
            }
        }
        for (String version : new String[] {"0.19.0", "0.26.0"}) {
            var why = org.vramsheet.core.engine.EngineDefaults.fraction(RuntimeSettings.builder().engine(Engine.VLLM)
                    .engineVersion(version).maxModelLen(8192L).activationPeakBytes(0L).nonTorchBytes(0L).cudaGraphBytes(0L).build(),
                    80L << 30).why();
            assertTrue(ru.untranslated(why).isEmpty(), "the vLLM " + version + " default says why in Russian: " + why);
        }
        assertEquals("inconsistent: 7 KV heads do not divide 64 attention heads",
                Texts.ENGLISH.message("inconsistent: 7 KV heads do not divide 64 attention heads"));
    }

    @Test
    void theAboutBoxSpeaksTheWindowsLanguageAndKeepsNamesAndLicences() {
        String ru = AboutDialog.text("1.2.3", Texts.of("ru"));
        assertTrue(ru.contains("Благодарности:") && ru.contains("Лист SS-007 для расчёта VRAM"), ru);
        assertTrue(ru.contains("  Apache POI (Apache-2.0)"), "licence identifiers stay: " + ru);
        assertTrue(ru.contains("VRAM Sheet 1.2.3"));
        assertEquals(AboutDialog.text("1.2.3") + "\n", AboutDialog.text("1.2.3", Texts.ENGLISH));
    }

    /** The new sign-off, recovery and wrong-model messages are in the bundle. */
    @Test
    void signOffRecoveryAndWrongModelMessagesAreRussian() {
        Texts ru = Texts.of("ru");
        for (String m : java.util.List.of(
                "VRAM Sheet did not close cleanly last time. Restore the unsaved worksheet ('team.json') instead of opening 'b.json'?",
                "VRAM Sheet did not close cleanly last time. Restore the unsaved worksheet instead of opening 'b.json'?",
                "SIGN-OFF › Reviewed on: needed to approve", "SIGN-OFF › Approved on: not a date (YYYY-MM-DD)",
                "the sheet has input problems: fix the marked fields first",
                "another model? the log ran 'a/B', the sheet is 'c/D': check before applying it",
                "Earlier approval: 'Cy' on '2026-11-30', reopened as Draft on '2026-12-01'",
                "KV-cache dtype: log 'fp8', sheet 'auto (model dtype)'",
                "no model_type: read as a GPT-2-style decoder (n_embd, n_head, n_layer) from its keys",
                "vLLM 0.19.0: 25 lines read", "2 lines skipped: a value that does not parse or does not fit, or too long")) {
            assertEquals(java.util.List.of(), ru.untranslated(m), m);
        }
        assertTrue(ru.message("another model? the log ran 'a/B', the sheet is 'c/D': check before applying it").contains("a/B"));
    }

    /** Seen (issues 16, 17): "1 GPUs" in English; "183 последовательностей" (should be "последовательности") in Russian. */
    @org.junit.jupiter.api.Test
    void countsTakeTheirPluralForm() {
        assertEquals("183 последовательности", Texts.russianCounts("183 sequences"));
        assertEquals("1 последовательность", Texts.russianCounts("1 sequence"));
        assertEquals("11 токенов", Texts.russianCounts("11 tokens"));
        assertEquals("21 токен", Texts.russianCounts("21 tokens"));
        assertEquals("0.50 последовательности", Texts.russianCounts("0.50 sequences"));
        assertEquals("17 параллельных последовательностей", Texts.russianCounts("17 concurrent sequences"));
        assertEquals("22 параллельные последовательности", Texts.russianCounts("22 concurrent sequences"));
        assertEquals("1,024 токена", Texts.russianCounts("1,024 tokens"));
        var f = org.vramsheet.core.result.Figure.of(org.vramsheet.core.result.FigureKey.PLACEMENT_GPUS_PER_REPLICA, "GPUs",
                org.vramsheet.core.result.Unit.GPUS, 1, org.vramsheet.core.result.Provenance.none());
        assertEquals("1 GPU", org.vramsheet.core.result.FigureFormat.nonBytes(f, "", ""));
    }

    /** Issue 17's new messages (variants, the Compare notes, the Hub model ID check) translate whole in Russian. */
    @Test
    void variantAndModelIdMessagesTranslate() throws Exception {
        Texts ru = Texts.of("ru");
        var ws = org.vramsheet.io.json.WorksheetJson.read(java.nio.file.Path.of("assets/samples/llama-3.1-70b-bf16-h200.json"));
        var b = org.vramsheet.core.sheet.Variants.add(ws, "FP8");
        b = b.withWeights(b.weights().toBuilder().format(org.vramsheet.core.sheet.WeightFormat.FP8).build()).withGpu(b.gpu().withCount(2));
        java.util.List<String> said = new java.util.ArrayList<>(org.vramsheet.core.compare.Comparison.of(b, 4).notes());
        org.junit.jupiter.api.Assertions.assertEquals(1, said.size(), "the shared checkpoint size: " + said);
        var measured = b.withValidation(b.validation().toBuilder().measuredNonKvBytes(30L << 30).build());
        measured = org.vramsheet.core.sheet.Variants.switchTo(measured, "A");
        measured = measured.withValidation(measured.validation().toBuilder().measuredNonKvBytes(30L << 30).build());
        said.addAll(org.vramsheet.core.compare.Comparison.of(measured, 4).notes());
        for (String bad : new String[] {"https://huggingface.co/x/y", "a b", "a/b/c", "a/b?c"}) {
            said.add(org.vramsheet.io.hub.HubClient.idProblem(bad));
        }
        for (var op : java.util.List.<java.util.function.Supplier<Object>>of(
                () -> org.vramsheet.core.sheet.Variants.add(ws, "x".repeat(50)),
                () -> org.vramsheet.core.sheet.Variants.add(ws, ""),
                () -> org.vramsheet.core.sheet.Variants.switchTo(ws, "Z"))) {
            try {
                op.get();
            } catch (IllegalArgumentException e) {
                said.add(e.getMessage());
            }
        }
        org.junit.jupiter.api.Assertions.assertTrue(said.size() >= 9, said.toString());
        for (String m : said) {
            org.junit.jupiter.api.Assertions.assertEquals(java.util.List.of(), ru.untranslated(m), m);
        }
    }
}
