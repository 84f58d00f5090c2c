package org.vramsheet.io.hub;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.io.json.WorksheetJson;
import org.vramsheet.io.model.ConfigImporter;
import org.vramsheet.io.model.ModelImport;

/** The Hub client against a loopback server that answers like the Hub; nothing leaves the machine. */
class HubClientTest {
    static FakeHub hub;

    @BeforeAll
    static void start() throws Exception {
        hub = new FakeHub();
    }

    @AfterAll
    static void stop() {
        hub.close();
    }

    private static HubClient client(String token) {
        return new HubClient(hub.endpoint(), token, Duration.ofSeconds(1));
    }

    private static ModelImport fetch(HubClient c, String id) throws Exception {
        return ModelSources.fromHub(c, id, (a, b) -> { }, new AtomicBoolean());
    }

    @Test
    void importsConfigRevisionAndSafetensorsHeaders() throws Exception {
        List<String> progress = new ArrayList<>();
        ModelImport m = ModelSources.fromHub(client(null), "acme/tiny@v1.0", (a, b) -> progress.add(a + "/" + b),
                new AtomicBoolean());
        assertEquals("acme/tiny", m.model().modelId());
        assertEquals(FakeHub.SHA, m.model().revision(), "the resolved commit is recorded");
        assertEquals(80L, m.weights().checkpointBytes(), "64 B of BF16 + 16 B of F32 from the header");
        assertTrue(m.detected().stream().anyMatch(d -> d.startsWith("safetensors headers: BF16")), m.detected().toString());
        assertEquals("4/4", progress.get(progress.size() - 1));
        assertEquals(32, m.kv().layers());
    }

    /** Seen (issue 26): a header that breaks the format's rules still gave the exact checkpoint size. */
    @Test
    void aHeaderThatDoesNotCoverItsFileIsRefused() {
        HubException e = assertThrows(HubException.class, () -> fetch(client(null), "acme/padded"));
        assertEquals(HubException.Kind.BAD_RESPONSE, e.kind());
        assertTrue(e.getMessage().contains("model.safetensors: not a valid safetensors header: the tensors cover 80 bytes of "
                + "data, the file holds 84"), e.getMessage());
    }

    @Test
    void indexTotalSizeGivesExactBytes() throws Exception {
        ModelImport m = fetch(client(null), "acme/sharded");
        assertEquals(16_060_522_496L, m.weights().checkpointBytes());
        assertTrue(m.detected().stream().anyMatch(d -> d.contains("BF16") && d.contains("F32")), m.detected().toString());
    }

    @Test
    void gatedModelsNeedAToken() throws Exception {
        HubException e = assertThrows(HubException.class, () -> fetch(client(null), "acme/gated"));
        assertEquals(HubException.Kind.GATED, e.kind());
        assertTrue(e.getMessage().contains("accept its licence"), e.getMessage());
        HubException wrong = assertThrows(HubException.class, () -> fetch(client("hf_wrong"), "acme/gated"));
        assertTrue(wrong.getMessage().contains("token given was refused"));
        assertFalse(wrong.getMessage().contains("hf_wrong"), "the token never appears in a message");
        ModelImport m = fetch(client(FakeHub.TOKEN), "acme/gated");
        assertEquals("Bearer " + FakeHub.TOKEN, hub.lastAuthorization);
        assertEquals(32, m.kv().layers());
    }

    @Test
    void theTokenNeverReachesASavedFile(@TempDir Path dir) throws Exception {
        ModelImport m = fetch(client(FakeHub.TOKEN), "acme/gated");
        Worksheet ws = m.applyTo(WorksheetJson.read(Path.of("assets/samples/seed003-70b-int4-80gib.json")));
        Path f = dir.resolve("sheet.json");
        WorksheetJson.save(ws, f);
        assertFalse(Files.readString(f).contains(FakeHub.TOKEN));
        assertFalse(m.report().contains(FakeHub.TOKEN));
        assertFalse(client(FakeHub.TOKEN).toString().contains(FakeHub.TOKEN));
    }

    @Test
    void unknownModelOrRevisionIs404() {
        HubException model = assertThrows(HubException.class, () -> fetch(client(null), "acme/nothing"));
        assertEquals(HubException.Kind.NOT_FOUND, model.kind());
        HubException rev = assertThrows(HubException.class, () -> fetch(client(null), "acme/tiny@no-such-branch"));
        assertEquals(HubException.Kind.NOT_FOUND, rev.kind());
        assertTrue(rev.getMessage().contains("no-such-branch"), rev.getMessage());
    }

    @Test
    void slowServerTimesOut() {
        long t = System.nanoTime();
        HubException e = assertThrows(HubException.class, () -> fetch(client(null), "acme/slow"));
        assertEquals(HubException.Kind.TIMEOUT, e.kind(), e.getMessage());
        assertTrue(System.nanoTime() - t < 2_900_000_000L, "gave up before the server answered");
    }

    @Test
    void cancelStopsARequest() throws Exception {
        AtomicBoolean cancel = new AtomicBoolean();
        HubClient slow = new HubClient(hub.endpoint(), null, Duration.ofSeconds(10));
        Thread t = new Thread(() -> {
            try {
                Thread.sleep(300);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            cancel.set(true);
        });
        t.start();
        long start = System.nanoTime();
        HubException e = assertThrows(HubException.class,
                () -> ModelSources.fromHub(slow, "acme/slow", (a, b) -> { }, cancel));
        assertEquals(HubException.Kind.CANCELLED, e.kind());
        assertTrue(System.nanoTime() - start < 2_000_000_000L);
    }

    @Test
    void truncatedConfigIsAClearError() {
        var e = assertThrows(ConfigImporter.ImportException.class, () -> fetch(client(null), "acme/truncated"));
        assertTrue(e.getMessage().contains("truncated"), e.getMessage());
    }

    @Test
    void offlineIsSaidPlainly() {
        HubClient dead = new HubClient("http://127.0.0.1:1", null, Duration.ofSeconds(1));
        HubException e = assertThrows(HubException.class, () -> fetch(dead, "acme/tiny"));
        assertEquals(HubException.Kind.OFFLINE, e.kind());
        assertTrue(e.getMessage().contains("offline?"), e.getMessage());
    }

    @Test
    void environmentGivesEndpointAndToken() {
        HubClient c = HubClient.fromEnvironment(Map.of("HF_ENDPOINT", "http://mirror.local/", "HF_TOKEN", "t"), null,
                Duration.ofSeconds(1));
        assertEquals("http://mirror.local", c.endpoint());
        assertTrue(c.toString().contains("token set"));
        assertEquals(HubClient.DEFAULT_ENDPOINT, HubClient.fromEnvironment(Map.of(), null, Duration.ofSeconds(1)).endpoint());
    }

    /** The import dialog's check as typed: a page address, a space, two slashes or a stray character, each named. */
    @org.junit.jupiter.api.Test
    void aModelIdIsCheckedBeforeAnythingIsFetched() {
        org.junit.jupiter.api.Assertions.assertNull(HubClient.idProblem("meta-llama/Llama-3.1-8B-Instruct"));
        org.junit.jupiter.api.Assertions.assertNull(HubClient.idProblem("gpt2"));
        org.junit.jupiter.api.Assertions.assertTrue(HubClient.idProblem("https://huggingface.co/Qwen/Qwen3-8B")
                .startsWith("a page address"));
        org.junit.jupiter.api.Assertions.assertTrue(HubClient.idProblem("Qwen/Qwen3 8B").contains("no spaces"));
        org.junit.jupiter.api.Assertions.assertTrue(HubClient.idProblem("Qwen/Qwen3/8B").contains("one slash"));
        org.junit.jupiter.api.Assertions.assertTrue(HubClient.idProblem("Qwen/").contains("one slash"));
        org.junit.jupiter.api.Assertions.assertTrue(HubClient.idProblem("Qwen/Qwen3-8B?x=1").contains("letters, digits"));
        org.junit.jupiter.api.Assertions.assertTrue(HubClient.idProblem("  ").startsWith("give a model ID"));
    }
}
