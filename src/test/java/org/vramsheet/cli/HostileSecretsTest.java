package org.vramsheet.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.vramsheet.io.hub.FakeHub;
import org.vramsheet.io.probe.HostileEngine;

/**
 * Issue 26, item 1: no secret on the console. Seen: {@code VRAMSHEET_API_KEY=$'sk-live-SECRET42\r' probe URL} (a key file
 * with Windows line endings) and {@code HF_TOKEN=$'hf_SECRET\nX' import acme/ok}: the JDK's header check threw and its
 * stack trace quoted the whole {@code Bearer ...} header. Every hostile case runs through the command line; every stream
 * it could reach (out and err, System.out and System.err, java.util.logging, an exception's stack trace) is searched
 * for the secret, and the server is checked to have been sent the trimmed key or nothing.
 */
class HostileSecretsTest {
    private static final String KEY = "sk-live-SECRET42";
    private HostileEngine engine;
    private FakeHub hub;
    private HttpServer echoHub;

    /** One case: the environment, the command line, the exit expected and what err must say. */
    record Case(String name, Map<String, String> env, List<String> args, int exit, String says) { }

    /** Everything one run printed or logged, anywhere. */
    record Seen(int code, String out, String err, String everywhere) { }

    @BeforeEach
    void start() throws IOException {
        engine = new HostileEngine();
        hub = new FakeHub();
        echoHub = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        echoHub.createContext("/", x -> {
            // a Hub that repeats the token back as the commit
            byte[] b = ("{\"sha\":\"" + x.getRequestHeaders().getFirst("Authorization") + "\",\"siblings\":[]}")
                    .getBytes(StandardCharsets.UTF_8);
            x.sendResponseHeaders(200, b.length);
            try (OutputStream o = x.getResponseBody()) {
                o.write(b);
            }
        });
        echoHub.start();
    }

    @AfterEach
    void stop() {
        engine.close();
        hub.close();
        echoHub.stop(0);
    }

    private Map<String, String> probeEnv(String key) { return Map.of("VRAMSHEET_API_KEY", key); }

    private Map<String, String> hubEnv(String endpoint, String token) {
        return Map.of("HF_TOKEN", token, "HF_ENDPOINT", endpoint, "HF_HUB_CACHE", "/nonexistent-vramsheet-cache");
    }

    private List<Case> cases() {
        String url = engine.url();
        List<String> probe = List.of("probe", url);
        List<String> json = List.of("probe", url, "--json");
        List<String> gated = List.of("import", "acme/gated");
        String endpoint = hub.endpoint();
        String echo = "http://127.0.0.1:" + echoHub.getAddress().getPort();
        return List.of(
                new Case("key with \\r (Windows line end)", probeEnv(KEY + "\r"), probe, 0, null),
                new Case("key with \\r\\n and spaces", probeEnv("  " + KEY + " \r\n"), json, 0, null),
                new Case("key with a line break inside", probeEnv("sk-live-\nSECRET42"), probe, 2, "VRAMSHEET_API_KEY holds a "
                        + "control character (a line break, tab or escape) at character 9 of 17"),
                new Case("key with \\r inside", probeEnv(KEY + "\rX"), probe, 2, "VRAMSHEET_API_KEY holds a control character"),
                new Case("key with an escape", probeEnv("sk-live-\u001b[31mSECRET42"), probe, 2, "VRAMSHEET_API_KEY holds a control"),
                new Case("key with a NUL at the end", probeEnv(KEY + "\u0000"), probe, 2, "VRAMSHEET_API_KEY holds a control"),
                new Case("key outside ASCII", probeEnv("sk-live-SECRET42\u00e9"), probe, 2, "outside printable ASCII"),
                new Case("wrong key", probeEnv("sk-live-SECRET41"), probe, 2, "unauthorised (HTTP 401); set the API key in "
                        + "VRAMSHEET_API_KEY"),
                new Case("token with a line break inside", hubEnv(endpoint, "hf_SECRET\nX"), List.of("import", "acme/ok"), 2,
                        "HF_TOKEN holds a control character"),
                new Case("token with a tab inside", hubEnv(endpoint, "hf_SECRET\tX"), gated, 2,
                        "HF_TOKEN holds a control character"),
                new Case("token with \\r\\n (Windows line end)", hubEnv(endpoint, FakeHub.TOKEN + "\r\n"), gated, 0, null),
                new Case("a Hub that echoes the token", hubEnv(echo, FakeHub.TOKEN), List.of("import", "acme/echo"), 2,
                        "as the commit, not a 40-digit hex id"));
    }

    @Test
    void noHostileCaseShowsTheSecret() {
        engine.requiredKey = KEY;
        for (Case c : cases()) {
            engine.authorizations.clear();
            Seen s = run(c);
            assertEquals(c.exit(), s.code(), c.name() + ": " + s.err());
            for (String secret : List.of("SECRET", "secret_test_token")) {
                assertFalse(s.everywhere().contains(secret), c.name() + " shows the secret: " + s.everywhere());
            }
            if (c.says() != null) {
                String[] lines = s.err().strip().split("\n");
                assertEquals(1, lines.length, c.name() + ": one line: " + s.err());
                assertTrue(lines[0].contains(c.says()), c.name() + ": " + lines[0]);
            }
            assertTrue(engine.authorizations.stream().allMatch(("Bearer " + KEY)::equals) || c.name().startsWith("wrong"),
                    c.name() + ": the engine was sent only the trimmed key " + engine.authorizations.size() + " times");
        }
    }

    /** A server that repeats the key back (in the model ID, in a redirect) gets it masked in the output and the notes. */
    @Test
    void anEchoedKeyIsMasked() {
        engine.requiredKey = KEY;
        engine.modelId = "acme/" + KEY;
        Seen s = run(new Case("model ID echoes the key", probeEnv(KEY), List.of("probe", engine.url()), 0, null));
        assertEquals(0, s.code(), s.err());
        assertTrue(s.out().contains("serving acme/***"), s.out());
        engine.redirectTo = "http://127.0.0.1:1/?key=" + KEY;
        Seen r = run(new Case("redirect echoes the key", probeEnv(KEY), List.of("probe", engine.url()), 2, null));
        assertTrue(r.err().contains("redirected (HTTP 302) to http://127.0.0.1:1/?key=***"), r.err());
        assertFalse(r.everywhere().contains("SECRET"), r.everywhere());
    }

    /** Runs one case with every place output could go captured. */
    private Seen run(Case c) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        ByteArrayOutputStream sys = new ByteArrayOutputStream();
        StringBuilder logged = new StringBuilder();
        Handler handler = new Handler() {
            @Override
            public void publish(LogRecord r) {
                logged.append(r.getLevel()).append(' ').append(r.getMessage()).append(' ').append(r.getThrown()).append('\n');
            }

            @Override
            public void flush() { }

            @Override
            public void close() { }
        };
        handler.setLevel(Level.ALL);
        Logger root = Logger.getLogger("");
        PrintStream oldOut = System.out;
        PrintStream oldErr = System.err;
        root.addHandler(handler);
        System.setOut(new PrintStream(sys, true, StandardCharsets.UTF_8));
        System.setErr(new PrintStream(sys, true, StandardCharsets.UTF_8));
        int code;
        StringWriter thrown = new StringWriter();
        try {
            code = assertTimeoutPreemptively(Duration.ofSeconds(20), () -> Cli.execute(c.args().toArray(String[]::new),
                    new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8),
                    c.env()));
        } catch (RuntimeException | Error e) {
            e.printStackTrace(new PrintWriter(thrown));
            code = -1;
        } finally {
            System.setOut(oldOut);
            System.setErr(oldErr);
            root.removeHandler(handler);
        }
        String o = out.toString(StandardCharsets.UTF_8);
        String e = err.toString(StandardCharsets.UTF_8);
        List<String> all = new ArrayList<>(List.of(o, e, sys.toString(StandardCharsets.UTF_8), logged.toString(), thrown.toString()));
        return new Seen(code, o, e + thrown, String.join("\n", all));
    }
}
