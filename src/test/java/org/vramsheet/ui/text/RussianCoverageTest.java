package org.vramsheet.ui.text;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.vramsheet.core.calc.SizingCalculator;
import org.vramsheet.core.curves.Curves;
import org.vramsheet.core.engine.ollama.OllamaDefaults;
import org.vramsheet.core.engine.ollama.OllamaRunnerSetup;
import org.vramsheet.core.engine.ollama.OllamaSetup;
import org.vramsheet.core.input.Issue;
import org.vramsheet.core.result.Figure;
import org.vramsheet.core.sheet.AttentionKind;
import org.vramsheet.core.sheet.CacheImplementation;
import org.vramsheet.core.sheet.ComputeDtype;
import org.vramsheet.core.sheet.Engine;
import org.vramsheet.core.sheet.KvDtype;
import org.vramsheet.core.sheet.ScenarioId;
import org.vramsheet.core.sheet.WeightFormat;
import org.vramsheet.core.sheet.WindowKind;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.core.validation.LogComparison;
import org.vramsheet.core.validation.LogFacts;
import org.vramsheet.core.validation.Measurement;
import org.vramsheet.io.catalog.ModelCatalog;
import org.vramsheet.io.json.WorksheetJson;
import org.vramsheet.io.logs.EngineLogParser;
import org.vramsheet.io.logs.FieldLogs;
import org.vramsheet.io.model.ConfigImporter;
import org.vramsheet.io.model.gguf.GgufCatalog;
import org.vramsheet.ui.app.FileController;
import org.vramsheet.ui.dialogs.LogViewModel;
import org.vramsheet.ui.model.NumberInput;

/**
 * Every text the core can put in the window (figure names, reasons, formulas, assumptions,
 * validation messages, chart names, choice labels) has a Russian translation, exactly or by its
 * number template. The corpus: the samples, every catalog model on the default sheet, each engine,
 * KV dtype and weight format, and one sheet per kind of mistake. Untranslated templates are listed
 * in target/untranslated-ru.txt.
 */
class RussianCoverageTest {
    @Test
    void everyTextTheCoreShowsHasRussian() throws Exception {
        Texts ru = Texts.of("ru");
        Set<String> missing = new TreeSet<>();
        for (String s : corpus()) {
            missing.addAll(ru.untranslated(s));
        }
        Files.createDirectories(Path.of("target"));
        Files.write(Path.of("target/untranslated-ru.txt"), missing);
        assertTrue(missing.isEmpty(), missing.size() + " texts have no Russian (all in target/untranslated-ru.txt), e.g. "
                + missing.stream().limit(8).toList());
    }

    /** Every literal the window passes to t("...") has a Russian entry. */
    @Test
    void everyLiteralTheWindowTranslatesIsInTheBundle() throws Exception {
        Texts ru = Texts.of("ru");
        // t("...") with one literal, or literals joined by + across lines
        Pattern call = Pattern.compile(
                "\\bt\\(((?:\"(?:[^\"\\\\]|\\\\.)*\"\\s*\\+?\\s*)+)\\)");
        Pattern part = Pattern.compile("\"((?:[^\"\\\\]|\\\\.)*)\"");
        Set<String> missing = new TreeSet<>();
        int seen = 0;
        try (var files = Files.walk(Path.of("src/main/java/org/vramsheet/ui"))) {
            for (Path f : files.filter(x -> x.toString().endsWith(".java")).toList()) {
                Matcher m = call.matcher(Files.readString(f));
                while (m.find()) {
                    seen++;
                    StringBuilder joined = new StringBuilder();
                    Matcher p = part.matcher(m.group(1));
                    while (p.find()) {
                        joined.append(p.group(1));
                    }
                    String english = joined.toString().replace("\\\"", "\"").replace("\\n", "\n");
                    if (!english.isBlank() && !ru.untranslated(english).isEmpty()) {
                        missing.add(f.getFileName() + ": " + english);
                    }
                }
            }
        }
        assertTrue(seen > 50, "found the t(\"...\") calls: " + seen);
        assertTrue(missing.isEmpty(), missing.size() + " literals without Russian: " + missing);
    }

    static Set<String> corpus() throws Exception {
        Set<String> out = new TreeSet<>();
        List<Worksheet> sheets = new ArrayList<>();
        for (String name : List.of("llama-3.1-70b-bf16-h200.json", "gemma-2-9b-sliding-window-h100.json",
                "deepseek-v2-lite-mla-h100.json", "seed003-70b-int4-80gib.json")) {
            sheets.add(FileController.sample(name));
        }
        Worksheet base = sheets.get(0);
        for (ModelCatalog.Entry e : ModelCatalog.entries()) {
            sheets.add(ConfigImporter.parse(ModelCatalog.configText(e), e.id()).applyTo(base));
        }
        for (ModelCatalog.Entry e : ModelCatalog.ggufEntries()) { // on llama.cpp, as applying them sets it
            sheets.add(GgufCatalog.fromCatalog(e).applyTo(base));
        }
        List<Worksheet> variants = new ArrayList<>();
        for (Worksheet ws : sheets.subList(0, 4)) {
            for (Engine en : Engine.values()) {
                variants.add(with(ws, "runtime", "engine", en.name()));
                variants.add(with(with(ws, "runtime", "engine", en.name()), "runtime", "engineVersion", "0.21.0"));
            }
            for (KvDtype d : KvDtype.values()) {
                variants.add(with(ws, "kv", "kvDtype", d.name()));
            }
            for (WeightFormat f : WeightFormat.values()) {
                variants.add(with(ws, "weights", "format", f.name()));
            }
            for (CacheImplementation c : CacheImplementation.values()) {
                variants.add(with(ws, "runtime", "cacheImplementation", c.name()));
            }
            variants.add(with(ws, "runtime", "kvCacheMemoryBytes", "20 GiB"));
            variants.add(with(ws, "runtime", "prefixCaching", true));
            variants.add(with(ws, "runtime", "tensorParallel", 2));
            variants.add(with(with(ws, "runtime", "pipelineParallel", 2), "runtime", "dataParallel", 3));
            variants.add(with(ws, "result", "targetSequences", 200));
            variants.add(with(ws, "gpu", "count", 8));
            variants.addAll(adapters(ws));
        }
        sheets.addAll(variants);
        sheets.addAll(experts(sheets, base));
        for (Worksheet ws : List.copyOf(sheets.subList(0, 4))) {
            sheets.addAll(llamaCpp(ws));
            List<Worksheet> ollama = ollama(ws);
            sheets.addAll(ollama);
            ollama.forEach(o -> out.addAll(List.of(org.vramsheet.ui.model.OllamaRunnerText.of(o).split("\n"))));
        }
        sheets.addAll(mistakes(base));
        sheets.addAll(mistakes(sheets.get(1)));
        sheets.addAll(unified(GgufCatalog.fromCatalog(ModelCatalog.ggufEntries().get(0)).applyTo(base)));
        sheets.add(v32Fp8(base));
        sheets.addAll(appliedPerDevice(llamaCpp(base).get(0)));
        for (Worksheet ws : sheets) {
            SizingCalculator.Outcome o = SizingCalculator.compute(ws, List.of());
            for (Figure f : o.result().figures().values()) {
                out.add(f.label());
                if (!f.available()) {
                    out.add(f.reason());
                } else {
                    out.add(f.provenance().formula());
                    out.add(f.provenance().expression());
                    out.addAll(f.provenance().assumptions());
                }
            }
            for (Issue i : o.result().issues()) {
                out.add(i.message());
            }
            Curves.Charts ch = Curves.of(o, 12);
            if (ch != null) {
                ch.kvSeries().forEach(s -> out.add(s.name()));
            }
            o.result().memory().stacks().values().forEach(st -> st.forEach(g -> out.add(g.name())));
        }
        for (String stack : org.vramsheet.core.result.MemoryStacks.NAMES) {
            out.add(stack.substring(0, 1).toUpperCase(java.util.Locale.ROOT) + stack.substring(1));
        }
        for (Enum<?>[] values : List.<Enum<?>[]>of(AttentionKind.values(), KvDtype.values(), WeightFormat.values(),
                ComputeDtype.values(), Engine.values(), CacheImplementation.values(), ScenarioId.values())) {
            for (Enum<?> v : values) {
                out.add((String) v.getClass().getMethod("label").invoke(v));
            }
        }
        for (WindowKind k : WindowKind.values()) {
            out.add(k.name().equals("SLIDING") ? "sliding window" : "chunked attention");
        }
        // what a field says about its text in a Russian window: why it refuses it, its prompt and its help
        for (NumberInput.Kind k : NumberInput.Kind.values()) {
            for (String unit : k == NumberInput.Kind.BYTES ? List.of("GiB", "MiB") : List.of("")) {
                NumberInput n = new NumberInput("x", k, unit);
                n.setDecimalComma(true);
                for (String bad : List.of("abc", "1.234,5", "1 23", "80 G", "1.5K", "2,5M", "8 G", "1.0005k", "1,5 m",
                        "9 000 000 000 GiB", "123456789012345678901234")) {
                    n.textProperty().set(bad);
                    if (n.parseErrorProperty().get() != null) {
                        out.add(n.parseErrorProperty().get());
                    }
                }
                out.add(n.hint());
                out.addAll(n.help());
            }
        }
        // engine logs: the summary, the comparison's cells, causes and setup differences against the samples
        List<String> logs = new ArrayList<>();
        try (var in = RussianCoverageTest.class.getResourceAsStream("/calibration/vllm_startup_logs.json")) {
            WorksheetJson.shared().readTree(in).forEach(e -> {
                StringBuilder b = new StringBuilder();
                e.get("lines").forEach(l -> b.append(l.asText()).append('\n'));
                logs.add(b.toString());
            });
        }
        logs.add("");
        // the real logs of every engine (field logs): their summaries and what the dialog lists as "The log says:"
        FieldLogs.all().forEach(l -> logs.add(l.text()));
        for (String log : logs) {
            Measurement m = EngineLogParser.parse(log);
            out.add(EngineLogParser.summary(m));
            out.addAll(LogFacts.of(m));
            for (Worksheet ws : sheets.subList(0, 4)) {
                LogComparison.Result r = LogComparison.compare(ws, m);
                for (LogComparison.Row row : r.rows()) {
                    out.addAll(List.of(LogViewModel.cells(row)));
                }
                out.addAll(r.causes());
                out.addAll(r.setupDifferences());
            }
        }
        out.addAll(ollamaDefaults());
        // the dialogs' own sentences, as the ViewModels and the file controller build them
        out.addAll(List.of("Reading '/tmp/config.json'...",
                "Read '/tmp/config.json'. Check what was detected and assumed, then Apply.",
                "Fetching 'meta-llama/Llama-3.1-8B@main' from 'https://huggingface.co'...", "Nothing was changed.",
                "Cancelled.", "Give a model ID such as meta-llama/Llama-3.1-8B-Instruct",
                "Choose an XLSX file, a PDF file, or both.", "Signing needs a PDF file and a PKCS#12 key file.",
                "Exporting...", "Wrote '/tmp/a.xlsx'", "Wrote '/tmp/a.xlsx' and '/tmp/a.pdf'", "Wrote '/tmp/a.pdf' (signed)",
                "Wrote '/tmp/a.xlsx' and '/tmp/a.pdf' (signed)", "Export failed.",
                "Cannot write the report. Nothing was replaced.",
                "'/tmp/x.pdf' has no attached worksheet (not a VRAM Sheet report?)",
                "'/tmp/x.json': permission denied. Nothing was changed; choose another place.",
                "Nothing was changed; the sheet stays open.",
                "VRAM Sheet did not close cleanly last time. Restore the unsaved worksheet?",
                "VRAM Sheet did not close cleanly last time. Restore the unsaved worksheet ('a.json')?",
                "More unsaved worksheets were found (2): each is offered in turn.",
                "Save the changes to 'Untitled' first?", "'/tmp/x.json' exists. Replace it?",
                "Paste a vLLM, SGLang, TensorRT-LLM, llama.cpp or Ollama startup log.",
                "llama.cpp flags set from the log: '-c 4096 -np 1 -fa off -ngl 81'",
                // dialog titles and buttons, passed to t() through a variable
                "Save", "Don't save", "Cancel", "Replace", "Restore", "Discard", "OK", "Open worksheet", "Save worksheet",
                "Cannot save", "Cannot open the worksheet", "Cannot open the report"));
        out.remove("");
        return out;
    }

    /** Expert parallel and attention data parallel (issue 30 point 4) on the catalog's MoE sheets, and their mistakes. */
    private static List<Worksheet> experts(List<Worksheet> sheets, Worksheet dense) throws Exception {
        List<Worksheet> out = new ArrayList<>();
        List<Worksheet> moe = sheets.stream().filter(w -> w.weights().experts() != null).limit(2).toList();
        assertTrue(!moe.isEmpty(), "the catalog has a mixture of experts");
        for (Worksheet ws : moe) {
            Worksheet two = with(with(ws, "gpu", "count", 4), "result", "targetSequences", 200);
            for (Engine en : List.of(Engine.VLLM, Engine.SGLANG, Engine.LLAMA_CPP)) {
                Worksheet e = with(two, "runtime", "engine", en.name());
                out.add(with(e, "runtime", "expert", java.util.Map.of("enabled", true, "dataParallel", 2)));
                out.add(with(e, "runtime", "expert", java.util.Map.of("enabled", false, "dataParallel", 2)));
                out.add(with(e, "runtime", "expert", java.util.Map.of("enabled", true, "dataParallel", 3)));
                out.add(with(e, "runtime", "expert", java.util.Map.of("enabled", true)));
            }
            out.add(with(with(two, "runtime", "pipelineParallel", 2), "runtime", "expert", java.util.Map.of("enabled", true,
                    "dataParallel", 2)));
            out.add(with(ws, "runtime", "expert", java.util.Map.of("enabled", true, "dataParallel", 2)));
            out.add(with(ws, "runtime", "expert", java.util.Map.of("dataParallel", 0)));
        }
        out.add(with(with(dense, "gpu", "count", 2), "runtime", "expert", java.util.Map.of("enabled", true, "dataParallel", 2)));
        return out;
    }

    /** LoRA adapters, KV offload to CPU with the node's host RAM short or enough, and a prefix share, per engine. */
    private static List<Worksheet> adapters(Worksheet ws) throws Exception {
        List<Worksheet> out = new ArrayList<>();
        var lora = java.util.Map.of("maxLoras", 4, "maxCpuLoras", 8, "intermediateSize", 14_336);
        var sglangLora = java.util.Map.of("maxLoras", 4, "targetModules", "q_proj, v_proj");
        for (Engine en : List.of(Engine.VLLM, Engine.SGLANG, Engine.LLAMA_CPP, Engine.TENSORRT_LLM)) {
            Worksheet e = with(ws, "runtime", "engine", en.name());
            out.add(with(e, "runtime", "lora", en == Engine.SGLANG ? sglangLora : lora));
            out.add(with(e, "runtime", "offload", java.util.Map.of("cpuBytes", 64L << 30, "nodeHostRamBytes", 32L << 30)));
            out.add(with(e, "runtime", "offload", java.util.Map.of("cpuBytes", 1L << 30, "nodeHostRamBytes", 512L << 30)));
        }
        Worksheet sg = with(ws, "runtime", "engine", "SGLANG");
        out.add(with(sg, "runtime", "offload", java.util.Map.of("cpuRatio", 2.0)));
        out.add(with(ws, "runtime", "offload", java.util.Map.of("cpuRatio", 2.0)));
        out.add(with(ws, "runtime", "lora", java.util.Map.of("maxLoras", 0, "maxRank", 24, "targetModules", "lm_heads")));
        out.add(with(ws, "runtime", "lora", java.util.Map.of("maxLoras", 4, "maxRank", 24, "maxCpuLoras", 2, "dtype", "FP32")));
        out.add(with(ws, "runtime", "offload", java.util.Map.of("cpuBytes", 0, "cpuRatio", -1.0, "nodeHostRamBytes", 0)));
        Worksheet l = with(with(ws, "runtime", "engine", "LLAMA_CPP"), "runtime", "llamaCpp",
                java.util.Map.of("noKvOffload", true));
        out.add(l);
        out.add(with(l, "runtime", "offload", java.util.Map.of("cpuBytes", 1L << 30)));
        Worksheet prefix = with(with(ws, "runtime", "prefixCaching", true), "workloads", "typical", java.util.Map.of(
                "inputTokens", 3584, "generatedTokens", 512, "concurrentSequences", 12, "sharedPrefixTokens", 1000,
                "sharedPrefixShare", 0.5));
        out.add(prefix);
        out.add(with(prefix, "runtime", "engine", "SGLANG"));
        out.add(with(ws, "workloads", "typical", java.util.Map.of("inputTokens", 100, "generatedTokens", 0,
                "concurrentSequences", 2, "sharedPrefixShare", 1.5)));
        return out;
    }

    /** llama.cpp's launches: two GPUs, partial offload, the cache on the host, its flags and their mistakes. */
    private static List<Worksheet> llamaCpp(Worksheet ws) throws Exception {
        Worksheet l = with(with(with(ws, "runtime", "engine", "LLAMA_CPP"), "runtime", "pipelineParallel", 2), "gpu", "count", 2);
        List<Worksheet> out = new ArrayList<>(List.of(l, with(l, "runtime", "engineVersion", "b5050"),
                with(l, "runtime", "engineVersion", "b8164"), with(l, "runtime", "maxNumSeqs", 4),
                with(with(ws, "runtime", "engine", "LLAMA_CPP"), "runtime", "tensorParallel", 2),
                with(with(ws, "runtime", "engine", "LLAMA_CPP"), "gpu", "count", 2), with(l, "kv", "kvDtype", "FP8_E4M3"),
                with(l, "model", "vocabSize", null), with(l, "kv", "hiddenSize", null)));
        for (String flags : List.of("{\"gpuLayers\": 20}", "{\"gpuLayers\": 0}", "{\"noKvOffload\": true}",
                "{\"cacheTypeV\": \"Q8_0\", \"flashAttention\": \"OFF\"}", "{\"cacheTypeV\": \"FP8_E4M3\"}",
                "{\"cacheTypeV\": \"Q4_0\", \"flashAttention\": \"ON\"}",
                "{\"tensorSplit\": [3, 1, 1]}", "{\"tensorSplit\": [-1]}", "{\"flashAttention\": \"ON\"}",
                "{\"ubatch\": 0}", "{\"batch\": 1000000000}", "{\"gpuLayers\": -2}", "{\"kvUnified\": true}")) {
            out.add(with(with(l, "runtime", "maxNumSeqs", 2), "runtime", "llamaCpp", WorksheetJson.shared().readTree(flags)));
        }
        out.add(with(with(l, "kv", "kvDtype", "Q8_0"), "kv", "headDim", 80));
        out.add(with(l, "gpu", "totalBytes", "2 GiB"));
        return out;
    }

    /** The llama.cpp and Ollama field logs that print buffers per device, applied (VALIDATION per device), and stale. */
    private static List<Worksheet> appliedPerDevice(Worksheet llamaCpp) throws Exception {
        List<Worksheet> out = new ArrayList<>();
        for (var l : java.util.stream.Stream.concat(FieldLogs.of("llamacpp"), FieldLogs.of("ollama")).toList()) {
            Measurement m = EngineLogParser.parse(l.text());
            if (m.devices().isEmpty()) {
                continue;
            }
            Worksheet a = LogComparison.apply(llamaCpp, m, "2026-12-02");
            out.add(a);
            out.add(with(a, "gpu", "count", 3));
        }
        return out;
    }

    /** Ollama's runner by release and setting, and the settings' mistakes. */
    private static List<Worksheet> ollama(Worksheet ws) throws Exception {
        Worksheet o = with(with(ws, "runtime", "engine", "OLLAMA"), "kv", "kvDtype", "AUTO");
        List<Worksheet> out = new ArrayList<>();
        for (String version : List.of("0.1.30", "0.5.0", "0.6.6", "0.12.3", "0.15.5", "0.30.0", "latest")) {
            out.add(with(o, "runtime", "engineVersion", version));
        }
        for (String settings : List.of("{\"numCtx\": 8192, \"numParallel\": 2, \"kvCacheType\": \"Q8_0\", \"flashAttention\": true}",
                "{\"kvCacheType\": \"Q8_0\"}", "{\"numGpu\": 0}", "{\"numGpu\": 20}", "{\"contextLength\": 0}",
                "{\"numParallel\": 0}", "{\"kvCacheType\": \"FP8_E4M3\"}", "{\"flashAttention\": false}")) {
            out.add(with(with(o, "runtime", "engineVersion", "0.12.3"), "runtime", "ollama",
                    WorksheetJson.shared().readTree(settings)));
        }
        out.add(with(with(o, "runtime", "engineVersion", "0.12.3"), "kv", "kvDtype", "Q4_0"));
        return out;
    }

    /** One sheet per kind of mistake the validator names. */
    private static List<Worksheet> mistakes(Worksheet ws) throws Exception {
        List<Worksheet> out = new ArrayList<>();
        Object[][] edits = {
            {"kv", "kvHeads", 7}, {"kv", "kvHeads", 0}, {"kv", "kvHeads", -1}, {"kv", "kvHeads", 1000},
            {"kv", "kvHeads", 2_000_000_000}, {"kv", "layers", 0}, {"kv", "headDim", null}, {"kv", "kind", "MHA"},
            {"kv", "kind", "MQA"}, {"kv", "kind", "MLA"}, {"kv", "stateLayers", 2}, {"kv", "kvDtype", "Q4_0"},
            {"weights", "activeParams", 900_000_000_000L}, {"weights", "groupSize", 128},
            {"weights", "unquantizedParams", 900_000_000_000L}, {"weights", "totalParams", null},
            {"weights", "totalParams", 0}, {"weights", "totalParams", "1e30"},
            {"runtime", "tensorParallel", 3}, {"runtime", "tensorParallel", 16}, {"runtime", "pipelineParallel", 500},
            {"runtime", "utilization", 1.5}, {"runtime", "maxModelLen", 10_000_000},
            {"runtime", "fragmentationPercent", 150}, {"runtime", "engineVersion", "latest"},
            {"runtime", "cacheImplementation", "STATIC"}, {"runtime", "blockSize", 0},
            {"gpu", "totalBytes", "8 GiB"}, {"gpu", "totalBytes", null}, {"gpu", "count", 0},
            {"validation", "measuredNonKvBytes", "900 GiB"}, {"result", "contextLength", 10_000_000},
            {"result", "headroomBytes", "-1"}, {"signOff", "status", "APPROVED"},
            {"signOff", "preparedOn", "yesterday"}, {"model", "maxContextTokens", 100},
        };
        for (Object[] e : edits) {
            try {
                out.add(with(ws, (String) e[0], (String) e[1], e[2]));
            } catch (Exception rejectedByTheReader) {
                // a value the file reader itself refuses never reaches the window's fields
            }
        }
        out.add(with(ws, "runtime", "kvCacheMemoryBytes", "20 GiB"));
        out.add(with(with(ws, "runtime", "engine", "SGLANG"), "runtime", "kvCacheMemoryBytes", "20 GiB"));
        String[] windows = {"[{\"layers\": 0, \"window\": 4096, \"kind\": \"SLIDING\"}]",
            "[{\"layers\": 4, \"window\": 0, \"kind\": \"SLIDING\"}]",
            "[{\"layers\": 4, \"window\": 1000000000000, \"kind\": \"SLIDING\"}]",
            "[{\"layers\": 4, \"window\": 10000000, \"kind\": \"CHUNKED\"}]",
            "[{\"layers\": 4000, \"window\": 4096, \"kind\": \"SLIDING\"}]"};
        for (String w : windows) {
            out.add(with(ws, "kv", "windows", WorksheetJson.shared().readTree(w)));
        }
        String[] workloads = {"{\"inputTokens\": 0, \"generatedTokens\": 0, \"concurrentSequences\": 4}",
            "{\"inputTokens\": 9000000, \"generatedTokens\": 10, \"concurrentSequences\": 4}",
            "{\"inputTokens\": 100, \"generatedTokens\": 10, \"concurrentSequences\": 4, \"sharedPrefixTokens\": 500}",
            "{\"sequenceLengths\": [0, 4096]}", "{\"sequenceLengths\": [1000000000000000]}",
            "{\"sequenceLengths\": [9000000]}", "{\"inputTokens\": 100, \"generatedTokens\": 10}",
            "{\"inputTokens\": 100, \"generatedTokens\": 10, \"concurrentSequences\": 2000000000}"};
        for (String w : workloads) {
            out.add(with(ws, "workloads", "typical", WorksheetJson.shared().readTree(w)));
        }
        return out;
    }

    /** The sheet with one field of one section set (through the file format, as a user's file would). */
    static Worksheet with(Worksheet ws, String section, String field, Object value) throws Exception {
        ObjectNode root = (ObjectNode) WorksheetJson.shared().readTree(WorksheetJson.write(ws));
        ObjectNode s = root.has(section) && root.get(section).isObject() ? (ObjectNode) root.get(section)
                : root.putObject(section);
        if (value == null) {
            s.remove(field);
        } else if (value instanceof JsonNode n) {
            s.set(field, n);
        } else {
            s.set(field, WorksheetJson.shared().valueToTree(value));
        }
        return WorksheetJson.parse(WorksheetJson.shared().writeValueAsString(root), "test");
    }

    /** Ollama's runner defaults (no sheet engine yet): every rule's provenance and problem, on each side of its releases. */
    static List<String> ollamaDefaults() {
        List<String> out = new ArrayList<>();
        List<java.util.function.UnaryOperator<OllamaSetup.Builder>> setups = List.of(b -> b, b -> b.contextLength(8192L),
                b -> b.modelNumCtx(16_384L).requestNumCtx(1L), b -> b.projector(true).requestNumCtx(512L),
                b -> b.architecture("gptoss").totalVramBytes(24L << 30), b -> b.family("qwen3vl").numParallel(4L),
                b -> b.architecture("lfm2").numParallel(4L), b -> b.kvCacheType("q8_0"), b -> b.kvCacheType("q4_0").flashAttention(true),
                b -> b.kvCacheType("q5_1").flashAttention(true), b -> b.flashAttention(false).kvCacheType("q8_0"),
                b -> b.gpusSupportFlashAttention(false), b -> b.numBatch(256L).numGpu(0L), b -> b.numGpu(20L).embedding(true),
                b -> b.totalVramBytes(48L << 30).trainContext(8192L), b -> b.totalVramBytes(16L << 30).architecture("gemma3"),
                b -> b.numParallel(1L << 40), b -> b.projector(true).numParallel(4L));
        for (String v : List.of("0.1.30", "0.1.40", "0.2.0", "0.3.14", "0.5.0", "0.5.13", "0.6.7", "0.9.3", "0.10.0", "0.11.0",
                "0.11.4", "0.11.5", "0.12.4", "0.12.7", "0.13.4", "0.15.5", "0.17.1", "0.30.0", "latest")) {
            for (var setup : setups) {
                OllamaRunnerSetup r = OllamaDefaults.runner(setup.apply(OllamaSetup.of(v).toBuilder()).build());
                for (OllamaRunnerSetup.Setting<?> st : List.of(r.numCtx(), r.parallel(), r.runnerContext(), r.cacheTypeK(),
                        r.flashAttention(), r.batch(), r.gpuLayers(), r.projector())) {
                    out.addAll(st.provenance());
                }
                out.addAll(r.problems());
            }
        }
        return out;
    }

    /** Issue 30 point 7: a llama.cpp sheet on every Mac of the catalog, with and without iogpu.wired_limit_mb, and refused. */
    private static List<Worksheet> unified(Worksheet ws) {
        List<Worksheet> out = new ArrayList<>();
        for (org.vramsheet.io.catalog.GpuCatalog.Entry e : org.vramsheet.io.catalog.GpuCatalog.entries()) {
            if (!e.unified()) {
                continue;
            }
            for (Long wired : new Long[] {null, 14_000L, 1L << 30}) {
                out.add(ws.withGpu(new org.vramsheet.core.sheet.Gpu(e.name(), 1, e.cudaVisibleBytes(), null,
                        e.unifiedRamBytes(), wired)));
            }
        }
        Worksheet mac = out.get(0);
        out.add(mac.withGpu(mac.gpu().withCount(2)));
        out.add(mac.withRuntime(mac.runtime().toBuilder().engine(Engine.VLLM).build()));
        out.add(mac.withGpu(mac.gpu().withTotalBytes(64L << 30)));
        out.add(ws.withGpu(ws.gpu().withWiredLimitMb(14_000L)));
        return out;
    }

    /** Issue 30 point 5: DeepSeek V3.2 in fp8 under vLLM, which runs it as fp8_ds_mla. */
    private static Worksheet v32Fp8(Worksheet base) throws Exception {
        String json = Files.readString(Path.of("src/test/resources/configs/deepseek-ai__DeepSeek-V3.2-Exp.json"));
        Worksheet ws = ConfigImporter.parse(json, "v3.2").applyTo(base);
        return ws.withKv(ws.kv().toBuilder().kvDtype(KvDtype.FP8_E4M3).build())
                .withRuntime(ws.runtime().toBuilder().engine(Engine.VLLM).build());
    }
}
