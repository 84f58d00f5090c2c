package org.vramsheet.hostile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.vramsheet.io.hub.FakeHub;
import org.vramsheet.io.hub.HubClient;
import org.vramsheet.io.hub.HubException;

/** A hostile Hub on loopback: redirects to another port, a trickling body, a huge body, hostile ids and file names. */
class HostileHubTest {
    private static final String SHA = "0123456789abcdef0123456789abcdef01234567";
    private HttpServer hub;
    private HttpServer other;
    private final AtomicReference<String> otherAuth = new AtomicReference<>("(no request)");
    private final AtomicReference<String> hubAuthAfterRedirect = new AtomicReference<>();

    @BeforeEach
    void start() throws IOException {
        other = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        other.createContext("/", x -> {
            otherAuth.set(String.valueOf(x.getRequestHeaders().getFirst("Authorization")));
            send(x, 404, "{}".getBytes(StandardCharsets.UTF_8));
        });
        other.start();
        hub = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        hub.setExecutor(Executors.newFixedThreadPool(4));
        hub.createContext("/", this::handle);
        hub.start();
    }

    @AfterEach
    void stop() {
        hub.stop(0);
        other.stop(0);
    }

    private String endpoint() { return "http://127.0.0.1:" + hub.getAddress().getPort(); }

    private void handle(HttpExchange x) throws IOException {
        String path = x.getRequestURI().getPath();
        if (path.equals("/api/models/acme/away/revision/main")) {
            x.getResponseHeaders().add("Location", "http://127.0.0.1:" + other.getAddress().getPort() + path);
            send(x, 302, new byte[0]);
        } else if (path.equals("/api/models/acme/here/revision/main")) {
            x.getResponseHeaders().add("Location", "/api/models/acme/here2/revision/main");
            send(x, 302, new byte[0]);
        } else if (path.equals("/api/models/acme/here2/revision/main")) {
            hubAuthAfterRedirect.set(x.getRequestHeaders().getFirst("Authorization"));
            send(x, 404, "{}".getBytes(StandardCharsets.UTF_8));
        } else if (path.equals("/api/models/acme/trickle/revision/main")) {
            x.sendResponseHeaders(200, 0);
            try (OutputStream o = x.getResponseBody()) {
                for (int i = 0; i < 300; i++) {
                    o.write(' ');
                    o.flush();
                    Thread.sleep(200);
                }
            } catch (IOException | InterruptedException e) {
                // the client gave up, as it should
            }
        } else if (path.equals("/api/models/acme/huge/revision/main")) {
            x.sendResponseHeaders(200, 0);
            byte[] chunk = new byte[1024 * 1024];
            java.util.Arrays.fill(chunk, (byte) ' ');
            try (OutputStream o = x.getResponseBody()) {
                for (int i = 0; i < 10 * 1024; i++) { // 10 GiB if nobody stops it
                    o.write(chunk);
                }
            } catch (IOException e) {
                // the client stopped reading, as it should
            }
        } else if (path.equals("/api/models/acme/badsha/revision/main")) {
            send(x, 200, "{\"sha\":\"abc def'\\\"\",\"siblings\":[{\"rfilename\":\"config.json\"}]}".getBytes(StandardCharsets.UTF_8));
        } else if (path.equals("/api/models/acme/names/revision/main")) {
            send(x, 200, ("{\"sha\":\"" + SHA + "\",\"siblings\":[{\"rfilename\":\"config.json\"},"
                    + "{\"rfilename\":\"a b%zz.safetensors\"}]}").getBytes(StandardCharsets.UTF_8));
        } else if (path.equals("/acme/names/resolve/" + SHA + "/config.json")) {
            send(x, 200, FakeHub.resource("/configs/meta-llama__Llama-3.1-8B-Instruct.json").getBytes(StandardCharsets.UTF_8));
        } else if (path.equals("/acme/names/resolve/" + SHA + "/a b%zz.safetensors")) {
            byte[] file = FakeHub.safetensors("BF16", 64, "F32", 16);
            String range = x.getRequestHeaders().getFirst("Range");
            String[] se = range.substring("bytes=".length()).split("-");
            int s = Integer.parseInt(se[0]);
            int e = Math.min(Integer.parseInt(se[1]), file.length - 1);
            send(x, 206, java.util.Arrays.copyOfRange(file, s, e + 1));
        } else {
            send(x, 404, "{}".getBytes(StandardCharsets.UTF_8));
        }
    }

    private static void send(HttpExchange x, int code, byte[] body) throws IOException {
        x.sendResponseHeaders(code, body.length == 0 ? -1 : body.length);
        try (OutputStream o = x.getResponseBody()) {
            o.write(body);
        }
    }

    private HubClient client(Duration timeout) {
        return new HubClient(endpoint(), FakeHub.TOKEN, timeout);
    }

    /** Seen: a 302 to another port received "Authorization: Bearer ...". */
    @Test
    void theTokenNeverFollowsARedirectToAnotherOrigin() {
        assertThrows(HubException.class, () -> client(Duration.ofSeconds(5)).fetch("acme/away", "main", (a, b) -> { },
                new AtomicBoolean()));
        assertEquals("null", otherAuth.get(), "the other port saw the request but no Authorization header");
        assertThrows(HubException.class, () -> client(Duration.ofSeconds(5)).fetch("acme/here", "main", (a, b) -> { },
                new AtomicBoolean()));
        assertEquals("Bearer " + FakeHub.TOKEN, hubAuthAfterRedirect.get(), "a redirect within the Hub keeps the token");
    }

    /** Seen: the timeout covered only the headers; a trickling body kept the import going indefinitely. */
    @Test
    void aTricklingBodyStopsAtTheDeadline() {
        HubException e = assertTimeoutPreemptively(Duration.ofSeconds(15), () -> assertThrows(HubException.class,
                () -> client(Duration.ofSeconds(1)).fetch("acme/trickle", "main", (a, b) -> { }, new AtomicBoolean())));
        assertEquals(HubException.Kind.TIMEOUT, e.kind(), e.getMessage());
        assertTrue(e.getMessage().contains("did not finish its answer within 3 s"), e.getMessage());
    }

    /** Seen: a 10 GB body ran out of memory. */
    @Test
    void aHugeBodyIsRefused() {
        HubException e = assertTimeoutPreemptively(Duration.ofSeconds(30), () -> assertThrows(HubException.class,
                () -> client(Duration.ofSeconds(20)).fetch("acme/huge", "main", (a, b) -> { }, new AtomicBoolean())));
        assertTrue(e.getMessage().contains("larger than 64 MiB"), e.getMessage());
    }

    /** Seen: a commit sha with a space or quote, and a shard named "a b%zz.safetensors", threw from the URL builder. */
    @Test
    void hostileIdsAndFileNames() throws Exception {
        HubException e = assertThrows(HubException.class, () -> client(Duration.ofSeconds(5)).fetch("acme/badsha", "main",
                (a, b) -> { }, new AtomicBoolean()));
        assertTrue(e.getMessage().contains("not a 40-digit hex id"), e.getMessage());
        HubClient.Fetched f = client(Duration.ofSeconds(5)).fetch("acme/names", "main", (a, b) -> { }, new AtomicBoolean());
        assertEquals(SHA, f.commit());
        assertEquals(64L, f.dtypeBytes().get("BF16"), "the escaped shard name was fetched and read");
        assertNull(f.indexTotalSize());
    }
}
