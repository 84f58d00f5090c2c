package org.vramsheet.report;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.cert.CertificateExpiredException;
import java.security.cert.CertificateFactory;
import java.security.cert.CertificateNotYetValidException;
import java.security.cert.X509Certificate;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Arrays;
import java.util.Collection;
import java.util.Date;
import java.util.HexFormat;
import java.util.List;
import org.apache.pdfbox.pdmodel.interactive.digitalsignature.PDSignature;
import org.bouncycastle.cert.X509CertificateHolder;
import org.bouncycastle.cms.CMSProcessableByteArray;
import org.bouncycastle.cms.CMSSignedData;
import org.bouncycastle.cms.SignerInformation;
import org.bouncycastle.cms.jcajce.JcaSimpleSignerInfoVerifierBuilder;
import org.bouncycastle.util.Store;
import org.vramsheet.io.Messages;

/**
 * One signature of a report: whether its bytes verify, how much of the file it covers, whether its signer is trusted
 * (the very certificate is in the trust list, or a certificate authority that is issued it: a key made with the same
 * name is not the same key), and whether the key was valid: a key that had expired is said so, never "changed".
 */
final class SignatureCheck {
    private static final DateTimeFormatter DAY = DateTimeFormatter.ofPattern("yyyy-MM-dd").withZone(ZoneOffset.UTC);

    private SignatureCheck() { }

    /**
     * The outcome: the bytes verify, the signed revision ends at {@code end}, the signer is trusted, the key's
     * validity problem (empty when valid), who signed and when (as the file says).
     */
    record Outcome(boolean valid, long end, boolean trusted, String expiry, String who, String when, String failure) {
        boolean whole(long length) { return end == length; }
    }

    static Outcome check(PDSignature s, byte[] pdf, List<X509Certificate> trust) {
        try {
            int[] br = s.getByteRange();
            long end = br.length == 4 ? (long) br[2] + br[3] : -1;
            byte[] signed = s.getSignedContent(pdf);
            CMSSignedData cms = new CMSSignedData(new CMSProcessableByteArray(signed), s.getContents(pdf));
            SignerInformation si = cms.getSignerInfos().getSigners().iterator().next();
            @SuppressWarnings("unchecked")
            Store<X509CertificateHolder> store = cms.getCertificates();
            @SuppressWarnings("unchecked")
            Collection<X509CertificateHolder> certs = store.getMatches(si.getSID());
            X509Certificate cert = (X509Certificate) CertificateFactory.getInstance("X.509")
                    .generateCertificate(new ByteArrayInputStream(certs.iterator().next().getEncoded()));
            // the key alone: the validity of its certificate is reported apart, not taken for a broken signature
            boolean valid = si.verify(new JcaSimpleSignerInfoVerifierBuilder().build(cert.getPublicKey()));
            String who = cert.getSubjectX500Principal().getName() + " (certificate SHA-256 " + fingerprint(cert) + ")";
            Date when = s.getSignDate() != null ? s.getSignDate().getTime() : null;
            return new Outcome(valid, end, trusted(cert, trust), expiry(cert, when), who,
                    when == null ? "" : " on " + when.toInstant(), "");
        } catch (Exception e) {
            return new Outcome(false, -1, false, "", "", "", "FAIL signature cannot be checked: "
                    + Messages.oneLine(e.getClass().getSimpleName() + ": " + e.getMessage()));
        }
    }

    /** Empty when the key is valid now and at the signing time the file states; else what is wrong, with the date. */
    static String expiry(X509Certificate cert, Date signed) {
        for (Date at : signed == null ? List.of(new Date()) : List.of(signed, new Date())) {
            try {
                cert.checkValidity(at);
            } catch (CertificateExpiredException e) {
                return "a key that expired on " + DAY.format(cert.getNotAfter().toInstant())
                        + (at == signed ? " (before it signed)" : "");
            } catch (CertificateNotYetValidException e) {
                return "a key not valid until " + DAY.format(cert.getNotBefore().toInstant());
            }
        }
        return "";
    }

    /** The line for one signature; {@code countersigned}: a later signature covers the rest and nothing else changed. */
    static String line(Outcome o, long length, boolean countersigned) {
        if (!o.failure().isEmpty()) {
            return o.failure();
        }
        if (!o.valid()) {
            return "FAIL signature by " + o.who() + " does not match the signed bytes (changed after signing)";
        }
        if (!o.whole(length) && !countersigned) {
            return "FAIL signature by " + o.who() + " is valid but the file was changed after it "
                    + "(an update appended after the signed revision)";
        }
        String later = o.whole(length) ? "; nothing changed since" : "; countersigned later, and the later revision adds "
                + "only a signature";
        String key = o.expiry().isEmpty() ? "" : ", with " + o.expiry();
        if (!o.trusted()) {
            return "UNTRUSTED signed by " + o.who() + o.when() + key + later + ", but this signer is not trusted here "
                    + "(add its certificate with --trust CERT.pem or to trusted-signers.pem)";
        }
        return (key.isEmpty() ? "OK   signed by trusted " : "EXPIRED signed by trusted ") + o.who() + o.when() + key + later;
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
