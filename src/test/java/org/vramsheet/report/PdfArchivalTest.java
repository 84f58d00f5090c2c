package org.vramsheet.report;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Collectors;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.verapdf.gf.foundry.VeraGreenfieldFoundryProvider;
import org.verapdf.pdfa.Foundries;
import org.verapdf.pdfa.flavours.PDFAFlavour;
import org.verapdf.pdfa.results.TestAssertion;
import org.verapdf.pdfa.results.ValidationResult;
import org.vramsheet.io.json.WorksheetJson;

/**
 * The report says it is PDF/A-3b (archival, with the worksheet attached): veraPDF, the reference validator, checks every
 * rule of that flavour on the report of each sample, unsigned and signed (the signature's appearance and its
 * incremental update must keep the file conformant).
 */
class PdfArchivalTest {
    @TempDir
    static Path dir;
    private static Path key;

    @BeforeAll
    static void setUp() throws Exception {
        VeraGreenfieldFoundryProvider.initialise();
        key = SelfSigned.create(dir, "Archive Signer", "pw".toCharArray());
    }

    @ParameterizedTest
    @ValueSource(strings = {"gemma-2-9b-sliding-window-h100.json", "llama-3.1-70b-bf16-h200.json",
        "deepseek-v2-lite-mla-h100.json", "seed003-70b-int4-80gib.json", "llama-3.1-70b-variants-bf16-fp8-int4.json"})
    void everyReportIsPdfA3bSignedOrNot(String sample) throws Exception {
        var ws = WorksheetJson.read(Path.of("assets/samples", sample));
        byte[] pdf = PdfReport.render(new ReportData(ws, "test", java.time.ZonedDateTime.now()), PDRectangle.A4);
        assertConformant(sample + " (unsigned)", pdf);
        byte[] signed = PdfSigner.sign(pdf, key, "pw".toCharArray(), "archival check");
        assertConformant(sample + " (signed)", signed);
        Files.write(dir.resolve(sample + ".pdf"), signed);
    }

    @org.junit.jupiter.api.Test
    void theValidatorRejectsAPlainPdf() throws Exception {
        var out = new java.io.ByteArrayOutputStream();
        try (var doc = new org.apache.pdfbox.pdmodel.PDDocument()) {
            doc.addPage(new org.apache.pdfbox.pdmodel.PDPage());
            doc.save(out);
        }
        try (var parser = Foundries.defaultInstance().createParser(new ByteArrayInputStream(out.toByteArray()), PDFAFlavour.PDFA_3_B);
                var validator = Foundries.defaultInstance().createValidator(PDFAFlavour.PDFA_3_B, false)) {
            org.junit.jupiter.api.Assertions.assertFalse(validator.validate(parser).isCompliant(), "no XMP, no output intent");
        }
    }

    private static void assertConformant(String what, byte[] pdf) throws Exception {
        try (var parser = Foundries.defaultInstance().createParser(new ByteArrayInputStream(pdf), PDFAFlavour.PDFA_3_B);
                var validator = Foundries.defaultInstance().createValidator(PDFAFlavour.PDFA_3_B, false)) {
            ValidationResult result = validator.validate(parser);
            String failed = result.getTestAssertions().stream()
                    .filter(a -> a.getStatus() == TestAssertion.Status.FAILED)
                    .map(a -> a.getRuleId().getClause() + "-" + a.getRuleId().getTestNumber() + " " + a.getMessage())
                    .distinct().collect(Collectors.joining("\n"));
            assertTrue(result.isCompliant(), what + " is not PDF/A-3b:\n" + failed);
        }
    }
}
