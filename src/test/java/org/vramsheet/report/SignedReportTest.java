package org.vramsheet.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.X509Certificate;
import java.util.Date;
import java.util.List;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 26, point 6, signed reports. Seen: an expired signing key was reported as "changed"; a countersignature by the
 * same trusted key was rejected. Now: exit 5 "signed by a key that expired on DATE", and a countersignature that adds
 * only a signature keeps the report verified.
 */
class SignedReportTest {
    @TempDir
    Path dir;

    private static X509Certificate cert(Path p12) throws Exception {
        KeyStore ks = KeyStore.getInstance("PKCS12");
        try (var in = Files.newInputStream(p12)) {
            ks.load(in, "pw".toCharArray());
        }
        return (X509Certificate) ks.getCertificate("signer");
    }

    private static String all(ReportVerifier.Result r) {
        return String.join("\n", r.lines());
    }

    @Test
    void anExpiredKeyIsSaidSoNotChanged() throws Exception {
        long day = 86_400_000L;
        long now = System.currentTimeMillis();
        Path key = SelfSigned.create(Files.createDirectories(dir.resolve("old")), "Old Key", "pw".toCharArray(),
                new Date(now - 400 * day), new Date(now - 30 * day));
        byte[] signed = PdfSigner.sign(UnsignedReportTest.report(), key, "pw".toCharArray(), "Approved");
        var trusted = ReportVerifier.verify(signed, "test", List.of(cert(key)));
        assertEquals(ReportVerifier.Status.EXPIRED, trusted.status(), all(trusted));
        assertEquals(5, trusted.status().exitCode);
        String expired = SignatureCheck.expiry(cert(key), new Date()).replaceAll(".*expired on ", "");
        assertTrue(all(trusted).contains("EXPIRED signed by trusted") && all(trusted).contains("a key that expired on "
                + expired.substring(0, 10)), all(trusted));
        assertTrue(trusted.ok(), "nothing changed: " + all(trusted));
        var untrusted = ReportVerifier.verify(signed, "test", List.of());
        assertEquals(ReportVerifier.Status.UNTRUSTED, untrusted.status(), all(untrusted));
        assertTrue(all(untrusted).contains("with a key that expired on"), all(untrusted));
    }

    @Test
    void aCountersignatureByTheSameTrustedKeyIsAccepted() throws Exception {
        Path key = SelfSigned.create(dir, "Lead", "pw".toCharArray());
        byte[] once = PdfSigner.sign(UnsignedReportTest.report(), key, "pw".toCharArray(), "Approved");
        byte[] twice = PdfSigner.sign(once, key, "pw".toCharArray(), "Countersigned");
        var r = ReportVerifier.verify(twice, "test", List.of(cert(key)));
        assertEquals(ReportVerifier.Status.TRUSTED, r.status(), all(r));
        assertTrue(all(r).contains("countersigned later, and the later revision adds only a signature"), all(r));
        assertEquals(2, r.lines().stream().filter(l -> l.startsWith("OK   signed by trusted")).count(), all(r));
    }

    /** A later revision that changes the content and is signed again: the first signature no longer vouches for it. */
    @Test
    void aLaterRevisionThatChangesMoreThanASignatureIsNotACountersignature() throws Exception {
        Path key = SelfSigned.create(dir, "Lead", "pw".toCharArray());
        byte[] once = PdfSigner.sign(UnsignedReportTest.report(), key, "pw".toCharArray(), "Approved");
        byte[] edited;
        try (PDDocument doc = Loader.loadPDF(once)) {
            doc.getDocumentInformation().setKeywords("fits");
            doc.getDocumentInformation().getCOSObject().setNeedToBeUpdated(true);
            var out = new ByteArrayOutputStream();
            doc.saveIncremental(out);
            edited = out.toByteArray();
        }
        byte[] twice = PdfSigner.sign(edited, key, "pw".toCharArray(), "Countersigned");
        var r = ReportVerifier.verify(twice, "test", List.of(cert(key)));
        assertEquals(ReportVerifier.Status.CHANGED, r.status(), all(r));
        assertTrue(all(r).contains("is valid but the file was changed after it"), all(r));
    }

    /** A signature's widget that covers the verdict (an untrusted signer can draw anything in it) is caught. */
    @Test
    void aSignatureAppearanceOffTheSignatureLineIsCaught() throws Exception {
        Path key = SelfSigned.create(dir, "Mallory", "pw".toCharArray());
        byte[] signed = PdfSigner.sign(UnsignedReportTest.report(), key, "pw".toCharArray(), "Approved");
        try (PDDocument doc = Loader.loadPDF(signed)) {
            assertEquals(null, ReportSignatures.extras(doc, doc.getSignatureDictionaries(), true), "on the line");
            var widget = doc.getSignatureFields().get(0).getWidgets().get(0);
            widget.setRectangle(new PDRectangle(40, 600, 300, 40));
            String extra = ReportSignatures.extras(doc, doc.getSignatureDictionaries(), true);
            assertTrue(extra != null && extra.contains("off the signature line"), extra);
        }
    }
}
