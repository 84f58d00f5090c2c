package org.vramsheet.ui.dialogs;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleDoubleProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import org.vramsheet.core.calc.SizingCalculator;
import org.vramsheet.core.result.FigureKey;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.core.units.Quantities;
import org.vramsheet.core.units.Units;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import org.vramsheet.io.catalog.ModelCatalog;
import org.vramsheet.io.gguf.GgufListing;
import org.vramsheet.io.hub.HfCache;
import org.vramsheet.io.hub.HubClient;
import org.vramsheet.io.hub.HubException;
import org.vramsheet.io.hub.ModelSources;
import org.vramsheet.io.model.ConfigImporter;
import org.vramsheet.io.model.ModelImport;
import org.vramsheet.io.model.gguf.GgufCatalog;
import org.vramsheet.io.model.gguf.GgufSources;
import org.vramsheet.io.ollama.OllamaImport;
import org.vramsheet.io.ollama.OllamaStoreException;
import org.vramsheet.ui.text.Texts;

/**
 * The "Import model..." dialog's state: where to read from (Hub ID and revision, a file or folder, the
 * local cache, the catalog), the preview of what was detected and assumed, and the running Hub fetch
 * (progress, cancel). The token typed here lives only in memory for the fetch.
 */
public final class ImportViewModel {
    public final StringProperty hubId = new SimpleStringProperty("");
    public final StringProperty revision = new SimpleStringProperty("main");
    public final StringProperty token = new SimpleStringProperty("");
    public final StringProperty status = new SimpleStringProperty("");
    public final StringProperty error = new SimpleStringProperty("");
    public final DoubleProperty progress = new SimpleDoubleProperty(0);
    public final BooleanProperty busy = new SimpleBooleanProperty(false);
    public final ObjectProperty<ModelImport> result = new SimpleObjectProperty<>();
    /** A Hub repository of GGUF files without config.json: its models to choose from (empty otherwise). */
    public final ObservableList<GgufListing.Choice> ggufChoices = FXCollections.observableArrayList();
    private GgufListing listing;
    private HubClient listedBy;
    /** The Ollama model read by {@code ollama:NAME[:TAG]} (its model is {@link #result}), else null. */
    public final ObjectProperty<OllamaImport> ollama = new SimpleObjectProperty<>();
    private final Map<String, String> env;
    private final HfCache cache;
    private final Duration timeout;
    private AtomicBoolean cancel = new AtomicBoolean();
    private Executor background = Runnable::run;
    private Consumer<Runnable> fx = Runnable::run;

    /** Reads files off the FX thread in the window (tests keep the default: inline). */
    public void useThreads(Executor background, Consumer<Runnable> fx) {
        this.background = background;
        this.fx = fx;
    }

    public ImportViewModel(Map<String, String> env, HfCache cache, Duration timeout) {
        this.env = env;
        this.cache = cache;
        this.timeout = timeout;
    }

    public boolean envToken() { return env.get("HF_TOKEN") != null && !env.get("HF_TOKEN").isBlank(); }

    public String endpoint() { return HubClient.fromEnvironment(env, null, timeout).endpoint(); }

    /** Every catalog entry, the GGUF ones last. */
    public List<ModelCatalog.Entry> catalog() { return ModelCatalog.all(); }

    /**
     * A catalog entry's facts for the list: "GGUF" and its quantization for a GGUF entry (run by llama.cpp), parameters,
     * maximum context and KV bytes per token on {@code base}'s engine and KV dtype (a GGUF entry's: llama.cpp); "" when
     * the entry cannot be read.
     */
    public static String details(ModelCatalog.Entry e, Worksheet base, Texts texts) {
        try {
            var m = GgufCatalog.fromCatalog(e);
            var ws = m.applyTo(base);
            var r = SizingCalculator.calculate(ws);
            var kv = r.get(FigureKey.KV_CACHE_BYTES_PER_TOKEN);
            Long params = m.weights().totalParams();
            Long ctx = m.model().maxContextTokens();
            String out = (params == null ? "" : String.format(Locale.ROOT, "%.1f", params / 1e9) + "B params")
                    + (ctx == null ? "" : " · " + Units.grouped(ctx) + " tokens")
                    + (kv.available() ? " · " + Quantities.bytes(kv.value()) + " KV per token" : "");
            out = (e.gguf() ? "GGUF " + e.quantization() + " · " : "") + (out.startsWith(" · ") ? out.substring(3) : out);
            return texts.value(out) + " · " + (e.licence() == null ? texts.t("licence: see the model card")
                    : texts.t("licence:") + " " + e.licence());
        } catch (RuntimeException | ConfigImporter.ImportException ex) {
            return "";
        }
    }

    public List<HfCache.Entry> cached() { return cache.list(); }

    public Path cacheRoot() { return cache.root(); }

    public void fromCatalog(ModelCatalog.Entry e) {
        run(() -> GgufCatalog.fromCatalog(e), "catalog entry " + e.id());
    }

    public void fromCache(HfCache.Entry e) {
        run(() -> ModelSources.fromCache(e), "cached " + e);
    }

    /** A config.json or a model folder; a GGUF file, a split GGUF model or a folder of GGUF files. */
    public void fromPath(Path p) {
        run(() -> GgufSources.isGguf(p) ? GgufSources.fromPath(p) : ModelSources.fromPath(p, null, null), p.toString());
    }

    private interface Source {
        ModelImport get() throws ConfigImporter.ImportException;
    }

    private void run(Source s, String what) {
        ollama.set(null);
        error.set("");
        status.set("Reading '" + what + "'...");
        background.execute(() -> {
            try {
                ModelImport m = s.get();
                fx.accept(() -> {
                    result.set(m);
                    status.set("Read '" + what + "'. Check what was detected and assumed, then Apply.");
                });
            } catch (ConfigImporter.ImportException e) {
                fx.accept(() -> {
                    result.set(null);
                    error.set(e.getMessage());
                    status.set("Nothing was changed.");
                });
            }
        });
    }

    /**
     * Fetches from the Hub on {@code background}; results and progress come back through {@code fx}
     * (Platform::runLater in the window, a direct call in tests).
     */
    public void fetchHub(Executor background, Consumer<Runnable> fx) {
        String id = hubId.get().trim();
        if (id.isEmpty()) {
            error.set("Give a model ID such as meta-llama/Llama-3.1-8B-Instruct");
            return;
        }
        if (OllamaImport.names(id)) {
            fromOllama(id);
            return;
        }
        ollama.set(null);
        String spec = id + (revision.get().isBlank() ? "" : "@" + revision.get().trim());
        HubClient hub = HubClient.fromEnvironment(env, token.get(), timeout);
        AtomicBoolean c = start("Fetching '" + spec + "' from '" + hub.endpoint() + "'...");
        ggufChoices.clear();
        listing = null;
        String rev = revision.get();
        background.execute(() -> {
            try {
                ModelImport m = ModelSources.fromHub(hub, spec, (i, n) -> fx.accept(() -> progress.set(i / (double) n)), c);
                fx.accept(() -> done(m));
            } catch (HubException e) {
                if (e.kind() == HubException.Kind.GGUF_ONLY) {
                    list(hub, id, rev, c, fx);
                } else {
                    failed(e, fx);
                }
            } catch (ConfigImporter.ImportException e) {
                failed(e, fx);
            } catch (RuntimeException e) {
                fx.accept(() -> {
                    busy.set(false);
                    error.set("Unexpected problem: " + e);
                });
            }
        });
    }

    /** A fetch or read begins: busy, progress running, nothing shown; its cancel flag. */
    private AtomicBoolean start(String what) {
        AtomicBoolean c = new AtomicBoolean();
        cancel = c;
        busy.set(true);
        error.set("");
        result.set(null);
        progress.set(-1);
        status.set(what);
        return c;
    }

    private void done(ModelImport m) {
        busy.set(false);
        progress.set(1);
        result.set(m);
        status.set("Read '" + m.model().modelId() + " @ " + m.model().revision() + "'. Check what was detected and assumed, then Apply.");
    }

    private void failed(Exception e, Consumer<Runnable> fx) {
        fx.accept(() -> {
            busy.set(false);
            progress.set(0);
            error.set(e.getMessage());
            status.set(e instanceof HubException h && h.kind() == HubException.Kind.CANCELLED ? "Cancelled." : "Nothing was changed.");
        });
    }

    /** The repository has GGUF files and no config.json: its GGUF models are listed to choose one (on the background thread). */
    private void list(HubClient hub, String id, String rev, AtomicBoolean c, Consumer<Runnable> fx) {
        try {
            GgufListing l = GgufListing.read(hub, id, rev, c);
            fx.accept(() -> {
                busy.set(false);
                progress.set(0);
                listing = l;
                listedBy = hub;
                ggufChoices.setAll(l.choices());
                status.set(l.choices().isEmpty() ? "'" + id + "' has no config.json and no GGUF model to import."
                        : "'" + id + "' has " + l.choices().size() + " GGUF models and no config.json: choose one, then Import.");
            });
        } catch (HubException e) {
            failed(e, fx);
        }
    }

    /** Reads the chosen GGUF model of the listed repository by HTTP Range, at the listed commit, off the FX thread. */
    public void importGguf(GgufListing.Choice choice) {
        if (listing == null || choice == null) {
            error.set("Fetch a repository of GGUF files first, then choose one of its files");
            return;
        }
        String spec = choice.spec(listing);
        HubClient hub = listedBy;
        AtomicBoolean c = start("Reading '" + choice.file() + "' by HTTP Range (the header and tensor infos only)...");
        background.execute(() -> {
            try {
                ModelImport m = GgufSources.fromHub(hub, spec, c);
                fx.accept(() -> done(m));
            } catch (HubException | ConfigImporter.ImportException e) {
                failed(e, fx);
            } catch (RuntimeException e) {
                fx.accept(() -> {
                    busy.set(false);
                    error.set("Unexpected problem: " + e);
                });
            }
        });
    }

    /** {@code ollama:NAME[:TAG]} from the store (OLLAMA_MODELS, else the home folder's), read off the FX thread. */
    private void fromOllama(String id) {
        error.set("");
        status.set("Reading '" + id + "'...");
        background.execute(() -> {
            try {
                OllamaImport o = OllamaImport.load(id, env, Path.of(env.getOrDefault("HOME", System.getProperty("user.home"))));
                fx.accept(() -> {
                    ollama.set(o);
                    result.set(o.model());
                    status.set("Read '" + id + "'. Check what was detected and assumed, then Apply.");
                });
            } catch (OllamaStoreException e) {
                fx.accept(() -> {
                    ollama.set(null);
                    result.set(null);
                    error.set(e.getMessage());
                    status.set("Nothing was changed.");
                });
            }
        });
    }

    /** A choice's size for the list: GB and GiB, or "unknown" when the Hub gave none. */
    public static String size(GgufListing.Choice c, Texts texts) {
        return c.bytes() < 0 ? texts.t("unknown") : texts.value(Units.gbText(c.bytes()) + " · " + Units.gibText(c.bytes()));
    }

    public void cancel() { cancel.set(true); }

    /** The preview text: detected, assumed, warnings. */
    public String preview() {
        ModelImport m = result.get();
        return m == null ? "" : m.model().modelId() + (m.model().revision().isEmpty() ? "" : " @ " + m.model().revision())
                + "\n" + m.report();
    }
}
