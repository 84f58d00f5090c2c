package org.vramsheet.report;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.UnrecoverableKeyException;
import java.security.cert.Certificate;
import java.security.cert.X509Certificate;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.Arrays;
import java.util.Calendar;
import java.util.Enumeration;
import java.util.List;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.interactive.digitalsignature.PDSignature;
import org.apache.pdfbox.pdmodel.interactive.digitalsignature.SignatureInterface;
import org.apache.pdfbox.pdmodel.interactive.digitalsignature.SignatureOptions;
import org.bouncycastle.cert.jcajce.JcaCertStore;
import org.bouncycastle.cms.CMSException;
import org.bouncycastle.cms.CMSProcessableByteArray;
import org.bouncycastle.cms.CMSSignedDataGenerator;
import org.bouncycastle.cms.jcajce.JcaSignerInfoGeneratorBuilder;
import org.bouncycastle.operator.OperatorCreationException;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;
import org.bouncycastle.operator.jcajce.JcaDigestCalculatorProviderBuilder;

/**
 * Signs a report with a PKCS#12 key (detached CMS, adbe.pkcs7.detached) so readers and verify show who
 * signed and that nothing changed since. The password is used once and never stored.
 */
public final class PdfSigner {
    private PdfSigner() { }

    /** A clear reason a key file could not be used. */
    public static final class SigningException extends Exception {
        private static final long serialVersionUID = 1L;

        public SigningException(String m, Throwable c) { super(m, c); }
    }

    /** The certificate's common name, else its whole subject. */
    static String commonName(X509Certificate cert) {
        for (String part : cert.getSubjectX500Principal().getName().split(",")) {
            if (part.trim().startsWith("CN=")) {
                return part.trim().substring(3);
            }
        }
        return cert.getSubjectX500Principal().getName();
    }

    /** The key and its certificate chain from a PKCS#12 file; the password is wiped after use. */
    private record Key(PrivateKey key, Certificate[] chain) { }

    private static Key load(Path p12, char[] password) throws SigningException {
        try (InputStream in = Files.newInputStream(p12)) {
            KeyStore ks = KeyStore.getInstance("PKCS12");
            ks.load(in, password);
            for (Enumeration<String> e = ks.aliases(); e.hasMoreElements();) {
                String a = e.nextElement();
                if (ks.isKeyEntry(a)) {
                    return new Key((PrivateKey) ks.getKey(a, password), ks.getCertificateChain(a));
                }
            }
            throw new SigningException(p12 + ": no private key in the file", null);
        } catch (GeneralSecurityException e) {
            throw new SigningException(p12 + ": cannot open the key (wrong password or not a PKCS#12 file)", e);
        } catch (IOException e) {
            if (e.getCause() instanceof UnrecoverableKeyException || String.valueOf(e.getMessage())
                    .contains("password")) {
                throw new SigningException(p12 + ": wrong password", e);
            }
            throw new SigningException(p12 + ": cannot read the key file (" + e.getMessage() + ")", e);
        } finally {
            Arrays.fill(password, '\0');
        }
    }

    public static byte[] sign(byte[] pdf, Path p12, char[] password, String reason) throws SigningException, IOException {
        Key k = load(p12, password);
        X509Certificate cert = (X509Certificate) k.chain()[0];
        SignatureInterface cms = content -> {
            try {
                CMSSignedDataGenerator gen = new CMSSignedDataGenerator();
                gen.addSignerInfoGenerator(new JcaSignerInfoGeneratorBuilder(new JcaDigestCalculatorProviderBuilder().build())
                        .build(new JcaContentSignerBuilder("SHA256withRSA").build(k.key()), cert));
                gen.addCertificates(new JcaCertStore(List.of(k.chain())));
                return gen.generate(new CMSProcessableByteArray(content.readAllBytes()), false).getEncoded();
            } catch (GeneralSecurityException | OperatorCreationException | CMSException e) {
                throw new IOException("signing failed: " + e.getMessage(), e);
            }
        };
        try (PDDocument doc = Loader.loadPDF(pdf)) {
            PDSignature sig = new PDSignature();
            sig.setFilter(PDSignature.FILTER_ADOBE_PPKLITE);
            sig.setSubFilter(PDSignature.SUBFILTER_ADBE_PKCS7_DETACHED);
            sig.setName(cert.getSubjectX500Principal().getName());
            sig.setReason(reason);
            Calendar when = Calendar.getInstance();
            sig.setSignDate(when);
            SignatureAppearance.Spot spot = SignatureAppearance.locate(doc);
            if (spot == null) {
                doc.addSignature(sig, cms);
                return save(doc, null);
            }
            // the visible signature on the report's signature line: who, when, which key
            SignatureOptions options =
                    new SignatureOptions();
            options.setVisualSignature(new ByteArrayInputStream(SignatureAppearance.template(doc, spot,
                    appearanceLines(cert, when))));
            options.setPage(spot.page());
            options.setPreferredSignatureSize(32 * 1024);
            doc.addSignature(sig, cms, options);
            return save(doc, options);
        }
    }

    private static List<String> appearanceLines(X509Certificate cert, Calendar when) throws SigningException {
        String fp;
        try {
            fp = SignatureCheck.fingerprint(cert).replace(":", "");
        } catch (GeneralSecurityException e) {
            throw new SigningException("cannot read the signing certificate: " + e.getMessage(), e);
        }
        return List.of("Digitally signed by " + commonName(cert),
                ZonedDateTime.ofInstant(when.toInstant(), ZoneId.systemDefault()).format(ReportData.DATE),
                "Certificate SHA-256", fp.substring(0, 32), fp.substring(32));
    }

    private static byte[] save(PDDocument doc, SignatureOptions options)
            throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            doc.saveIncremental(out);
        } finally {
            if (options != null) {
                options.close();
            }
        }
        return out.toByteArray();
    }
}
