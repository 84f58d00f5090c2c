package org.vramsheet.io.hub;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.vramsheet.io.Messages;

/**
 * A revision's files with their sizes, by one request: {@code GET /api/models/ID/revision/REV?blobs=true}, the call
 * huggingface_hub's {@code HfApi.model_info(files_metadata=True)} makes (src/huggingface_hub/hf_api.py). Its
 * {@code siblings} then carry {@code rfilename}, {@code size} and, for files in LFS, {@code lfs.size} (the file's real
 * size; {@code size} is the same for LFS files, the pointer's for none). The commit is {@code sha}.
 */
final class HubFiles {
    /** At most this many files are listed; a repository with more is refused, not cut short silently. */
    static final int MAX_FILES = 100_000;

    private HubFiles() { }

    static HubClient.Files read(HubClient hub, String id, String rev, AtomicBoolean cancelled) throws HubException {
        if (!HubClient.isModelId(id)) {
            throw new HubException(HubException.Kind.NOT_FOUND, "'" + id + "' is not a Hub model ID (org/name)");
        }
        JsonNode info = HubClient.json(hub.body("/api/models/" + id + "/revision/" + HubClient.enc(rev) + "?blobs=true",
                cancelled, id, rev), id);
        String sha = info.path("sha").asText("");
        if (!sha.matches("[0-9a-f]{40}")) {
            throw new HubException(HubException.Kind.BAD_RESPONSE, id + ": the Hub sent " + Messages.quote(sha)
                    + " as the commit, not a 40-digit hex id");
        }
        JsonNode siblings = info.path("siblings");
        if (!siblings.isArray()) {
            throw new HubException(HubException.Kind.BAD_RESPONSE, id + ": the Hub's answer lists no files ('siblings')");
        }
        if (siblings.size() > MAX_FILES) {
            throw new HubException(HubException.Kind.BAD_RESPONSE, id + ": the Hub lists " + siblings.size() + " files, more "
                    + "than the " + MAX_FILES + " read: refused");
        }
        List<HubClient.RepoFile> files = new ArrayList<>();
        for (JsonNode s : siblings) {
            String path = s.path("rfilename").asText("");
            HubClient.encPath(path, id); // refuses '..', control characters and overlong names
            files.add(new HubClient.RepoFile(path, size(s)));
        }
        return new HubClient.Files(id, rev, sha, files);
    }

    /** {@code lfs.size}, else {@code size}; -1 when neither is a whole number of bytes (the size is then unknown). */
    private static long size(JsonNode s) {
        JsonNode lfs = s.path("lfs").path("size");
        JsonNode v = lfs.canConvertToExactIntegral() ? lfs : s.path("size");
        return v.canConvertToExactIntegral() && v.canConvertToLong() && v.asLong() >= 0 ? v.asLong() : -1;
    }
}
