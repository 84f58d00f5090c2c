package org.vramsheet.io.probe;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.Authenticator;
import java.net.CookieHandler;
import java.net.ProxySelector;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;
import org.junit.jupiter.api.Test;
import org.vramsheet.io.Secret;

/**
 * Seen (issue 26): after an out-of-memory error in the HTTP client the probe waited forever, as the client's own threads,
 * which enforce its timeout, were gone. The wait is the probe's own: a client that never completes a request times out.
 */
class ProbeDeadlineTest {
    /** An HTTP client whose requests never complete, as one whose selector thread died. */
    static final class StuckClient extends HttpClient {
        @Override
        public Optional<CookieHandler> cookieHandler() { return Optional.empty(); }

        @Override
        public Optional<Duration> connectTimeout() { return Optional.empty(); }

        @Override
        public Redirect followRedirects() { return Redirect.NEVER; }

        @Override
        public Optional<ProxySelector> proxy() { return Optional.empty(); }

        @Override
        public SSLContext sslContext() { return null; }

        @Override
        public SSLParameters sslParameters() { return null; }

        @Override
        public Optional<Authenticator> authenticator() { return Optional.empty(); }

        @Override
        public Version version() { return Version.HTTP_1_1; }

        @Override
        public Optional<Executor> executor() { return Optional.empty(); }

        @Override
        public <T> HttpResponse<T> send(HttpRequest r, HttpResponse.BodyHandler<T> h) throws IOException {
            throw new IOException("not used");
        }

        @Override
        public <T> CompletableFuture<HttpResponse<T>> sendAsync(HttpRequest r, HttpResponse.BodyHandler<T> h) {
            return new CompletableFuture<>();
        }

        @Override
        public <T> CompletableFuture<HttpResponse<T>> sendAsync(HttpRequest r, HttpResponse.BodyHandler<T> h,
                                                                HttpResponse.PushPromiseHandler<T> p) {
            return new CompletableFuture<>();
        }
    }

    @Test
    void aClientThatNeverAnswersTimesOut() {
        EngineProbe probe = new EngineProbe(URI.create("http://127.0.0.1:9/"), Secret.of("k", null), Duration.ofSeconds(1), null,
                new StuckClient());
        var e = assertTimeoutPreemptively(Duration.ofSeconds(5), () -> assertThrows(EngineProbe.ProbeException.class,
                probe::snapshot));
        assertTrue(e.getMessage().contains("v1/models: timed out after 1 s"), e.getMessage());
    }

    @Test
    void theRunsDeadlineComesFirst() {
        EngineProbe probe = new EngineProbe(URI.create("http://127.0.0.1:9/"), Secret.of("k", null), Duration.ofSeconds(30),
                Duration.ofSeconds(1), new StuckClient());
        var e = assertTimeoutPreemptively(Duration.ofSeconds(5), () -> assertThrows(EngineProbe.OutOfTime.class,
                probe::snapshot));
        assertTrue(e.getMessage().contains("the time limit (1 s) ran out"), e.getMessage());
    }
}
