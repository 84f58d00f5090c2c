package org.vramsheet.core.validation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Model names: the family and the parameter sizes a log's and a sheet's model IDs give (issue 25, point 3). */
class ModelNameTest {
    private static boolean differ(String a, String b) {
        return ModelName.of(a).differs(ModelName.of(b));
    }

    @Test
    void sizesAreRead() {
        assertEquals(8e9, ModelName.of("meta-llama/Llama-3.1-8B-Instruct").size());
        assertEquals(70e9, ModelName.of("meta-llama/Llama-3.1-70B-Instruct").size());
        assertEquals(405e9, ModelName.of("meta-llama/Llama-3.1-405B").size());
        assertEquals(1.5e9, ModelName.of("Qwen/Qwen2.5-1.5B-Instruct").size());
        assertEquals(30e9, ModelName.of("Qwen/Qwen3-30B-A3B").size());
        assertEquals(3e9, ModelName.of("Qwen/Qwen3-30B-A3B").active());
        assertEquals(56e9, ModelName.of("mistralai/Mixtral-8x7B-v0.1").size());
        assertEquals(135e6, ModelName.of("HuggingFaceTB/SmolLM-135M").size());
        assertEquals(null, ModelName.of("microsoft/phi-4").size(), "no size in the name");
        assertEquals(null, ModelName.of("microsoft/Phi-3-mini-4k-instruct").size(), "4k is a context, not a size");
        assertEquals("llama", ModelName.of("/models/Llama-3.1-8B").family(), "a local path's last part");
    }

    @Test
    void anotherSizeOrFamilyIsAnotherModel() {
        assertTrue(differ("meta-llama/Llama-3.1-8B-Instruct", "meta-llama/Llama-3.1-70B-Instruct"));
        assertTrue(differ("Qwen/Qwen3-30B-A3B", "Qwen/Qwen3-235B-A22B"));
        assertTrue(differ("deepseek-ai/DeepSeek-V2-Lite-Chat", "meta-llama/Llama-3.1-70B-Instruct"));
        assertTrue(differ("mistralai/Mixtral-8x7B-v0.1", "mistralai/Mistral-7B-v0.1"));
        assertTrue(differ("openai/gpt-oss-20b", "openai/gpt-oss-120b"));
    }

    @Test
    void variantsOfOneModelAreNot() {
        assertFalse(differ("Qwen/Qwen2-7B-Instruct", "Qwen/Qwen2.5-7B-Instruct"), "same family and size");
        assertFalse(differ("hugging-quants/Meta-Llama-3.1-70B-Instruct-AWQ-INT4", "meta-llama/Llama-3.1-70B-Instruct"));
        assertFalse(differ("nvidia/Llama-3.1-70B-Instruct-FP8", "meta-llama/Llama-3.1-70B-Instruct"));
        assertFalse(differ("google/gemma-2-9b-it", "google/gemma-2-9b"));
        assertFalse(differ("NousResearch/Hermes-3-Llama-3.1-8B", "meta-llama/Llama-3.1-8B-Instruct"), "a fine-tune names its base");
        assertFalse(differ("microsoft/phi-4", "microsoft/Phi-4"));
    }
}
