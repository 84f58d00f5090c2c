package org.vramsheet.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.ZonedDateTime;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.pdmodel.font.PDFont;
import org.apache.pdfbox.text.PDFTextStripper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.vramsheet.core.sheet.SignOff;
import org.vramsheet.core.sheet.SignOffStatus;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.io.json.Fingerprint;
import org.vramsheet.io.json.WorksheetJson;

/** The PDF read back with PDFBox: sections, numbers, attachment, fingerprint, signature, tampering. */
class PdfReportTest {
    static Worksheet sheet() throws Exception {
        Worksheet ws = XlsxReportTest.sample("deepseek-v2-lite-mla-h100.json")
                .withSignOff(new SignOff("Анна Петрова", "2026-11-28", "김민준", "2026-11-29", "Dana Smith", "2026-11-29",
                        SignOffStatus.DRAFT, "", java.util.List.of()));
        return org.vramsheet.core.sheet.SignOffFlow.approve(ws, Fingerprint.ofContent(ws));
    }

    static byte[] pdf(Worksheet ws) throws Exception {
        return PdfReport.render(new ReportData(ws, "test", ZonedDateTime.now()), PDRectangle.A4);
    }

    @Test
    void everySectionAndTheKeyNumbersArePrinted() throws Exception {
        Worksheet ws = sheet();
        ReportData d = new ReportData(ws, "test", ZonedDateTime.now());
        try (PDDocument doc = Loader.loadPDF(PdfReport.render(d, PDRectangle.LETTER))) {
            assertEquals(PDRectangle.LETTER.getWidth(), doc.getPage(0).getMediaBox().getWidth(), 0.1);
            String text = new PDFTextStripper().getText(doc);
            for (String s : new String[] {"MODEL", "WEIGHTS", "KV ARCHITECTURE", "TYPICAL / HEAVY / LIMIT WORKLOADS", "RUNTIME",
                "VALIDATION", "RESULT", "SIGN-OFF", "WHERE EACH NUMBER COMES FROM", "KV CACHE AGAINST CONTEXT LENGTH"}) {
                assertTrue(text.contains(s), "section " + s);
            }
            assertTrue(text.contains("31,104 B"), "MLA bytes per token");
            assertTrue(text.contains("Анна Петрова") && text.contains("김민준"), "Cyrillic and Hangul names render");
            assertTrue(text.contains("Approved"));
            assertTrue(text.contains("Page 1 of " + doc.getNumberOfPages()));
            for (String n : d.keyNumbers()) {
                assertTrue(text.contains(n), n);
            }
            for (var font : doc.getPage(0).getResources().getFontNames()) {
                PDFont f = doc.getPage(0).getResources().getFont(font);
                assertTrue(f.isEmbedded(), "embedded font " + f.getName());
            }
            String xmp = new String(doc.getDocumentCatalog().getMetadata().toByteArray(), StandardCharsets.UTF_8);
            assertTrue(xmp.contains("<pdfaid:part>3</pdfaid:part>") && xmp.contains("<pdfaid:conformance>B"));
            assertEquals(1, doc.getDocumentCatalog().getOutputIntents().size());
        }
    }

    @Test
    void theAttachmentRoundTripsAndTheFingerprintMatches() throws Exception {
        Worksheet ws = sheet();
        byte[] bytes = pdf(ws);
        try (PDDocument doc = Loader.loadPDF(bytes)) {
            String json = ReportVerifier.attachment(doc);
            assertEquals(ws, WorksheetJson.parse(json, "attachment"));
            assertEquals(Fingerprint.of(ws), Fingerprint.of(json));
        }
        var r = ReportVerifier.verify(bytes, "test");
        assertTrue(r.ok(), r.lines().toString());
        assertTrue(r.lines().get(0).contains(Fingerprint.of(ws)));
    }

    @Test
    void signedReportsSayWhoSignedAndDetectChanges(@TempDir Path dir) throws Exception {
        char[] pw = "s3cret".toCharArray();
        Path key = SelfSigned.create(dir, "Dana Smith", pw.clone());
        byte[] signed = PdfSigner.sign(pdf(sheet()), key, pw.clone(), "Approved sizing");
        var ok = ReportVerifier.verify(signed, "test");
        assertTrue(ok.ok(), ok.lines().toString());
        assertTrue(ok.lines().stream().anyMatch(l -> l.startsWith("UNTRUSTED signed by") && l.contains("Dana Smith")),
                ok.lines().toString());
        assertEquals(ReportVerifier.Status.UNTRUSTED, ok.status(), "valid and unchanged, but nobody said to trust Dana's key");
        // change one byte inside the signed range (a digit of the printed fingerprint is not needed: any byte will do)
        byte[] tampered = signed.clone();
        int i = new String(tampered, StandardCharsets.ISO_8859_1).indexOf("/Producer");
        tampered[i + 12] ^= 1;
        var bad = ReportVerifier.verify(tampered, "test");
        assertFalse(bad.ok(), bad.lines().toString());
        assertTrue(bad.lines().stream().anyMatch(l -> l.startsWith("FAIL")), bad.lines().toString());
    }

    @Test
    void aReportWhoseWorksheetWasSwappedFailsVerify() throws Exception {
        byte[] a = pdf(sheet());
        Worksheet other = sheet().withGpu(new org.vramsheet.core.sheet.Gpu("other", 1, 80L << 30));
        try (PDDocument doc = Loader.loadPDF(a)) {
            var fs = doc.getDocumentCatalog().getNames().getEmbeddedFiles().getNames().get(PdfReport.ATTACHMENT);
            var ef = new org.apache.pdfbox.pdmodel.common.filespecification.PDEmbeddedFile(doc,
                    new java.io.ByteArrayInputStream(WorksheetJson.write(other).getBytes(StandardCharsets.UTF_8)));
            fs.setEmbeddedFile(ef);
            java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
            doc.save(out);
            var r = ReportVerifier.verify(out.toByteArray(), "test");
            assertFalse(r.ok());
            assertTrue(r.lines().get(0).startsWith("FAIL fingerprint"), r.lines().toString());
        }
    }

    @Test
    void wrongPasswordIsAClearError(@TempDir Path dir) throws Exception {
        Path key = SelfSigned.create(dir, "X", "right".toCharArray());
        var e = assertThrows(PdfSigner.SigningException.class,
                () -> PdfSigner.sign(pdf(sheet()), key, "wrong".toCharArray(), "r"));
        assertTrue(e.getMessage().contains("password"), e.getMessage());
    }

    /** An approval of other content (the sheet changed after approval, or a status typed into the file) fails verify. */
    @Test
    void anApprovalOfOtherContentFailsVerify() throws Exception {
        Worksheet approved = sheet();
        var ok = ReportVerifier.verify(pdf(approved), "test");
        assertTrue(ok.lines().stream().anyMatch(l -> l.startsWith("OK   approved by Dana Smith")), ok.lines().toString());
        Worksheet changedAfter = approved.withGpu(new org.vramsheet.core.sheet.Gpu("other", 1, 80L << 30));
        var bad = ReportVerifier.verify(pdf(changedAfter), "test");
        assertFalse(bad.ok(), bad.lines().toString());
        assertTrue(bad.lines().stream().anyMatch(l -> l.startsWith("FAIL approved by Dana Smith for content")), bad.lines().toString());
        Worksheet typedIn = approved.withSignOff(approved.signOff().withApprovedFingerprint(""));
        assertFalse(ReportVerifier.verify(pdf(typedIn), "test").ok(), "an Approved status without its fingerprint");
    }
}
