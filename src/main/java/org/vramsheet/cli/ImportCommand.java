package org.vramsheet.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.io.catalog.ModelCatalog;
import org.vramsheet.io.hub.HfCache;
import org.vramsheet.io.hub.HubClient;
import org.vramsheet.io.hub.HubException;
import org.vramsheet.io.hub.ModelSources;
import org.vramsheet.io.json.WorksheetFormatException;
import org.vramsheet.io.json.WorksheetJson;
import org.vramsheet.io.model.ConfigImporter;
import org.vramsheet.io.model.ModelImport;

/** {@code import (HUB_ID[@REV] | CONFIG.json | DIR | catalog:ID) [-o WORKSHEET.json] [--onto SHEET.json]}. */
final class ImportCommand {
    private ImportCommand() { }

    static int run(List<String> args, PrintStream out, PrintStream err, Map<String, String> env) {
        String source = null;
        Path output = null;
        Path onto = null;
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            switch (a) {
                case "-o", "--output", "--onto" -> {
                    if (i + 1 >= args.size()) {
                        err.println("vramsheet import: " + a + " needs a file");
                        return Cli.BAD_INPUT;
                    }
                    Path p = Path.of(args.get(++i));
                    if (a.equals("--onto")) {
                        onto = p;
                    } else {
                        output = p;
                    }
                }
                case "--catalog" -> {
                    ModelCatalog.entries().forEach(e -> out.println("catalog:" + e.id()));
                    return Cli.OK;
                }
                case "--cache" -> {
                    HfCache cache = HfCache.fromEnvironment(env, System.getProperty("user.home"));
                    cache.list().forEach(e -> out.println(e.modelId() + "@" + e.commit() + "  " + e.snapshot()));
                    return Cli.OK;
                }
                default -> {
                    if (a.startsWith("-")) {
                        err.println("vramsheet import: unknown option '" + a + "'");
                        return Cli.BAD_INPUT;
                    }
                    source = a;
                }
            }
        }
        if (source == null) {
            err.println("vramsheet import: give a Hub ID, a config.json, a model folder or catalog:ID");
            return Cli.BAD_INPUT;
        }
        return importModel(source, onto, output, out, err, env);
    }

    /** Reads the model, applies it to the base sheet (or --onto's) and prints or writes the result. */
    private static int importModel(String source, Path onto, Path output, PrintStream out, PrintStream err,
                                   Map<String, String> env) {
        ModelImport m;
        try {
            m = load(source, env, err);
        } catch (ConfigImporter.ImportException | HubException e) {
            err.println("vramsheet import: " + e.getMessage());
            return Cli.BAD_INPUT;
        }
        Worksheet base;
        try {
            base = onto != null ? WorksheetJson.read(onto) : defaultSheet();
        } catch (WorksheetFormatException e) {
            err.println("vramsheet import: " + e.getMessage());
            return Cli.BAD_INPUT;
        }
        Worksheet ws = Cli.asWritten("import", base, m.applyTo(base), err);
        out.print(m.report());
        if (output != null) {
            try {
                WorksheetJson.save(ws, output);
            } catch (IOException e) {
                err.println("vramsheet import: cannot write " + output + ": " + e.getMessage());
                return Cli.BAD_INPUT;
            }
            out.println("Wrote " + output);
        } else {
            out.print(WorksheetJson.write(ws));
        }
        return Cli.OK;
    }

    private static ModelImport load(String source, Map<String, String> env, PrintStream err)
            throws ConfigImporter.ImportException, HubException {
        if (source.startsWith("catalog:")) {
            String id = source.substring("catalog:".length());
            ModelCatalog.Entry e = ModelCatalog.entries().stream().filter(x -> x.id().equalsIgnoreCase(id)).findFirst()
                    .orElseThrow(() -> new ConfigImporter.ImportException("no model '" + id + "' in the built-in catalog "
                            + "(list it with --catalog)"));
            return ModelSources.fromCatalog(e);
        }
        Path p = Path.of(source);
        if (Files.exists(p)) {
            return ModelSources.fromPath(p, null, null);
        }
        if (source.endsWith(".json")) {
            throw new ConfigImporter.ImportException(source + ": no such file");
        }
        HubClient hub = HubClient.fromEnvironment(env, null, Duration.ofSeconds(20));
        HfCache cache = HfCache.fromEnvironment(env, System.getProperty("user.home"));
        boolean offline = List.of("1", "true", "yes", "on").contains(env.getOrDefault("HF_HUB_OFFLINE", "").toLowerCase(
                java.util.Locale.ROOT));
        return ModelSources.fromHubOrCache(hub, cache, offline, source, (i, n) -> err.print("\rfetching " + i + "/" + n));
    }

    static Worksheet defaultSheet() {
        try (InputStream in = ImportCommand.class.getResourceAsStream("/org/vramsheet/samples/llama-3.1-70b-bf16-h200.json")) {
            return WorksheetJson.parse(new String(in.readAllBytes(), StandardCharsets.UTF_8), "default sheet");
        } catch (IOException | WorksheetFormatException e) {
            throw new IllegalStateException("default sheet missing from the jar", e);
        }
    }
}
