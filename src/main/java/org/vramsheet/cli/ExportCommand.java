package org.vramsheet.cli;

import java.io.Console;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.List;
import org.vramsheet.io.AppVersion;
import org.vramsheet.io.json.WorksheetFormatException;
import org.vramsheet.io.json.WorksheetJson;
import org.vramsheet.report.PdfSigner;
import org.vramsheet.report.ReportData;
import org.vramsheet.report.ReportFiles;
import org.vramsheet.report.SlideLanguages;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code export WORKSHEET.json --xlsx OUT.xlsx --pdf OUT.pdf --pptx OUT.pptx [--language en|ru] [--letter] [--sign KEY.p12]
 * [--force]}.
 */
@Command(name = "export", mixinStandardHelpOptions = true, description = {
        "Write the worksheet's XLSX and/or PDF report and/or a one-slide PPTX of the decision.",
        "Exit 0 on success, 2 on a bad file or option (nothing is replaced)."})
final class ExportCommand extends Subcommand.OnFiles {
    @Option(names = "--xlsx", paramLabel = "OUT.xlsx", description = "write the XLSX report (live formulas, native chart)")
    private Path xlsx;
    @Option(names = "--pdf", paramLabel = "OUT.pdf", description = "write the PDF report (the worksheet attached)")
    private Path pdf;
    @Option(names = "--pptx", paramLabel = "OUT.pptx",
            description = "write one slide: verdict, budget, concurrency at the context, the variants, the concurrency chart")
    private Path pptx;
    @Option(names = "--language", paramLabel = "en|ru", description = {"the slide's language (--pptx; the PDF and XLSX are "
            + "English): default the window's View › Language, else English"})
    private String language;
    @Option(names = "--sign", paramLabel = "KEY.p12",
            description = "sign the PDF with this key (password: VRAMSHEET_KEY_PASSWORD, else a terminal prompt)")
    private Path key;
    @Option(names = "--letter", description = "US Letter pages instead of A4")
    private boolean letter;
    @Option(names = "--force", description = "replace existing output files")
    private boolean force;
    @Parameters(paramLabel = "WORKSHEET.json", arity = "0..*", hideParamSyntax = true, description = "the worksheet")
    private List<Path> sheets = new ArrayList<>();

    private final SlideLanguages slides;

    ExportCommand(Io io) {
        super(io);
        this.slides = io.slides();
    }

    @Override
    String missing(String option) {
        return option.equals("--language") ? "--language needs " + String.join(" or ", slides.codes()) : super.missing(option);
    }

    @Override
    public Integer call() {
        Path sheet = last(sheets);
        if (sheet == null || (xlsx == null && pdf == null && pptx == null)) {
            err.println("vramsheet export: give WORKSHEET.json and --xlsx OUT.xlsx, --pdf OUT.pdf and/or --pptx OUT.pptx");
            return Cli.BAD_INPUT;
        }
        if (language != null && (pptx == null || !slides.codes().contains(language))) {
            err.println("vramsheet export: " + (pptx == null ? "--language is the slide's: it needs --pptx (the PDF and XLSX "
                    + "are in English)" : "--language takes " + String.join(" or ", slides.codes()) + ", not '" + language + "'"));
            return Cli.BAD_INPUT;
        }
        if (!force && refuseToReplace(xlsx, pdf, pptx)) {
            return Cli.BAD_INPUT;
        }
        char[] password = null;
        if (key != null) {
            if (pdf == null) {
                err.println("vramsheet export: --sign needs --pdf");
                return Cli.BAD_INPUT;
            }
            password = password();
            if (password == null) {
                return Cli.BAD_INPUT;
            }
        }
        if (xlsx != null) {
            ReportFiles.warmUp();
        }
        try {
            var ws = WorksheetJson.read(sheet);
            ReportFiles.export(new ReportData(ws, AppVersion.get(), ZonedDateTime.now()),
                    new ReportFiles.Request(xlsx, pdf, letter, key, password, null), pptx,
                    slides.of(language != null ? language : slides.standard()), x -> { });
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
        if (pptx != null) {
            out.println("Wrote " + pptx + " (" + (language != null ? language : slides.standard()) + ")");
        }
        return Cli.OK;
    }

    /** True (reason on err) when an output exists and --force was not given. */
    private boolean refuseToReplace(Path... outputs) {
        for (Path p : outputs) {
            if (p != null && Files.exists(p)) {
                err.println("vramsheet export: " + p + " exists; add --force to replace it");
                return true;
            }
        }
        return false;
    }

    /** The signing key's password from VRAMSHEET_KEY_PASSWORD or the terminal; null (reason on err) when neither. */
    private char[] password() {
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
}
