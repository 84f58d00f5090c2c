package org.vramsheet.io.catalog;

import org.vramsheet.core.result.FigureKey;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.vramsheet.core.calc.SizingCalculator;
import org.vramsheet.core.sheet.Gpu;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.core.units.Units;
import org.vramsheet.io.hub.FakeHub;
import org.vramsheet.io.hub.HfCache;
import org.vramsheet.io.hub.ModelSources;
import org.vramsheet.io.model.ConfigImporter;
import org.vramsheet.io.model.ModelImport;

class CacheAndCatalogTest {

    @Test
    void cacheLocationFollowsTheEnvironment() {
        assertEquals(Path.of("/x/hub"), HfCache.fromEnvironment(Map.of("HF_HUB_CACHE", "/x/hub"), "/home/u").root());
        assertEquals(Path.of("/h/hub"), HfCache.fromEnvironment(Map.of("HF_HOME", "/h"), "/home/u").root());
        assertEquals(Path.of("/home/u/.cache/huggingface/hub"), HfCache.fromEnvironment(Map.of(), "/home/u").root());
    }

    @Test
    void listsAndImportsCachedSnapshots(@TempDir Path hub) throws Exception {
        Path model = hub.resolve("models--meta-llama--Llama-3.1-8B-Instruct");
        String sha = "0e9e39f249a16976918f6564b8830bc894c89659";
        Path snap = Files.createDirectories(model.resolve("snapshots").resolve(sha));
        Files.writeString(snap.resolve("config.json"), FakeHub.resource("/configs/meta-llama__Llama-3.1-8B-Instruct.json"));
        Files.write(snap.resolve("model-00001-of-00001.safetensors"), FakeHub.safetensors("BF16", 4096, "BF16", 4096));
        Files.createDirectories(model.resolve("refs"));
        Files.writeString(model.resolve("refs/main"), sha);
        Files.createDirectories(hub.resolve("models--broken--nothing/snapshots/abc"));
        List<HfCache.Entry> list = new HfCache(hub).list();
        assertEquals(1, list.size(), "snapshots without a config.json are skipped");
        HfCache.Entry e = list.get(0);
        assertEquals("meta-llama/Llama-3.1-8B-Instruct", e.modelId());
        assertEquals(List.of("main"), e.refs());
        ModelImport m = ModelSources.fromCache(e);
        assertEquals(sha, m.model().revision());
        assertEquals(8192L, m.weights().checkpointBytes(), "tensor bytes from the local safetensors header");
        assertTrue(m.warnings().get(0).contains("differ by"), "a tiny fake shard disagrees with 8B parameters");
        assertEquals(List.of(), new HfCache(hub.resolve("absent")).list());
        // Seen (issue 15): importing the snapshot folder itself named the model by its commit hash
        ModelImport byFolder = ModelSources.fromPath(snap, null, null);
        assertEquals("meta-llama/Llama-3.1-8B-Instruct", byFolder.model().modelId());
        assertEquals(sha, byFolder.model().revision());
        ModelImport byFile = ModelSources.fromPath(snap.resolve("config.json"), null, null);
        assertEquals("meta-llama/Llama-3.1-8B-Instruct", byFile.model().modelId(), "the config.json path names it too");
    }

    @Test
    void aConfigFileNamedOrgUnderscoreNameNamesItsModel(@TempDir Path dir) throws Exception {
        // Seen (issue 15): import CONFIG.json left the model ID blank even when the path named it
        String mistral = FakeHub.resource("/configs/mistralai__Mistral-7B-v0.1.json");
        Files.writeString(dir.resolve("mistralai__Mistral-7B-v0.1.json"), mistral);
        assertEquals("mistralai/Mistral-7B-v0.1",
                ModelSources.fromPath(dir.resolve("mistralai__Mistral-7B-v0.1.json"), null, null).model().modelId());
        Files.writeString(dir.resolve("my-config.json"), mistral.replaceFirst("\\{", "{\"_name_or_path\": \"org/from-config\","));
        assertEquals("org/from-config", ModelSources.fromPath(dir.resolve("my-config.json"), null, null).model().modelId(),
                "another file name: the config's _name_or_path");
        Files.writeString(dir.resolve("plain.json"), mistral.replace("_name_or_path", "x_unused"));
        assertEquals("", ModelSources.fromPath(dir.resolve("plain.json"), null, null).model().modelId(),
                "nothing names it: left blank, not guessed");
        assertEquals("given/id", ModelSources.fromPath(dir.resolve("mistralai__Mistral-7B-v0.1.json"), "given/id", null)
                .model().modelId(), "an ID given on the command line wins");
    }

    @Test
    void aFolderOrAConfigFileImports(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("config.json"), FakeHub.resource("/configs/mistralai__Mistral-7B-v0.1.json"));
        Files.writeString(dir.resolve("model.safetensors.index.json"),
                "{\"metadata\":{\"total_size\":14483464192},\"weight_map\":{}}");
        ModelImport m = ModelSources.fromPath(dir, null, null);
        assertEquals(14_483_464_192L, m.weights().checkpointBytes());
        assertEquals(m.kv(), ModelSources.fromPath(dir.resolve("config.json"), null, null).kv());
        Files.writeString(dir.resolve("bad.json"), "{\"num_hidden_layers\": 4");
        var e = org.junit.jupiter.api.Assertions.assertThrows(ConfigImporter.ImportException.class,
                () -> ModelSources.fromPath(dir.resolve("bad.json"), null, null));
        assertTrue(e.getMessage().contains("bad.json"), e.getMessage());
    }

    @Test
    void catalogHasThirtyModelsThatAllImportAndCompute() throws Exception {
        List<ModelCatalog.Entry> all = ModelCatalog.entries();
        assertTrue(all.size() >= 30, "catalog size " + all.size());
        for (ModelCatalog.Entry e : all) {
            assertTrue(!e.source().isBlank(), e.id() + " has a source");
            ModelImport m = ModelSources.fromCatalog(e);
            Worksheet ws = m.applyTo(new Worksheet(null, null, null, null, null, new Gpu("x", 1, 80 * Units.GIB), null,
                    null, null, null));
            var r = SizingCalculator.calculate(ws);
            assertTrue(r.get(FigureKey.KV_CACHE_BYTES_PER_TOKEN).available(),
                    e.id() + ": " + r.get(FigureKey.KV_CACHE_BYTES_PER_TOKEN).reason());
            assertTrue(r.get(FigureKey.WEIGHTS_BYTES).available(), e.id());
        }
    }

    @Test
    void gpuCatalogHasFortyGpusWithTheirThreeFigures() {
        var gpus = GpuCatalog.entries();
        assertTrue(gpus.size() >= 40, "GPUs: " + gpus.size());
        for (GpuCatalog.Entry g : gpus) {
            if (g.unified()) { // Apple silicon: no nvidia-smi; Metal's working set within the Mac's RAM
                assertTrue(g.cudaVisibleBytes() > 0 && g.cudaVisibleBytes() < g.unifiedRamBytes(), g.name()
                        + ": the working set within the unified RAM");
                assertTrue(!g.source().isBlank(), g.name() + ": a source");
                continue;
            }
            assertTrue(g.marketingGb() != null && g.marketingGb() > 0, g.name() + ": marketing GB");
            assertTrue(g.nvidiaSmiMib() != null && g.nvidiaSmiMib() > 0, g.name() + ": nvidia-smi MiB");
            assertTrue(g.cudaVisibleBytes() > 0 && g.cudaVisibleBytes() <= g.nvidiaSmiMib() * (1L << 20), g.name()
                    + ": CUDA-visible within the nvidia-smi total");
            assertTrue(!g.source().isBlank(), g.name() + ": a source");
        }
        // Seen (issue 15): the RTX A5000 and other workstation cards were missing
        for (String name : new String[] {"NVIDIA RTX A5000", "NVIDIA RTX A6000", "NVIDIA RTX A4000", "NVIDIA L20", "AMD Instinct MI210"}) {
            assertTrue(gpus.stream().anyMatch(g -> g.name().equals(name)), name);
        }
        var a5000 = gpus.stream().filter(g -> g.name().equals("NVIDIA RTX A5000")).findFirst().orElseThrow();
        assertEquals(24_564L, a5000.nvidiaSmiMib());
        assertEquals((24_564L - 512) << 20, a5000.cudaVisibleBytes(), "estimated the catalog's way");
        var h100 = gpus.stream().filter(g -> g.name().equals("NVIDIA H100 SXM 80GB")).findFirst().orElseThrow();
        assertEquals(80.0, h100.marketingGb());
        assertEquals(81_559L, h100.nvidiaSmiMib());
        assertEquals(Units.gib(79.19), h100.cudaVisibleBytes());
        assertTrue(!h100.cudaVisibleEstimate());
        assertTrue(gpus.stream().filter(GpuCatalog.Entry::cudaVisibleEstimate)
                .allMatch(g -> g.cudaVisibleSource().startsWith("estimate")));
    }

    /** Seen (issue 15): L40S / L40 / L4 showed no memory in the picker. Every entry lists its memory there. */
    @Test
    void thePickerShowsEveryGpusMemory() {
        for (GpuCatalog.Entry e : GpuCatalog.entries()) {
            assertTrue(e.toString().matches(e.unified() ? ".* · .*GiB Metal working set of .*GiB unified.*"
                    : ".* · .*GiB visible.*"), e.toString());
        }
        GpuCatalog.Entry l40s = GpuCatalog.entries().stream().filter(e -> e.name().equals("NVIDIA L40S")).findFirst().orElseThrow();
        assertEquals("NVIDIA L40S · 48 GB, 44.42 GiB visible", l40s.toString());
    }
}
