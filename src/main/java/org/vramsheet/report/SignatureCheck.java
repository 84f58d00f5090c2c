package org.vramsheet.report;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.Arrays;
import java.util.Collection;
import java.util.HexFormat;
import java.util.List;
import org.apache.pdfbox.pdmodel.interactive.digitalsignature.PDSignature;
import org.bouncycastle.cert.X509CertificateHolder;
import org.bouncycastle.cms.CMSProcessableByteArray;
import org.bouncycastle.cms.CMSSignedData;
import org.bouncycastle.cms.SignerInformation;
import org.bouncycastle.cms.jcajce.JcaSimpleSignerInfoVerifierBuilder;
import org.bouncycastle.util.Store;

/**
 * One signature of a report: whether its bytes verify, whether it covers the whole file, and whether its signer is
 * trusted: the very certificate is in the trust list, or it was issued by a certificate authority that is. A key made
 * with the same name is not the same key: its certificate differs and its issuer's signature does not verify.
 */
final class SignatureCheck {
    private SignatureCheck() { }

    /** The outcome: bytes valid and covering the file, the signer trusted, and the line that says so. */
    record Outcome(boolean intact, boolean trusted, String line) { }

    static Outcome check(PDSignature s, byte[] pdf, List<X509Certificate> trust) {
        try {
            byte[] signed = s.getSignedContent(pdf);
            CMSSignedData cms = new CMSSignedData(new CMSProcessableByteArray(signed), s.getContents(pdf));
            SignerInformation si = cms.getSignerInfos().getSigners().iterator().next();
            @SuppressWarnings("unchecked")
            Store<X509CertificateHolder> store = cms.getCertificates();
            @SuppressWarnings("unchecked")
            Collection<X509CertificateHolder> certs = store.getMatches(si.getSID());
            X509CertificateHolder holder = certs.iterator().next();
            boolean valid = si.verify(new JcaSimpleSignerInfoVerifierBuilder().build(holder));
            int[] br = s.getByteRange();
            boolean whole = br.length == 4 && (long) br[2] + br[3] == pdf.length;
            X509Certificate cert = (X509Certificate) CertificateFactory.getInstance("X.509")
                    .generateCertificate(new ByteArrayInputStream(holder.getEncoded()));
            String who = cert.getSubjectX500Principal().getName() + " (certificate SHA-256 " + fingerprint(cert) + ")";
            if (!valid) {
                return new Outcome(false, false, "FAIL signature by " + who + " does not match the signed bytes (changed after signing)");
            }
            if (!whole) {
                return new Outcome(false, false, "FAIL signature by " + who + " is valid but the file was changed after it "
                        + "(an update appended after the signed revision)");
            }
            String when = s.getSignDate() != null ? " on " + s.getSignDate().toInstant() : "";
            if (!trusted(cert, trust)) {
                return new Outcome(true, false, "UNTRUSTED signed by " + who + when + "; nothing changed since, but this "
                        + "signer is not trusted here (add its certificate with --trust CERT.pem or to trusted-signers.pem)");
            }
            return new Outcome(true, true, "OK   signed by trusted " + who + when + "; nothing changed since");
        } catch (Exception e) {
            return new Outcome(false, false, "FAIL signature cannot be checked: " + e.getMessage());
        }
    }

    /** The very certificate is trusted, or a trusted authority issued it (its signature verifies with that key). */
    static boolean trusted(X509Certificate cert, List<X509Certificate> trust) {
        for (X509Certificate t : trust) {
            try {
                if (Arrays.equals(t.getEncoded(), cert.getEncoded())) {
                    return true;
                }
                if (t.getBasicConstraints() >= 0 && cert.getIssuerX500Principal().equals(t.getSubjectX500Principal())) {
                    cert.verify(t.getPublicKey());
                    cert.checkValidity();
                    return true;
                }
            } catch (GeneralSecurityException e) {
                // not this one
            }
        }
        return false;
    }

    /** "ab:cd:..." of the certificate's DER bytes. */
    static String fingerprint(X509Certificate cert) throws GeneralSecurityException {
        byte[] d = MessageDigest.getInstance("SHA-256").digest(cert.getEncoded());
        return HexFormat.ofDelimiter(":").formatHex(d);
    }

    /** Whether any revision of the file held a signature (a later update can drop it from the final one). */
    static boolean everSigned(byte[] pdf) {
        String raw = new String(pdf, StandardCharsets.ISO_8859_1);
        return raw.contains("/ByteRange") || raw.contains("/adbe.pkcs7.detached");
    }
}
