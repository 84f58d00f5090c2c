package org.vramsheet.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.X509Certificate;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPageContentStream;
import org.apache.pdfbox.pdmodel.font.PDType1Font;
import org.apache.pdfbox.pdmodel.font.Standard14Fonts;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.vramsheet.cli.Cli;

/**
 * Issue 16: verify's exit codes for each case a reviewer meets. 0 = signed by a trusted signer and unchanged;
 * 1 = changed or inconsistent; 3 = unchanged but the signer is not trusted; 4 = consistent but not signed.
 */
class VerifyTrustTest {
    private static final String SHEET = "assets/samples/seed003-70b-int4-80gib.json";

    private record Run(int code, String out) { }

    private static Run cli(String... args) {
        ByteArrayOutputStream o = new ByteArrayOutputStream();
        ByteArrayOutputStream e = new ByteArrayOutputStream();
        int code = Cli.run(args, new PrintStream(o, true, StandardCharsets.UTF_8), new PrintStream(e, true, StandardCharsets.UTF_8));
        return new Run(code, o.toString(StandardCharsets.UTF_8) + e.toString(StandardCharsets.UTF_8));
    }

    private static Path export(Path dir, String name, Path key, String sheet) throws Exception {
        Path pdf = dir.resolve(name);
        var r = new ReportFiles.Request(null, pdf, false, key, key == null ? null : "pw".toCharArray(), null);
        ReportFiles.export(org.vramsheet.io.json.WorksheetJson.read(Path.of(sheet)), org.vramsheet.io.AppVersion.get(), r, x -> { });
        return pdf;
    }

    private static Path certPem(Path p12, Path out) throws Exception {
        KeyStore ks = KeyStore.getInstance("PKCS12");
        try (var in = Files.newInputStream(p12)) {
            ks.load(in, "pw".toCharArray());
        }
        X509Certificate c = (X509Certificate) ks.getCertificate("signer");
        Files.writeString(out, "-----BEGIN CERTIFICATE-----\n" + Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII))
                .encodeToString(c.getEncoded()) + "\n-----END CERTIFICATE-----\n");
        return out;
    }

    @Test
    void trustDecidesAndAForgedKeyWithTheSameNameIsNotTrusted(@TempDir Path dir) throws Exception {
        Path alice = SelfSigned.create(Files.createDirectories(dir.resolve("alice")), "C. Lead", "pw".toCharArray());
        Path pem = certPem(alice, dir.resolve("c-lead.pem"));
        Path signed = export(dir, "signed.pdf", alice, SHEET);
        assertEquals(3, cli("verify", signed.toString()).code(), "self-signed, not in any trust list");
        Run trusted = cli("verify", signed.toString(), "--trust", pem.toString());
        assertEquals(0, trusted.code(), trusted.out());
        assertTrue(trusted.out().contains("signed by trusted") && trusted.out().contains("CN=C. Lead"), trusted.out());

        // a new key with the same name signs a tampered sheet: consistent, valid, but not the trusted signer
        var ws = org.vramsheet.io.json.WorksheetJson.read(Path.of(SHEET));
        Path tampered = dir.resolve("tampered.json");
        org.vramsheet.io.json.WorksheetJson.save(ws.withRuntime(ws.runtime().toBuilder().utilization(0.99).build()), tampered);
        Path mallory = SelfSigned.create(Files.createDirectories(dir.resolve("mallory")), "C. Lead", "pw".toCharArray());
        Path forged = export(dir, "forged.pdf", mallory, tampered.toString());
        Run f = cli("verify", forged.toString(), "--trust", pem.toString());
        assertEquals(3, f.code(), f.out());
        assertTrue(f.out().contains("UNTRUSTED") && f.out().contains("certificate SHA-256"), "name and fingerprint shown: " + f.out());
    }

    @Test
    void theTrustStoreInTheAppsHomeIsRead(@TempDir Path dir) throws Exception {
        Path key = SelfSigned.create(dir, "Reviewer", "pw".toCharArray());
        Path home = Files.createDirectories(dir.resolve("home"));
        certPem(key, home.resolve("trusted-signers.pem"));
        Path signed = export(dir, "s.pdf", key, SHEET);
        String before = System.getProperty("vramsheet.home");
        System.setProperty("vramsheet.home", home.toString());
        try {
            assertEquals(0, cli("verify", signed.toString()).code());
        } finally {
            if (before == null) {
                System.clearProperty("vramsheet.home");
            } else {
                System.setProperty("vramsheet.home", before);
            }
        }
    }

    @Test
    void strippedAppendedAndEditedReportsAreCaught(@TempDir Path dir) throws Exception {
        Path key = SelfSigned.create(dir, "Signer", "pw".toCharArray());
        Path signed = export(dir, "signed.pdf", key, SHEET);
        byte[] bytes = Files.readAllBytes(signed);
        String raw = new String(bytes, StandardCharsets.ISO_8859_1);

        // cut back to the unsigned first revision: consistent, not signed
        int firstEof = raw.indexOf("%%EOF") + "%%EOF".length();
        Path stripped = dir.resolve("stripped.pdf");
        Files.write(stripped, java.util.Arrays.copyOf(bytes, firstEof + 1));
        assertEquals(4, cli("verify", stripped.toString()).code());

        // an incremental update that removes the signature field and prints another number
        Path removed = dir.resolve("removed.pdf");
        try (PDDocument doc = Loader.loadPDF(bytes)) {
            var form = doc.getDocumentCatalog().getAcroForm();
            form.getFields().clear();
            form.getCOSObject().setNeedToBeUpdated(true);
            doc.getDocumentCatalog().getCOSObject().setNeedToBeUpdated(true);
            for (var page : doc.getPages()) {
                page.getAnnotations().clear();
                page.getCOSObject().setNeedToBeUpdated(true);
            }
            try (var out = Files.newOutputStream(removed)) {
                doc.saveIncremental(out);
            }
        }
        Run r = cli("verify", removed.toString());
        assertEquals(1, r.code(), r.out());
        assertTrue(r.out().contains("removed the signature"), r.out());

        // anything appended after the signed revision counts as changed
        Path appended = dir.resolve("appended.pdf");
        Files.write(appended, (raw + "\n% later\n").getBytes(StandardCharsets.ISO_8859_1));
        assertEquals(1, cli("verify", appended.toString()).code());
    }

    /** Seen: a number printed outside the key numbers could be edited in an unsigned report without verify noticing. */
    @Test
    void anyEditedNumberInAnUnsignedReportIsCaught(@TempDir Path dir) throws Exception {
        Path pdf = export(dir, "plain.pdf", null, SHEET);
        assertEquals(4, cli("verify", pdf.toString()).code());
        Path edited = dir.resolve("edited.pdf");
        try (PDDocument doc = Loader.loadPDF(Files.readAllBytes(pdf))) {
            try (PDPageContentStream cs = new PDPageContentStream(doc, doc.getPage(3), PDPageContentStream.AppendMode.APPEND, true)) {
                cs.beginText();
                cs.setFont(new PDType1Font(Standard14Fonts.FontName.HELVETICA), 9);
                cs.newLineAtOffset(300, 400);
                cs.showText("17,179,869,184");
                cs.endText();
            }
            doc.save(edited.toFile());
        }
        Run r = cli("verify", edited.toString());
        assertEquals(1, r.code(), r.out());
        assertTrue(r.out().contains("differs from what its attached worksheet gives"), r.out());
    }

    @Test
    void aReportVerifiesLineForLine() throws Exception {
        var ws = org.vramsheet.io.json.WorksheetJson.read(Path.of(SHEET));
        byte[] pdf = PdfReport.render(new ReportData(ws, org.vramsheet.io.AppVersion.get(), java.time.ZonedDateTime.now()),
                org.apache.pdfbox.pdmodel.common.PDRectangle.LETTER);
        var r = ReportVerifier.verify(pdf, org.vramsheet.io.AppVersion.get(), List.of());
        assertEquals(ReportVerifier.Status.UNSIGNED, r.status(), String.join("\n", r.lines()));
        assertTrue(r.lines().stream().anyMatch(l -> l.startsWith("OK   every number printed")), String.join("\n", r.lines()));
        assertTrue(Map.of().isEmpty());
    }

    /** Seen: the signature was invisible and the printed "Signature: ____" stayed blank. */
    @Test
    void theSignatureIsVisibleOnTheSignatureLine(@TempDir Path dir) throws Exception {
        Path key = SelfSigned.create(dir, "Visible Signer", "pw".toCharArray());
        Path signed = export(dir, "v.pdf", key, SHEET);
        try (PDDocument doc = Loader.loadPDF(Files.readAllBytes(signed))) {
            var spot = SignatureAppearance.locate(doc);
            var field = doc.getSignatureFields().get(0);
            var widget = field.getWidgets().get(0);
            var rect = widget.getRectangle();
            assertTrue(rect.getWidth() > 100 && rect.getHeight() > 20, "a visible box: " + rect);
            assertEquals(spot.page(), doc.getPages().indexOf(widget.getPage() != null ? widget.getPage()
                    : doc.getPage(spot.page())), "on the page of the signature line");
            assertTrue(Math.abs(rect.getLowerLeftX() - spot.x()) < 1, "right after 'Signature:'");
            var stream = widget.getAppearance().getNormalAppearance().getAppearanceStream();
            var text = new String(stream.getContentStream().toByteArray(), StandardCharsets.ISO_8859_1);
            assertTrue(text.contains("Tj") || text.contains("TJ"), "the appearance writes text");
            var parser = new org.apache.pdfbox.text.PDFTextStripper();
            assertTrue(doc.getPage(spot.page()).getAnnotations().stream().anyMatch(a -> a.getCOSObject()
                    .equals(widget.getCOSObject())), "the widget is on that page");
            assertTrue(parser.getText(doc).contains("Signature:"));
        }
    }
}
