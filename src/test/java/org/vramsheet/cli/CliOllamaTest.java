package org.vramsheet.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.vramsheet.io.json.WorksheetJson;

/** calc --engine ollama with RUNTIME › Ollama settings as options; --json adds the runner Ollama starts. */
class CliOllamaTest {
    private static final String FILE = "src/test/resources/worksheets/v6-llamacpp-gemma2-ngl30.json";

    private static CliTest.Run run(String... args) { return CliTest.run(args); }

    private static JsonNode json(CliTest.Run r) throws Exception { return WorksheetJson.shared().readTree(r.out()); }

    @Test
    void calcRunsTheSheetAsOllamasRunner() throws Exception {
        CliTest.Run r = run("calc", FILE, "--json", "--engine", "ollama", "--engine-version", "0.12.3", "--num-ctx", "8K",
                "--ollama-num-parallel", "2", "--ollama-kv-cache-type", "q8_0", "--ollama-flash-attention", "true");
        JsonNode j = json(r);
        assertEquals(0, r.code(), r.err());
        JsonNode o = j.get("ollama");
        assertEquals("0.12.3", o.get("release").asText());
        assertEquals(8192, o.get("numCtx").asLong());
        assertEquals(2, o.get("parallel").asInt());
        assertEquals(16_384, o.get("runnerContext").asLong());
        assertEquals("q8_0", o.get("cacheType").asText());
        assertEquals(16_384, j.get("pool").get("maxModelLen").asLong(), "the runner's -c");
        CliTest.Run f16 = run("calc", FILE, "--json", "--engine", "ollama", "--engine-version", "0.12.3", "--num-ctx", "8K",
                "--ollama-num-parallel", "2");
        assertEquals("f16", json(f16).get("ollama").get("cacheType").asText());
        assertEquals(2, f16.code(), "the sheet's KV dtype q8_0 is not what this runner caches");
        assertTrue(f16.err().startsWith("vramsheet calc: bad input: KV ARCHITECTURE › KV-cache dtype: inconsistent: the runner "
                + "of Ollama caches 'f16'"), f16.err());
        long q8 = j.get("pool").get("kvPoolBytes").asLong();
        // as the llama.cpp rules place gemma-2 (21 full, 21 sliding layers) in 2 streams of num_ctx 8192: the sliding
        // layers' min(8192, 4096 + 512) = 4608 cells; K and V rows of 8 heads x 256 at q8_0 = 2176 B each
        assertEquals(21L * 4608 * 2 * (2176 + 2176) + 21L * 8192 * 2 * (2176 + 2176), q8);
        assertEquals(2_339_635_200L, q8);
        assertTrue(json(run("calc", FILE, "--json")).get("ollama").isNull(), "null for llama.cpp");
    }

    @Test
    void badOptionsNameTheOption() {
        CliTest.Run notOllama = run("calc", FILE, "--num-ctx", "4096");
        assertEquals(2, notOllama.code());
        assertEquals("vramsheet calc: --num-ctx: an Ollama setting, and the engine is llama.cpp (add --engine ollama)\n",
                notOllama.err());
        CliTest.Run engine = run("calc", FILE, "--engine", "olama");
        assertEquals("vramsheet calc: --engine: not an engine: 'olama' (vllm, sglang, tensorrt-llm, llama.cpp, transformers, "
                + "ollama)\n", engine.err());
        CliTest.Run type = run("calc", FILE, "--engine", "ollama", "--ollama-kv-cache-type", "fp8");
        assertEquals("vramsheet calc: --ollama-kv-cache-type: not a cache type: 'fp8' (f16, q8_0, q4_0)\n", type.err());
        CliTest.Run par = run("calc", FILE, "--engine", "ollama", "--ollama-num-parallel", "two");
        assertEquals(2, par.code());
        assertTrue(par.err().startsWith("vramsheet calc: --ollama-num-parallel: "), par.err());
    }

    /** The sheet's q8_0 cache as the runner lets it through. */
    private static final String[] Q8 = {"--ollama-kv-cache-type", "q8_0", "--ollama-flash-attention", "true"};

    /** --ollama-gpu-overhead sets RUNTIME › Ollama settings › OLLAMA_GPU_OVERHEAD: the JSON says it, the planner keeps it free. */
    @Test
    void theGpuOverheadIsAnOption() throws Exception {
        CliTest.Run plain = run("calc", FILE, "--json", "--engine", "ollama", "--engine-version", "0.12.3", Q8[0], Q8[1], Q8[2], Q8[3]);
        CliTest.Run held = run("calc", FILE, "--json", "--engine", "ollama", "--engine-version", "0.12.3", Q8[0], Q8[1], Q8[2],
                Q8[3], "--ollama-gpu-overhead", "60GiB");
        assertEquals(0, plain.code(), plain.err());
        assertEquals(0, held.code(), held.err());
        assertEquals(0, json(plain).get("ollama").get("gpuOverheadBytes").asLong(), "unset: 0, Ollama's default");
        assertEquals(60L << 30, json(held).get("ollama").get("gpuOverheadBytes").asLong());
        assertEquals(1_073_741_824L, json(run("calc", FILE, "--json", "--engine", "ollama", Q8[0], Q8[1], Q8[2], Q8[3],
                "--ollama-gpu-overhead", "1073741824"))
                .get("ollama").get("gpuOverheadBytes").asLong(), "a bare number is bytes, as Ollama reads the variable");
        long all = json(plain).get("devices").get("ollamaPlan").get("layersOffload").asLong();
        long fewer = json(held).get("devices").get("ollamaPlan").get("layersOffload").asLong();
        assertTrue(fewer < all, "60 GiB kept free on the GPU leaves the planner room for fewer layers: " + fewer + " of " + all);
        CliTest.Run bad = run("calc", FILE, "--engine", "ollama", "--ollama-gpu-overhead", "lots");
        assertEquals(2, bad.code());
        assertTrue(bad.err().startsWith("vramsheet calc: --ollama-gpu-overhead: "), bad.err());
        CliTest.Run notOllama = run("calc", FILE, "--ollama-gpu-overhead", "1GiB");
        assertEquals("vramsheet calc: --ollama-gpu-overhead: an Ollama setting, and the engine is llama.cpp (add --engine ollama)\n",
                notOllama.err());
    }
}
