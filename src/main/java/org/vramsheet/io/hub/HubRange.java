package org.vramsheet.io.hub;

import java.io.InputStream;
import java.net.http.HttpResponse;
import java.util.concurrent.atomic.AtomicBoolean;
import org.vramsheet.io.Messages;

/**
 * One ranged read of a file in a model repository ({@link HubClient#range}): {@code /ID/resolve/REV/FILE} with a
 * {@code Range: bytes=FROM-TO} header. A 206 must start where it was asked to; a 200 (the server ignored the range)
 * is read only up to the range's end, the bytes before it dropped, and then closed; a 416 (past the end) gives no
 * bytes; a 404 names the file.
 */
final class HubRange {
    private HubRange() { }

    static HubClient.Ranged read(HubClient hub, String id, String rev, String file, HubBody.Window w,
                                 AtomicBoolean cancelled) throws HubException {
        if (!HubClient.isModelId(id)) {
            throw new HubException(HubException.Kind.NOT_FOUND, "'" + id + "' is not a Hub model ID (org/name)");
        }
        long deadline = hub.deadlineFromNow();
        HttpResponse<InputStream> r = hub.open("/" + id + "/resolve/" + HubClient.enc(rev) + "/"
                + HubClient.encPath(file, id), "bytes=" + w.skip() + "-" + (w.skip() + w.max() - 1), cancelled, deadline, id);
        String range = r.headers().firstValue("Content-Range").orElse("");
        if (r.statusCode() == 416) {
            HubBody.quietClose(r.body());
            return new HubClient.Ranged(new byte[0], HubClient.rangeTotal(range), false);
        }
        if (r.statusCode() == 404) {
            HubBody.quietClose(r.body());
            throw new HubException(HubException.Kind.NOT_FOUND, "no file " + Messages.quote(file) + " in " + id
                    + " at revision '" + rev + "' on " + hub.endpoint() + " (HTTP 404)");
        }
        hub.status(r, id, rev);
        if (r.statusCode() == 206) {
            if (!range.matches("bytes " + w.skip() + "-[0-9]+/([0-9]+|\\*)")) {
                HubBody.quietClose(r.body());
                throw new HubException(HubException.Kind.BAD_RESPONSE, id + ": asked for " + file + " from byte "
                        + w.skip() + ", the server sent " + Messages.quote(range.isEmpty() ? "no Content-Range" : range));
            }
            byte[] body = HubBody.read(r.body(), deadline, cancelled, id, new HubBody.Window(0, w.max(), true),
                    () -> hub.deadlineExceeded(id));
            return new HubClient.Ranged(body, HubClient.rangeTotal(range), false);
        }
        if (w.skip() + w.max() > HubClient.MAX_BODY) {
            HubBody.quietClose(r.body());
            throw new HubException(HubException.Kind.BAD_RESPONSE, id + ": " + hub.endpoint() + " ignores Range requests,"
                    + " and bytes " + w.skip() + " to " + (w.skip() + w.max() - 1) + " of " + file + " would mean "
                    + "downloading more than " + HubClient.MAX_BODY / (1024 * 1024) + " MiB of it: refused");
        }
        long size = r.headers().firstValueAsLong("Content-Length").orElse(-1);
        byte[] body = HubBody.read(r.body(), deadline, cancelled, id, w, () -> hub.deadlineExceeded(id));
        return new HubClient.Ranged(body, size, true);
    }
}
