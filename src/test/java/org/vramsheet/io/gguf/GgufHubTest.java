package org.vramsheet.io.gguf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.vramsheet.io.hub.HubClient;
import org.vramsheet.io.hub.HubException;

/**
 * GGUF headers from a Hub-like loopback server by HTTP Range: a 1 GiB model of which only the header travels, a
 * header larger than the first range, a server that ignores Range, the cap, split parts, a token and a redirect to
 * another origin. Nothing leaves the machine.
 */
class GgufHubTest {
    private static final long GIB = 1L << 30;
    private RangeServer hub;

    @BeforeEach
    void start() throws IOException {
        hub = new RangeServer();
    }

    @AfterEach
    void stop() {
        hub.close();
    }

    /** A model whose tokenizer makes the header about 20 x tokens bytes, with two 512 MiB F16 tensors after it. */
    static GgufWriter model(int tokens) {
        List<String> vocab = new ArrayList<>(tokens);
        for (int i = 0; i < tokens; i++) {
            vocab.add("token_" + Integer.toString(1_000_000 + i).substring(1));
        }
        return new GgufWriter().str("general.architecture", "llama").u32("llama.block_count", 1)
                .arr("tokenizer.ggml.tokens", GgufWriter.STR, vocab)
                .tensor("blk.0.ffn_up.weight", 1, 16_384, 16_384).tensor("blk.0.ffn_down.weight", 1, 16_384, 16_384);
    }

    private void serve(String id, String file, GgufWriter w) {
        byte[] head = w.header();
        hub.put(id, "main", file, head, head.length + w.dataBytes());
    }

    private GgufFile read(String spec, String token) throws Exception {
        HubClient c = new HubClient(hub.endpoint(), token, Duration.ofSeconds(10));
        return GgufHub.read(c, GgufHub.Spec.parse(spec), new AtomicBoolean());
    }

    @Test
    void aHeaderLargerThanTheFirstRangeIsReadByASecondOne() throws Exception {
        GgufWriter w = model(150_000);
        serve("acme/big", "big-Q8_0.gguf", w);
        GgufFile f = read("acme/big:big-Q8_0.gguf", null);
        GgufFile local = GgufReader.read(new ByteArrayInputStream(w.header()), "local", GgufReader.DEFAULT_BUDGET);
        assertEquals(local.metadata(), f.metadata());
        assertEquals(150_000, ((List<?>) f.metadata().get("tokenizer.ggml.tokens")).size());
        assertEquals(List.of("bytes=0-2097151", "bytes=2097152-4194303"), hub.ranges);
        assertEquals(4L << 20, hub.sent.get(), "4 MiB of a file of " + (w.header().length + w.dataBytes()) + " bytes");
        assertEquals(GIB, GgufWeights.of(f).totalBytes(), "two 16,384 x 16,384 F16 tensors");
        assertEquals(hub.endpoint() + "/acme/big/resolve/main/big-Q8_0.gguf", f.source());
    }

    @Test
    void aServerThatIgnoresRangeIsReadOnlyAsFarAsNeeded() throws Exception {
        hub.ignoreRange = true;
        GgufWriter w = model(150_000);
        serve("acme/big", "big.gguf", w);
        GgufFile f = read("acme/big:big.gguf", null);
        assertEquals(2, f.tensors().size());
        long size = w.header().length + w.dataBytes();
        assertTrue(hub.sent.get() < 64L << 20, "sent " + hub.sent.get() + " bytes of " + size + " (two answers cut short)");
        System.out.println("range ignored: the server wrote " + hub.sent.get() + " bytes of a " + size + "-byte file");
    }

    @Test
    void aHeaderBeyondTheCapIsRefusedSayingSo() {
        serve("acme/huge", "huge.gguf", model(200_000));
        HubClient c = new HubClient(hub.endpoint(), null, Duration.ofSeconds(10));
        GgufException e = assertThrows(GgufException.class, () -> GgufHub.read(c,
                GgufHub.Spec.parse("acme/huge:huge.gguf"), new AtomicBoolean(), 3 << 20));
        assertTrue(e.getMessage().startsWith("the header is larger than the 3,145,728 bytes this reader reads: refused at "
                + "byte "), e.getMessage());
        assertTrue(e.getMessage().endsWith("inside key \"tokenizer.ggml.tokens\""), e.getMessage());
        assertEquals(List.of("bytes=0-2097151", "bytes=2097152-3145727"), hub.ranges, "never past the cap");
        assertEquals(64 << 20, GgufHub.CAP);
    }

    @Test
    void aSplitModelIsReadPartByPartAndAMissingPartIsNamed() throws Exception {
        for (int k = 0; k < 2; k++) {
            serve("acme/split", String.format("Q4_K_M/m-%05d-of-00002.gguf", k + 1), GgufSplitTest.part(k, 2, 4));
        }
        GgufFile f = read("acme/split:Q4_K_M/m-00001-of-00002.gguf", null);
        assertEquals(List.of(0, 0, 1, 1), f.tensors().stream().map(GgufTensor::part).toList());
        serve("acme/half", "Q4_K_M/m-00001-of-00002.gguf", GgufSplitTest.part(0, 2, 4));
        HubException e = assertThrows(HubException.class, () -> read("acme/half:Q4_K_M/m-00001-of-00002.gguf", null));
        assertEquals(HubException.Kind.NOT_FOUND, e.kind());
        assertEquals("part 2 of the split model is missing: no file \"Q4_K_M/m-00002-of-00002.gguf\" in acme/half at "
                + "revision 'main' on " + hub.endpoint() + " (HTTP 404)", e.getMessage());
    }

    @Test
    void aGatedModelNeedsTheTokenWhichNeverLeavesTheHubsOrigin() throws Exception {
        try (RangeServer cdn = new RangeServer()) {
            GgufWriter w = new GgufWriter().str("general.architecture", "llama").tensor("output.weight", 0, 8);
            byte[] head = w.header();
            cdn.put("acme/gated", "main", "g.gguf", head, head.length + w.dataBytes());
            hub.token = "hf_test_token_28";
            hub.redirectTo = cdn.endpoint();
            HubException gated = assertThrows(HubException.class, () -> read("acme/gated:g.gguf", null));
            assertEquals(HubException.Kind.GATED, gated.kind());
            GgufFile f = read("acme/gated:g.gguf", "hf_test_token_28");
            assertEquals("llama", f.architecture());
            assertEquals(List.of("null"), cdn.authorizations, "the CDN got no token");
            assertEquals(List.of("bytes=0-2097151"), cdn.ranges, "the range follows the redirect");
        }
    }

    @Test
    void aMissingFileAndBadSpecsAreSaid() {
        HubException e = assertThrows(HubException.class, () -> read("acme/none:x.gguf", null));
        assertEquals("no file \"x.gguf\" in acme/none at revision 'main' on " + hub.endpoint() + " (HTTP 404)",
                e.getMessage());
        assertEquals(new GgufHub.Spec("acme/m", "v1.0", "dir/m-Q4_K_M.gguf"), GgufHub.Spec.parse("acme/m@v1.0:dir/m-Q4_K_M.gguf"));
        assertEquals(new GgufHub.Spec("acme/m", null, "m.gguf"), GgufHub.Spec.parse(" acme/m:m.gguf "));
        assertNull(GgufHub.Spec.parse("acme/m"));
        assertNull(GgufHub.Spec.parse("https://huggingface.co/acme/m:m.gguf"));
        assertNull(GgufHub.Spec.parse("acme/m:config.json"));
    }
}
