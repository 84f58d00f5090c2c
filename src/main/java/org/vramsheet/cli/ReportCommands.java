package org.vramsheet.cli;

import org.vramsheet.io.AppVersion;
import java.io.Console;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.vramsheet.io.json.WorksheetFormatException;
import org.vramsheet.io.json.WorksheetJson;
import org.vramsheet.report.PdfSigner;
import org.vramsheet.report.ReportFiles;
import org.vramsheet.report.ReportVerifier;

/** {@code export WORKSHEET.json --xlsx OUT.xlsx --pdf OUT.pdf [--letter] [--sign KEY.p12] [--force]} and {@code verify}. */
final class ReportCommands {

    private ReportCommands() { }

    /** export's command line. */
    private record ExportOptions(Path sheet, Path xlsx, Path pdf, Path key, boolean letter, boolean force) { }

    /** The options, or null when they are wrong (the reason is on err). */
    private static ExportOptions exportOptions(List<String> args, PrintStream err) {
        Path sheet = null;
        Path xlsx = null;
        Path pdf = null;
        Path key = null;
        boolean letter = false;
        boolean force = false;
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            switch (a) {
                case "--xlsx", "--pdf", "--sign" -> {
                    if (i + 1 >= args.size()) {
                        err.println("vramsheet export: " + a + " needs a file");
                        return null;
                    }
                    Path p = Path.of(args.get(++i));
                    if (a.equals("--xlsx")) {
                        xlsx = p;
                    } else if (a.equals("--pdf")) {
                        pdf = p;
                    } else {
                        key = p;
                    }
                }
                case "--letter" -> letter = true;
                case "--force" -> force = true;
                default -> {
                    if (a.startsWith("-")) {
                        err.println("vramsheet export: unknown option '" + a + "'");
                        return null;
                    }
                    sheet = Path.of(a);
                }
            }
        }
        return new ExportOptions(sheet, xlsx, pdf, key, letter, force);
    }

    static int export(List<String> args, PrintStream out, PrintStream err, Map<String, String> env) {
        ExportOptions o = exportOptions(args, err);
        if (o == null) {
            return Cli.BAD_INPUT;
        }
        Path sheet = o.sheet();
        Path xlsx = o.xlsx();
        Path pdf = o.pdf();
        Path key = o.key();
        boolean letter = o.letter();
        boolean force = o.force();
        if (sheet == null || (xlsx == null && pdf == null)) {
            err.println("vramsheet export: give WORKSHEET.json and --xlsx OUT.xlsx and/or --pdf OUT.pdf");
            return Cli.BAD_INPUT;
        }
        if (!force && refuseToReplace(err, xlsx, pdf)) {
            return Cli.BAD_INPUT;
        }
        char[] password = null;
        if (key != null) {
            if (pdf == null) {
                err.println("vramsheet export: --sign needs --pdf");
                return Cli.BAD_INPUT;
            }
            password = password(key, env, err);
            if (password == null) {
                return Cli.BAD_INPUT;
            }
        }
        if (xlsx != null) {
            ReportFiles.warmUp();
        }
        try {
            var ws = WorksheetJson.read(sheet);
            ReportFiles.export(ws, AppVersion.get(), new ReportFiles.Request(xlsx, pdf, letter, key, password, null), x -> { });
        } catch (WorksheetFormatException | PdfSigner.SigningException e) {
            err.println("vramsheet export: " + e.getMessage());
            return Cli.BAD_INPUT;
        } catch (IOException e) {
            err.println("vramsheet export: cannot write the report: " + e.getMessage() + " (nothing was replaced)");
            return Cli.BAD_INPUT;
        }
        if (xlsx != null) {
            out.println("Wrote " + xlsx);
        }
        if (pdf != null) {
            out.println("Wrote " + pdf + (key != null ? " (signed)" : ""));
        }
        return Cli.OK;
    }

    /** True (reason on err) when an output exists and --force was not given. */
    private static boolean refuseToReplace(PrintStream err, Path... outputs) {
        for (Path p : outputs) {
            if (p != null && Files.exists(p)) {
                err.println("vramsheet export: " + p + " exists; add --force to replace it");
                return true;
            }
        }
        return false;
    }

    /** The signing key's password from VRAMSHEET_KEY_PASSWORD or the terminal; null (reason on err) when neither. */
    private static char[] password(Path key, Map<String, String> env, PrintStream err) {
        String pw = env.get("VRAMSHEET_KEY_PASSWORD");
        Console c = System.console();
        if (pw != null) {
            return pw.toCharArray();
        }
        if (c != null) {
            return c.readPassword("Password for %s: ", key);
        }
        err.println("vramsheet export: --sign needs the key's password (VRAMSHEET_KEY_PASSWORD or a terminal)");
        return null;
    }

    /**
     * verify REPORT.pdf [--trust CERT.pem]... [-o WORKSHEET.json]: exit 0 signed by a trusted signer and unchanged, 1 changed
     * or inconsistent, 3 unchanged but the signer is not trusted, 4 consistent but not signed, 2 unreadable. Trust comes
     * from --trust and from trusted-signers.pem in the app's home (-Dvramsheet.home, else ~/.vramsheet).
     */
    static int verify(List<String> args, PrintStream out, PrintStream err) {
        Path pdf = null;
        Path extract = null;
        List<Path> trustFiles = new java.util.ArrayList<>();
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            if ((a.equals("-o") || a.equals("--trust")) && i + 1 >= args.size()) {
                err.println("vramsheet verify: " + a + " needs a file");
                return Cli.BAD_INPUT;
            } else if (a.equals("-o")) {
                extract = Path.of(args.get(++i));
            } else if (a.equals("--trust")) {
                trustFiles.add(Path.of(args.get(++i)));
            } else if (a.startsWith("-")) {
                err.println("vramsheet verify: unknown option '" + a + "'");
                return Cli.BAD_INPUT;
            } else {
                pdf = Path.of(a);
            }
        }
        if (pdf == null) {
            err.println("vramsheet verify: give REPORT.pdf [--trust CERT.pem]... [-o WORKSHEET.json]");
            return Cli.BAD_INPUT;
        }
        List<java.security.cert.X509Certificate> trust;
        try {
            trust = TrustStore.load(trustFiles);
        } catch (IOException e) {
            err.println("vramsheet verify: " + e.getMessage());
            return Cli.BAD_INPUT;
        }
        byte[] bytes = readReport(pdf, err);
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
    private static byte[] readReport(Path pdf, PrintStream err) {
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
            case UNSIGNED -> "NOT SIGNED: consistent with its worksheet, but nobody signed it";
        };
    }
}
