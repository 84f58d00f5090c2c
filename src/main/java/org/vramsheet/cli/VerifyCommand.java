package org.vramsheet.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.List;
import org.vramsheet.io.AppVersion;
import org.vramsheet.io.json.WorksheetJson;
import org.vramsheet.report.ReportVerifier;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * verify REPORT.pdf [--trust CERT.pem]... [-o WORKSHEET.json]: exit 0 signed by a trusted signer and unchanged, 1 changed
 * or inconsistent, 3 unchanged but the signer is not trusted, 4 consistent but not signed (not tamper-evident), 5
 * unchanged since a trusted signer signed, with a key that had expired, 2 unreadable or past a bound (one line). Trust
 * comes from --trust and from trusted-signers.pem in the app's home (-Dvramsheet.home, else ~/.vramsheet).
 */
@Command(name = "verify", mixinStandardHelpOptions = true, description = {
        "Check a report's fingerprint, printed numbers and signatures against its attached worksheet.",
        "Exit 0 signed by a trusted signer and unchanged, 1 changed or inconsistent, 3 unchanged but the signer is not "
                + "trusted, 4 consistent but not signed (not tamper-evident), 5 unchanged since a trusted signer signed with a "
                + "key that had expired, 2 unreadable or a bad option."})
final class VerifyCommand extends Subcommand.OnFiles {
    @Option(names = "-o", paramLabel = "WORKSHEET.json", description = "write the attached worksheet to this file")
    private Path extract;
    @Option(names = "--trust", paramLabel = "CERT.pem",
            description = "trust this signer's certificate (PEM or DER; repeatable), besides trusted-signers.pem in the app's home")
    private List<Path> trustFiles = new ArrayList<>();
    @Parameters(paramLabel = "REPORT.pdf", arity = "0..*", hideParamSyntax = true, description = "the report")
    private List<Path> reports = new ArrayList<>();

    VerifyCommand(Io io) {
        super(io);
    }

    @Override
    public Integer call() {
        Path pdf = last(reports);
        if (pdf == null) {
            err.println("vramsheet verify: give REPORT.pdf [--trust CERT.pem]... [-o WORKSHEET.json]");
            return Cli.BAD_INPUT;
        }
        List<X509Certificate> trust;
        try {
            trust = TrustStore.load(trustFiles);
        } catch (IOException e) {
            err.println("vramsheet verify: " + e.getMessage());
            return Cli.BAD_INPUT;
        }
        byte[] bytes = readReport(pdf);
        if (bytes == null) {
            return Cli.BAD_INPUT;
        }
        ReportVerifier.Result r;
        try {
            r = ReportVerifier.verify(bytes, AppVersion.get(), trust);
        } catch (IOException e) {
            err.println("vramsheet verify: " + pdf + " is not a readable PDF: " + e.getMessage());
            return Cli.BAD_INPUT;
        }
        r.lines().forEach(out::println);
        if (extract != null && r.sheet() != null) {
            try {
                WorksheetJson.save(r.sheet(), extract);
                out.println("Wrote the attached worksheet to " + extract);
            } catch (IOException e) {
                err.println("vramsheet verify: cannot write " + extract + ": " + e.getMessage());
                return Cli.BAD_INPUT;
            }
        }
        out.println(verdict(r.status()));
        return r.status().exitCode;
    }

    /** The report's bytes, or null (reason on err) when it cannot be read or is too large to be one. */
    private byte[] readReport(Path pdf) {
        try {
            if (Files.size(pdf) > 512L << 20) {
                err.println("vramsheet verify: " + pdf + " is larger than 512 MiB: not a VRAM Sheet report");
                return null;
            }
            return Files.readAllBytes(pdf);
        } catch (IOException e) {
            err.println("vramsheet verify: cannot read " + pdf + ": " + e.getMessage());
            return null;
        }
    }

    private static String verdict(ReportVerifier.Status s) {
        return switch (s) {
            case TRUSTED -> "VERIFIED: signed by a trusted signer, unchanged";
            case CHANGED -> "NOT VERIFIED: changed or inconsistent";
            case UNTRUSTED -> "UNTRUSTED SIGNER: unchanged since signed, but the signer is not trusted";
            case UNSIGNED -> "NOT SIGNED: consistent with its worksheet, but not tamper-evident: nobody signed it, and anyone "
                    + "can edit a worksheet and export it again";
            case EXPIRED -> "EXPIRED KEY: unchanged since a trusted signer signed it, but with a key that had expired (see above)";
        };
    }
}
