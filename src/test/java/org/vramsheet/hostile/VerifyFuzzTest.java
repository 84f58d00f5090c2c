package org.vramsheet.hostile;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.vramsheet.report.PdfSigner;
import org.vramsheet.report.SelfSigned;

/**
 * verify on mutated copies of a real exported report (byte flips, truncations, cut, repeated and overwritten ranges,
 * changed digits), unsigned and signed by a trusted key: never exit 0 for a changed file (only a change inside the
 * signature's own hex value, which no signature covers, can keep a trusted report at 0), one line on stderr for an
 * unreadable file, no stack trace, within the time limit of {@link HostileInputTest#run}. 500 cases each.
 */
class VerifyFuzzTest {
    /** The two originals and the trust file, made once for every case. */
    private static final class Originals {
        static final byte[] UNSIGNED;
        static final byte[] SIGNED;
        static final int[] GAP;
        static final Path DIR;
        static final Path PEM;

        static {
            try {
                DIR = Files.createTempDirectory("verify-fuzz");
                DIR.toFile().deleteOnExit();
                UNSIGNED = HostileReportTest.report();
                Path key = SelfSigned.create(DIR, "Fuzz Signer", "pw".toCharArray());
                key.toFile().deleteOnExit();
                SIGNED = PdfSigner.sign(UNSIGNED, key, "pw".toCharArray(), "Approved");
                try (PDDocument doc = Loader.loadPDF(SIGNED)) {
                    int[] br = doc.getSignatureDictionaries().get(0).getByteRange();
                    GAP = new int[] {br[1], br[2]};
                }
                KeyStore ks = KeyStore.getInstance("PKCS12");
                try (var in = Files.newInputStream(key)) {
                    ks.load(in, "pw".toCharArray());
                }
                X509Certificate c = (X509Certificate) ks.getCertificate("signer");
                PEM = Files.writeString(DIR.resolve("signer.pem"), "-----BEGIN CERTIFICATE-----\n"
                        + Base64.getMimeEncoder().encodeToString(c.getEncoded()) + "\n-----END CERTIFICATE-----\n");
                PEM.toFile().deleteOnExit();
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }
    }

    /** A mutated copy and the byte ranges it touched (for the signature's gap). */
    record Mutant(byte[] bytes, List<int[]> touched) { }

    static Mutant mutate(byte[] pdf, long seed) {
        Random rnd = new Random(seed);
        byte[] b = pdf.clone();
        List<int[]> touched = new ArrayList<>();
        int kind = rnd.nextInt(7);
        int at = rnd.nextInt(b.length);
        int len = 1 + rnd.nextInt(Math.min(2000, b.length - at));
        switch (kind) {
            case 0, 1 -> {
                for (int i = 0, n = 1 + rnd.nextInt(8); i < n; i++) {
                    int p = rnd.nextInt(b.length);
                    b[p] ^= (byte) (1 << rnd.nextInt(8));
                    touched.add(new int[] {p, p + 1});
                }
            }
            case 2 -> {
                b = Arrays.copyOf(b, at);
                touched.add(new int[] {at, pdf.length});
            }
            case 3 -> {
                byte[] cut = new byte[b.length - len];
                System.arraycopy(b, 0, cut, 0, at);
                System.arraycopy(b, at + len, cut, at, b.length - at - len);
                b = cut;
                touched.add(new int[] {at, pdf.length});
            }
            case 4 -> {
                byte[] twice = new byte[b.length + len];
                System.arraycopy(b, 0, twice, 0, at + len);
                System.arraycopy(b, at, twice, at + len, b.length - at);
                b = twice;
                touched.add(new int[] {at, pdf.length});
            }
            case 5 -> {
                for (int i = at; i < at + len; i++) {
                    b[i] = (byte) rnd.nextInt(256);
                }
                touched.add(new int[] {at, at + len});
            }
            default -> {
                // a digit of the uncompressed parts (attachment, xref offsets, lengths) becomes another digit
                for (int i = 0, p = at; i < b.length; i++, p = (p + 1) % b.length) {
                    if (b[p] >= '0' && b[p] <= '9') {
                        b[p] = (byte) ('0' + (b[p] - '0' + 1 + rnd.nextInt(9)) % 10);
                        touched.add(new int[] {p, p + 1});
                        break;
                    }
                }
            }
        }
        return new Mutant(b, touched);
    }

    private static HostileInputTest.Run verify(byte[] pdf, boolean trust) {
        try {
            Path f = Files.createTempFile(Originals.DIR, "mutant", ".pdf");
            try {
                Files.write(f, pdf);
                return trust ? HostileInputTest.run("verify", f.toString(), "--trust", Originals.PEM.toString())
                        : HostileInputTest.run("verify", f.toString());
            } finally {
                Files.deleteIfExists(f);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** One line on stderr when unreadable, nothing on it otherwise; no stack trace anywhere. */
    private static void oneLine(HostileInputTest.Run r) {
        if (r.code() == 2) {
            String[] lines = r.err().strip().split("\n");
            assertTrue(lines.length == 1 && lines[0].length() <= 300, "one line: " + r.err());
        } else {
            assertTrue(r.err().isBlank(), "nothing on stderr: " + r.err());
        }
        for (String line : (r.out() + "\n" + r.err()).split("\n")) {
            assertFalse(line.strip().startsWith("at ") || line.contains("Exception in thread") || line.startsWith("ERROR "),
                    "no stack trace: " + line);
        }
    }

    @Property(tries = 500)
    void mutatedUnsignedReports(@ForAll("seeds") long seed) {
        Mutant m = mutate(Originals.UNSIGNED, seed);
        HostileInputTest.Run r = verify(m.bytes(), false);
        assertTrue(r.code() == 1 || r.code() == 2 || r.code() == 4, "exit " + r.code() + "\n" + r.out() + r.err());
        oneLine(r);
    }

    @Property(tries = 500)
    void mutatedSignedReports(@ForAll("seeds") long seed) {
        Mutant m = mutate(Originals.SIGNED, seed);
        HostileInputTest.Run r = verify(m.bytes(), true);
        boolean inGap = m.touched().stream().allMatch(t -> t[0] > Originals.GAP[0] && t[1] < Originals.GAP[1]);
        assertTrue(r.code() != 0 || inGap, "a changed signed report is never exit 0\n" + r.out() + r.err());
        assertTrue(r.code() != 3 && r.code() != 5 || inGap, "the signer is trusted: a change is never 3 or 5\n" + r.out() + r.err());
        oneLine(r);
    }

    @Provide
    Arbitrary<Long> seeds() {
        return Arbitraries.longs();
    }
}
