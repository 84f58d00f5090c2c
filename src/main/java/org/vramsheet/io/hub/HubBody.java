package org.vramsheet.io.hub;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;

/**
 * Reads an answer's body within its deadline and a size cap, whatever the server does: one that trickles or never
 * ends is closed by a watchdog at the deadline, one that sends too much is refused, and a window keeps only a part of
 * the body (a ranged read from a server that ignores Range) and closes the answer once it has it.
 */
final class HubBody {
    /** Closes bodies that outlive their deadline (a server that trickles or never ends). */
    private static final ScheduledExecutorService WATCHDOG =
            Executors.newSingleThreadScheduledExecutor(r -> {
                Thread t = new Thread(r, "hub-deadline");
                t.setDaemon(true);
                return t;
            });

    /**
     * Which part of a body to keep: {@code skip} bytes dropped, then at most {@code max} kept; {@code cut} stops there
     * and closes the answer, otherwise a longer body is refused.
     */
    record Window(long skip, int max, boolean cut) {
        static final Window WHOLE = new Window(0, HubClient.MAX_BODY, false);
    }

    private HubBody() { }

    /** The window's bytes of {@code in}; {@code late} makes the timeout's message. The stream is closed in any case. */
    static byte[] read(InputStream in, long deadline, AtomicBoolean cancelled, String id, Window w,
                       Supplier<HubException> late) throws HubException {
        long left = Math.max(1, deadline - System.nanoTime());
        var guard = WATCHDOG.schedule(() -> quietClose(in), left, TimeUnit.NANOSECONDS);
        try (in) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            byte[] buf = new byte[64 * 1024];
            long skip = w.skip();
            while (!w.cut() || skip > 0 || out.size() < w.max()) {
                // skipping: no more than is left to skip; cutting: no more than is left to keep
                int want = skip > 0 ? (int) Math.min(buf.length, skip)
                        : w.cut() ? Math.min(buf.length, w.max() - out.size()) : buf.length;
                int n = in.read(buf, 0, want);
                if (n < 0) {
                    break;
                }
                if (cancelled.get()) {
                    throw new HubException(HubException.Kind.CANCELLED, "cancelled");
                }
                if (skip > 0) {
                    skip -= n;
                } else if (out.size() + n > w.max()) {
                    throw new HubException(HubException.Kind.BAD_RESPONSE, id + ": the answer is larger than "
                            + HubClient.MAX_BODY / (1024 * 1024) + " MiB: refused");
                } else {
                    out.write(buf, 0, n);
                }
                if (System.nanoTime() > deadline) {
                    throw late.get();
                }
            }
            return out.toByteArray();
        } catch (IOException e) {
            if (System.nanoTime() >= deadline) {
                throw late.get();
            }
            throw new HubException(HubException.Kind.BAD_RESPONSE, id + ": the answer broke off ("
                    + e.getClass().getSimpleName() + ")");
        } finally {
            guard.cancel(false);
        }
    }

    static void quietClose(InputStream in) {
        try {
            in.close();
        } catch (IOException e) {
            // closing to stop a read: nothing more to do
        }
    }
}
