package org.vramsheet.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDDocumentNameDictionary;
import org.apache.pdfbox.pdmodel.common.filespecification.PDComplexFileSpecification;
import org.apache.pdfbox.pdmodel.interactive.digitalsignature.PDSignature;
import org.vramsheet.core.sheet.SignOffStatus;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.io.Messages;
import org.vramsheet.io.json.Fingerprint;
import org.vramsheet.io.json.WorksheetFormatException;
import org.vramsheet.io.json.WorksheetJson;

/**
 * Checks a report: read within bounds ({@link PdfBounds}), the attached worksheet's fingerprint equals the one printed
 * on every page, the text and drawing are what that worksheet gives ({@link PrintedText}), an approval is of exactly
 * this content, and every signature is valid and covers the file ({@link ReportSignatures}).
 */
public final class ReportVerifier {
    private static final Pattern PRINTED = Pattern.compile("Fingerprint: ([0-9a-f]{64})");

    private ReportVerifier() { }

    /** What verify concludes; the CLI's exit code is {@link #exitCode}. */
    public enum Status {
        /** Consistent and signed by a trusted signer, unchanged since. */
        TRUSTED(0),
        /** Changed after export or signing, or inconsistent with its attached worksheet. */
        CHANGED(1),
        /** Consistent and unchanged since signed, but the signer is not trusted here. */
        UNTRUSTED(3),
        /** Consistent, but not signed: not tamper-evident (anyone can edit the worksheet and export it again). */
        UNSIGNED(4),
        /** Consistent and unchanged since signed by a trusted signer, but with a key that had expired (or was not yet valid). */
        EXPIRED(5);

        public final int exitCode;

        Status(int exitCode) { this.exitCode = exitCode; }
    }

    /** The outcome: consistent or not, what was checked, the worksheet inside, and the conclusion. */
    public record Result(boolean ok, List<String> lines, Worksheet sheet, Status status) {
        public Result(boolean ok, List<String> lines, Worksheet sheet) {
            this(ok, lines, sheet, ok ? Status.UNSIGNED : Status.CHANGED);
        }
    }

    /** The worksheet attached to a report, or null; read through a counting inflater, refused past 64 MiB. */
    public static String attachment(PDDocument doc) throws IOException {
        PDDocumentNameDictionary names = doc.getDocumentCatalog().getNames();
        if (names == null || names.getEmbeddedFiles() == null || names.getEmbeddedFiles().getNames() == null) {
            return null;
        }
        PDComplexFileSpecification fs = names.getEmbeddedFiles().getNames().get(PdfArchive.ATTACHMENT);
        if (fs == null || fs.getEmbeddedFile() == null) {
            return null;
        }
        try {
            return new String(PdfBounds.decoded(fs.getEmbeddedFile().getCOSObject(), PdfBounds.MAX_STREAM), StandardCharsets.UTF_8);
        } catch (PdfBounds.Refused e) {
            throw new PdfBounds.Refused("the attached worksheet: " + e.getMessage());
        }
    }

    public static Result verify(byte[] pdf, String version) throws IOException {
        return verify(pdf, version, List.of());
    }

    /**
     * As {@link #verify(byte[], String)}, trusting signers whose certificate (or its issuer) is in {@code trust}. A file
     * that cannot be read, or is past a bound ({@link PdfBounds}), is an IOException with a one-line message.
     */
    public static Result verify(byte[] pdf, String version, List<X509Certificate> trust) throws IOException {
        try {
            return check(pdf, version, trust);
        } catch (IOException e) {
            throw new IOException(Messages.oneLine(String.valueOf(e.getMessage())), e);
        } catch (RuntimeException | StackOverflowError e) {
            // PDFBox on a damaged file: one line, never a stack trace
            throw new IOException(Messages.oneLine("PDFBox cannot read it (" + e.getClass().getSimpleName()
                    + (e.getMessage() == null ? "" : ": " + e.getMessage()) + ")"), e);
        }
    }

    private static Result check(byte[] pdf, String version, List<X509Certificate> trust) throws IOException {
        List<String> lines = new ArrayList<>();
        boolean ok = true;
        try (PDDocument doc = PdfBounds.load(pdf)) {
            String json = attachment(doc);
            if (json == null) {
                return new Result(false, List.of("FAIL no attached worksheet (" + PdfArchive.ATTACHMENT + ")"), null);
            }
            Worksheet ws;
            try {
                ws = WorksheetJson.parse(json, PdfArchive.ATTACHMENT);
            } catch (WorksheetFormatException e) {
                return new Result(false, List.of("FAIL attached worksheet unreadable: " + e.getMessage()), null);
            }
            String fp = Fingerprint.of(json);
            String text = PdfShownText.of(doc);
            ok &= fingerprints(fp, text, doc.getNumberOfPages(), lines);
            if (!canonical(json, fp)) {
                ok = false;
                lines.add("FAIL the attachment is not in canonical form (edited by hand?)");
            }
            List<PDSignature> sigs = doc.getSignatureDictionaries();
            ok &= PrintedText.check(doc, ws, fp, version, lines, !sigs.isEmpty());
            ok &= approval(ws, text, lines);
            ReportSignatures.Summary signed = ReportSignatures.check(doc, pdf, trust, lines);
            ok &= signed.intact();
            Status status = !ok ? Status.CHANGED : sigs.isEmpty() ? Status.UNSIGNED : !signed.trusted() ? Status.UNTRUSTED
                    : signed.expired() ? Status.EXPIRED : Status.TRUSTED;
            return new Result(ok, lines, ws, status);
        }
    }

    /** The attached worksheet's fingerprint is the one every page prints. */
    private static boolean fingerprints(String fp, String text, int pages, List<String> lines) {
        Matcher m = PRINTED.matcher(text);
        int found = 0;
        boolean allSame = true;
        while (m.find()) {
            found++;
            allSame &= m.group(1).equals(fp);
        }
        if (found < pages || !allSame) {
            lines.add("FAIL fingerprint: the attached worksheet hashes to " + fp + ", the pages print "
                    + (found == 0 ? "none" : "another") + " (" + found + " prints on " + pages + " pages)");
            return false;
        }
        lines.add("OK   fingerprint " + fp + " on all " + pages + " pages matches the attached worksheet");
        return true;
    }

    /** Whether the attachment is the canonical text of its own schema version (an earlier version's file stays valid). */
    private static boolean canonical(String json, String fp) {
        try {
            return Fingerprint.of(WorksheetJson.writeAs(WorksheetJson.parseAsStored(json, PdfArchive.ATTACHMENT),
                    WorksheetJson.versionOf(json))).equals(fp);
        } catch (WorksheetFormatException e) {
            return false;
        }
    }

    /**
     * An Approved worksheet's approval must be of exactly this content: the recorded fingerprint equals the content's
     * (every section but SIGN-OFF) and the report prints it.
     */
    private static boolean approval(Worksheet ws, String text, List<String> lines) {
        var s = ws.signOff();
        if (s.status() != SignOffStatus.APPROVED) {
            lines.add("--   Draft: no approval recorded");
            return true;
        }
        String content = Fingerprint.ofContent(ws);
        if (!Fingerprint.contentMatches(ws, s.approvedFingerprint())) {
            lines.add("FAIL approved by " + s.approvedBy() + " for content " + (s.approvedFingerprint().isEmpty() ? "(none)"
                    : s.approvedFingerprint()) + ", but the worksheet's content hashes to " + content);
            return false;
        }
        content = s.approvedFingerprint(); // as recorded (an earlier schema version's form when approved under it)
        if (!text.replaceAll("\\s+", "").contains(content)) {
            lines.add("FAIL the approved content's fingerprint " + content + " is not printed in the sign-off block");
            return false;
        }
        lines.add("OK   approved by " + s.approvedBy() + " on " + s.approvedOn() + " for exactly this content (" + content + ")");
        return true;
    }
}
