package org.vramsheet.io.ollama;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The one reader of the store's JSON objects: a manifest and a params blob are refused alike, each in its own words. */
class OllamaJsonTest {
    private static String refused(Executable e) {
        return assertThrows(OllamaStoreException.class, e::run).getMessage();
    }

    @FunctionalInterface
    private interface Executable {
        void run() throws OllamaStoreException;
    }

    @Test
    void bothReadersRefuseTheSameWay() {
        assertEquals("m: not a manifest (a JSON object with layers)", refused(() -> OllamaManifest.parse("[1]", "m")));
        assertEquals("p: not a JSON object of parameters", refused(() -> OllamaParams.parseBlob("7", "p")));
        assertTrue(refused(() -> OllamaManifest.parse("{", "m")).startsWith("m: not JSON ("));
        assertTrue(refused(() -> OllamaParams.parseBlob("{\"num_ctx\":", "p")).startsWith("p: not JSON ("));
        String big = " ".repeat(OllamaParams.MAX_BYTES + 1);
        assertEquals("p: " + big.length() + " characters, larger than a params blob can be",
                refused(() -> OllamaParams.parseBlob(big, "p")));
        assertEquals("m: 2 characters, larger than a manifest can be", refused(() -> OllamaJson.object("{}", "m", 1, "a manifest",
                "a manifest (a JSON object with layers)")));
        assertEquals("m: not an object of x", refused(() -> OllamaJson.object("null", "m", 10, "x", "an object of x")));
    }

    @Test
    void anObjectIsReadWhole() throws OllamaStoreException {
        assertEquals(4096, OllamaJson.object("{\"num_ctx\": 4096}", "p", 100, "x", "y").path("num_ctx").asInt());
        assertEquals(4096L, OllamaParams.parseBlob("{\"num_ctx\": 4096}", "p").numCtx());
    }
}
