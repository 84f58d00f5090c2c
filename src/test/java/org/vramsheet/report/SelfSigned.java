package org.vramsheet.report;

import java.io.OutputStream;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.X509Certificate;
import java.util.Date;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;

/** Makes a throwaway self-signed PKCS#12 key at test time (no key is committed). */
public final class SelfSigned {
    private SelfSigned() { }

    public static Path create(Path dir, String cn, char[] password) throws Exception {
        long now = System.currentTimeMillis();
        return create(dir, cn, password, new Date(now - 60_000), new Date(now + 86_400_000L));
    }

    /** A key whose certificate is valid from {@code notBefore} to {@code notAfter} (an expired one, for one). */
    public static Path create(Path dir, String cn, char[] password, Date notBefore, Date notAfter) throws Exception {
        KeyPairGenerator g = KeyPairGenerator.getInstance("RSA");
        g.initialize(2048);
        KeyPair kp = g.generateKeyPair();
        X500Name name = new X500Name("CN=" + cn + ", O=VRAM Sheet tests");
        long now = System.currentTimeMillis();
        var builder = new JcaX509v3CertificateBuilder(name, BigInteger.valueOf(now), notBefore, notAfter, name, kp.getPublic());
        X509Certificate cert = new JcaX509CertificateConverter()
                .getCertificate(builder.build(new JcaContentSignerBuilder("SHA256withRSA").build(kp.getPrivate())));
        KeyStore ks = KeyStore.getInstance("PKCS12");
        ks.load(null, null);
        ks.setKeyEntry("signer", kp.getPrivate(), password, new Certificate[] {cert});
        Path p = dir.resolve("signer.p12");
        try (OutputStream out = Files.newOutputStream(p)) {
            ks.store(out, password);
        }
        return p;
    }
}
