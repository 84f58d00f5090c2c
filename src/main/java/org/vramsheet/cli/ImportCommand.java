package org.vramsheet.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import org.vramsheet.core.calc.StaleMeasurements;
import org.vramsheet.core.sheet.Engine;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.io.catalog.ModelCatalog;
import org.vramsheet.io.gguf.GgufListing;
import org.vramsheet.io.hub.HfCache;
import org.vramsheet.io.hub.HubClient;
import org.vramsheet.io.hub.HubException;
import org.vramsheet.io.hub.ModelSources;
import org.vramsheet.io.json.WorksheetFormatException;
import org.vramsheet.io.json.WorksheetJson;
import org.vramsheet.io.model.ConfigImporter;
import org.vramsheet.io.model.DraftImport;
import org.vramsheet.io.model.ModelImport;
import org.vramsheet.io.model.gguf.GgufCatalog;
import org.vramsheet.io.model.gguf.GgufSources;
import org.vramsheet.io.ollama.OllamaImport;
import org.vramsheet.io.ollama.OllamaStoreException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code import (HUB_ID[@REV] | CONFIG.json | FILE.gguf | DIR | HUB_ID[@REV]:FILE.gguf | ollama:NAME[:TAG] | catalog:ID)
 * [-o WORKSHEET.json]
 * [--onto SHEET.json [--keep-measurements]] [--draft DRAFT [--speculative-tokens K]]}.
 */
@Command(name = "import", mixinStandardHelpOptions = true, description = {
        "Read a model's config.json (Hub: HF_TOKEN, HF_ENDPOINT, HF_HUB_OFFLINE) or a GGUF file's header into a worksheet.",
        "Without -o the worksheet is printed. Exit 0 on success, 2 on a bad source or file."})
final class ImportCommand extends Subcommand {
    @Option(names = {"-o", "--output"}, paramLabel = "WORKSHEET.json", description = "write the worksheet to this file")
    private Path output;
    @Option(names = "--onto", paramLabel = "SHEET.json", description = "start from this sheet instead of the default one")
    private Path onto;
    @Option(names = "--keep-measurements", description = {"keep --onto's VALIDATION measurements when the model changes",
        "(they are then stale: kept, not used); by default they are dropped"})
    private boolean keepMeasurements;
    @Mixin
    private ExpertOptions expert = new ExpertOptions();
    @Option(names = "--engine", paramLabel = "ENGINE", description = {"run the model on this engine (vllm, sglang, tensorrt-llm,",
        "llama.cpp, transformers, ollama); without it a GGUF model gets llama.cpp unless the sheet is on llama.cpp or Ollama"})
    private String engine;
    @Option(names = "--catalog", description = "list the built-in models (catalog:ID) and stop")
    private boolean catalog;
    @Option(names = "--cache", description = "list the models in the local Hugging Face cache and stop")
    private boolean cache;
    @Option(names = "--json", description = {"a Hub repository of GGUF files without config.json: list its files as JSON",
        "(the worksheet is JSON already)"})
    private boolean json;
    @Option(names = "--draft", paramLabel = "DRAFT", description = {"a speculative draft, given like SOURCE (config, folder, "
        + "catalog:ID, Hub ID);", "an EAGLE-3 config (architectures naming Eagle3) gives EAGLE-3 heads"})
    private String draft;
    @Option(names = "--speculative-tokens", paramLabel = "K", description = "speculative tokens per step (with --draft; "
        + "default 1)")
    private Integer speculativeTokens;
    @Parameters(paramLabel = "SOURCE", arity = "0..*", hideParamSyntax = true,
            description = {"a Hub ID (HUB_ID[@REV]), a config.json, a model folder, or catalog:ID from --catalog;",
                "a GGUF file, any part of a split one, a folder of GGUF files, or HUB_ID[@REV]:FILE.gguf (HTTP Range);",
                "ollama:NAME[:TAG], an installed Ollama model (OLLAMA_MODELS, else ~/.ollama/models): the engine becomes Ollama"})
    private List<String> sources = new ArrayList<>();

    ImportCommand(Io io) {
        super(io);
    }

    /** import's command line as {@code vramsheet import ARGS...} runs it, with this environment. */
    static int run(List<String> args, PrintStream out, PrintStream err, Map<String, String> env) {
        return Cli.execute("import", args, out, err, env);
    }

    @Override
    String missing(String option) {
        return option + " needs a file";
    }

    @Override
    public Integer call() {
        if (catalog) {
            ModelCatalog.all().forEach(e -> out.println("catalog:" + e.id() + (e.gguf() ? "  (GGUF " + e.quantization() + ")" : "")));
            return Cli.OK;
        }
        if (cache) {
            HfCache hfCache = HfCache.fromEnvironment(env, System.getProperty("user.home"));
            hfCache.list().forEach(e -> out.println(e.modelId() + "@" + e.commit() + "  " + e.snapshot()));
            return Cli.OK;
        }
        if (sources.isEmpty()) {
            err.println("vramsheet import: give a Hub ID, a config.json, a model folder or catalog:ID");
            return Cli.BAD_INPUT;
        }
        return importModel(sources.get(sources.size() - 1));
    }

    /** The imported sheet on --engine's engine (if given and another). */
    private Worksheet withEngine(Worksheet imported) {
        if (engine == null) {
            return imported;
        }
        Engine e = EngineOptions.engine(engine);
        return e == imported.runtime().engine() ? imported
                : imported.withRuntime(imported.runtime().toBuilder().engine(e).engineVersion("").build());
    }

    /** Reads the model, applies it to the base sheet (or --onto's) and prints or writes the result. */
    private int importModel(String source) {
        ModelImport m;
        OllamaImport ollama = null;
        try {
            if (OllamaImport.names(source)) {
                ollama = OllamaImport.load(source, env, Path.of(env.getOrDefault("HOME", System.getProperty("user.home"))));
                m = ollama.model();
            } else {
                m = load(source, env, err);
            }
        } catch (HubException e) {
            err.print("\r"); // over the progress line ("fetching 0/3"), not after it
            return e.kind() == HubException.Kind.GGUF_ONLY ? ggufChoices(source) : failed(e);
        } catch (ConfigImporter.ImportException | OllamaStoreException e) {
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
        Worksheet imported = withEngine(ollama != null ? ollama.applyTo(base) : m.applyTo(base));
        String other = StaleMeasurements.ofAnotherModel(base, imported);
        if (other != null) {
            err.println("vramsheet import: " + other + (keepMeasurements ? "; kept as stale (not used)"
                    : "; dropped (--keep-measurements keeps them, stale)"));
            imported = keepMeasurements ? imported : StaleMeasurements.dropped(imported);
        }
        DraftImport d = withDraft(imported);
        if (draft != null && d == null || draft == null && speculativeTokens != null) {
            return Cli.BAD_INPUT;
        }
        imported = d == null ? imported : d.applyTo(imported);
        imported = expert.any() ? expert.apply(imported) : imported;
        Worksheet ws = Cli.asWritten("import", base, imported, err);
        out.print(m.report());
        if (ws.runtime().engine() != base.runtime().engine()) {
            out.println("Engine: " + ws.runtime().engine().label() + " (the sheet was on " + base.runtime().engine().label()
                    + (engine != null ? "; --engine" : "") + ")");
        }
        if (d != null) {
            d.detected().forEach(x -> out.println("  - " + x));
        }
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

    /** --draft read onto the imported sheet, null without one or when it failed (said on err). */
    private DraftImport withDraft(Worksheet imported) {
        if (draft == null) {
            if (speculativeTokens != null) {
                err.println("vramsheet import: --speculative-tokens needs --draft");
            }
            return null;
        }
        try {
            return draft(imported);
        } catch (HubException | ConfigImporter.ImportException | IOException e) {
            err.println("vramsheet import: --draft " + draft + ": " + e.getMessage());
            return null;
        }
    }

    /** The draft read like the main model; a local EAGLE-3 config gives the heads. */
    private DraftImport draft(Worksheet target) throws HubException, ConfigImporter.ImportException, IOException {
        if (speculativeTokens != null && (speculativeTokens < 1 || speculativeTokens > 64)) {
            throw new ConfigImporter.ImportException("--speculative-tokens must be from 1 to 64 (got " + speculativeTokens + ")");
        }
        Path p = Path.of(draft);
        Path config = Files.isDirectory(p) ? p.resolve("config.json") : p;
        if (Files.isRegularFile(config) && config.toString().endsWith(".json")) {
            JsonNode root = new ObjectMapper().readTree(Files.readString(config));
            if (DraftImport.isEagle3(root)) {
                return DraftImport.eagle3(root, draft, speculativeTokens);
            }
        }
        return DraftImport.model(load(draft, env, err), target, draft, speculativeTokens);
    }

    private int failed(Exception e) {
        err.println("vramsheet import: " + e.getMessage());
        return Cli.BAD_INPUT;
    }

    /**
     * A Hub repository with GGUF files and no config.json: its GGUF models are listed (on out) to choose one from, and
     * nothing is imported (exit 2, one line on err saying how to choose).
     */
    private int ggufChoices(String source) {
        int at = source.lastIndexOf('@');
        String id = at > 0 ? source.substring(0, at) : source;
        GgufListing l;
        try {
            l = GgufListing.read(HubClient.fromEnvironment(env, null, Duration.ofSeconds(20)), id, at > 0
                    ? source.substring(at + 1) : null, new AtomicBoolean());
        } catch (HubException e) {
            return failed(e);
        }
        GgufChoices.print(l, json, out);
        err.println("vramsheet import: " + id + " has no config.json" + (l.choices().isEmpty() ? " and no GGUF model to import"
                : ": choose one of its " + l.choices().size() + " GGUF models, import " + id + "@REV:FILE.gguf (listed above)"));
        return Cli.BAD_INPUT;
    }

    private static ModelImport load(String source, Map<String, String> env, PrintStream err)
            throws ConfigImporter.ImportException, HubException {
        if (source.startsWith("catalog:")) {
            String id = source.substring("catalog:".length());
            ModelCatalog.Entry e = ModelCatalog.all().stream().filter(x -> x.id().equalsIgnoreCase(id)).findFirst()
                    .orElseThrow(() -> new ConfigImporter.ImportException("no model '" + id + "' in the built-in catalog "
                            + "(list it with --catalog)"));
            return GgufCatalog.fromCatalog(e);
        }
        Path p = Path.of(source);
        if (Files.exists(p)) {
            return GgufSources.isGguf(p) ? GgufSources.fromPath(p) : ModelSources.fromPath(p, null, null);
        }
        boolean hubGguf = GgufSources.isHubGguf(source);
        if (source.endsWith(".json") || (!hubGguf && source.toLowerCase(Locale.ROOT).endsWith(".gguf"))) {
            throw new ConfigImporter.ImportException(source + ": no such file");
        }
        HubClient hub = HubClient.fromEnvironment(env, null, Duration.ofSeconds(20));
        if (hubGguf) {
            if (List.of("1", "true", "yes", "on").contains(env.getOrDefault("HF_HUB_OFFLINE", "").toLowerCase(Locale.ROOT))) {
                throw new ConfigImporter.ImportException("HF_HUB_OFFLINE is set and " + source + " is read from the Hub only");
            }
            return GgufSources.fromHub(hub, source, new AtomicBoolean());
        }
        HfCache cache = HfCache.fromEnvironment(env, System.getProperty("user.home"));
        boolean offline = List.of("1", "true", "yes", "on").contains(env.getOrDefault("HF_HUB_OFFLINE", "").toLowerCase(Locale.ROOT));
        // the progress line ends before anything else is said (a message, the choices)
        return ModelSources.fromHubOrCache(hub, cache, offline, source, (i, n) -> err.print("\rfetching " + i + "/" + n
                + (i.equals(n) ? "\n" : "")));
    }

    static Worksheet defaultSheet() {
        try (InputStream in = ImportCommand.class.getResourceAsStream("/org/vramsheet/samples/llama-3.1-70b-bf16-h200.json")) {
            return WorksheetJson.parse(new String(in.readAllBytes(), StandardCharsets.UTF_8), "default sheet");
        } catch (IOException | WorksheetFormatException e) {
            throw new IllegalStateException("default sheet missing from the jar", e);
        }
    }
}
