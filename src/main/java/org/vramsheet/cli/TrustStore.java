package org.vramsheet.cli;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.cert.Certificate;
import java.security.cert.CertificateException;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.List;

/** The signers verify trusts: certificates (PEM or DER) from --trust files and from trusted-signers.pem in the app's home. */
final class TrustStore {
    static final String FILE = "trusted-signers.pem";

    private TrustStore() { }

    /** The app's home as the window uses it: -Dvramsheet.home, else ~/.vramsheet. */
    static Path home() {
        String p = System.getProperty("vramsheet.home");
        return p != null ? Path.of(p) : Path.of(System.getProperty("user.home"), ".vramsheet");
    }

    static List<X509Certificate> load(List<Path> files) throws IOException {
        List<X509Certificate> out = new ArrayList<>();
        for (Path f : files) {
            out.addAll(read(f));
        }
        Path store = home().resolve(FILE);
        if (Files.isRegularFile(store)) {
            out.addAll(read(store));
        }
        return out;
    }

    private static List<X509Certificate> read(Path f) throws IOException {
        if (Files.size(f) > 4L << 20) {
            throw new IOException(f + ": larger than 4 MiB, not a certificate file");
        }
        try (InputStream in = Files.newInputStream(f)) {
            List<X509Certificate> out = new ArrayList<>();
            for (Certificate c : CertificateFactory.getInstance("X.509").generateCertificates(in)) {
                out.add((X509Certificate) c);
            }
            if (out.isEmpty()) {
                throw new IOException(f + ": no certificate in the file");
            }
            return out;
        } catch (CertificateException e) {
            throw new IOException(f + ": not a certificate (PEM or DER X.509): " + e.getMessage(), e);
        }
    }
}
