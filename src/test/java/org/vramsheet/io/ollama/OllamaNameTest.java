package org.vramsheet.io.ollama;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Names as Ollama's types/model/name.go parses them, defaults filled in, and a bad part named. */
class OllamaNameTest {
    @Test
    void defaultsAreOllamasRegistryLibraryAndLatest() throws Exception {
        assertEquals(new OllamaName("registry.ollama.ai", "library", "llama3.2", "latest"), OllamaName.parse("llama3.2"));
        assertEquals(new OllamaName("registry.ollama.ai", "library", "qwen3", "30b-a3b"), OllamaName.parse("ollama:qwen3:30b-a3b"));
        assertEquals(new OllamaName("registry.ollama.ai", "huihui_ai", "deepseek-r1", "8b"), OllamaName.parse("huihui_ai/deepseek-r1:8b"));
        assertEquals(new OllamaName("hf.co", "bartowski", "Llama-3.2-1B-Instruct-GGUF", "Q4_K_M"),
                OllamaName.parse("hf.co/bartowski/Llama-3.2-1B-Instruct-GGUF:Q4_K_M"));
        assertEquals(new OllamaName("localhost:5000", "me", "m", "latest"), OllamaName.parse("https://localhost:5000/me/m"));
        assertEquals("llama3.2:latest", OllamaName.parse("llama3.2").display());
        assertEquals("me/m:v1", OllamaName.parse("me/m:v1").display());
        assertEquals("hf.co/a/b:latest", OllamaName.parse("hf.co/a/b").display());
    }

    @Test
    void aPartOllamaWouldRefuseIsNamed() {
        assertTrue(message("").contains("empty"));
        assertTrue(message("llama3:").contains("the tag is empty"), message("llama3:"));
        assertTrue(message("a/b/c/d").contains("more than host/namespace/model"));
        assertTrue(message("my model").contains("the model"), message("my model"));
        assertTrue(message("my.ns/model").contains("the namespace"), message("my.ns/model"));
        assertTrue(message("-model").contains("the model"));
        assertTrue(message("m:" + "x".repeat(81)).contains("81 characters (at most 80)"));
        assertTrue(message("../etc/passwd").contains("the host '..' has a character Ollama does not allow"), message("../etc/passwd"));
        assertTrue(message("../../etc/passwd").contains("more than host/namespace/model"));
        assertTrue(message("x".repeat(10_000)).contains("longer than any valid name"));
    }

    private static String message(String name) {
        return assertThrows(OllamaStoreException.class, () -> OllamaName.parse(name)).getMessage();
    }
}
