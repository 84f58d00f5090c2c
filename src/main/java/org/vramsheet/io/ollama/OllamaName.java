package org.vramsheet.io.ollama;

import java.util.Locale;

/**
 * An Ollama model name, {@code [host/][namespace/]model[:tag]}, with Ollama's defaults (registry.ollama.ai, library,
 * latest) and its rules for each part (types/model/name.go {@code ParseName}, {@code isValidPart}): a part starts with a
 * letter, digit or '_', then letters, digits, '_', '-' and '.' (not in a namespace; a host may also hold ':'); a host is
 * 1 to 350 characters, the others 1 to 80. The tag is what follows the last ':' after the last '/'. Its manifest is
 * {@code manifests/<host>/<namespace>/<model>/<tag>} ({@code Name.Filepath}).
 */
public record OllamaName(String host, String namespace, String model, String tag) {
    public static final String DEFAULT_HOST = "registry.ollama.ai";
    public static final String DEFAULT_NAMESPACE = "library";
    public static final String DEFAULT_TAG = "latest";
    /** The prefix the CLI's import takes ({@code ollama:NAME[:TAG]}). */
    public static final String PREFIX = "ollama:";

    private enum Part { HOST, NAMESPACE, MODEL, TAG }

    /** Parses a name as Ollama does, a leading {@code ollama:} dropped; a part that breaks Ollama's rules is named. */
    public static OllamaName parse(String text) throws OllamaStoreException {
        if (text == null || text.isBlank()) {
            throw new OllamaStoreException("Ollama model name: empty");
        }
        String s = text.strip();
        if (s.regionMatches(true, 0, PREFIX, 0, PREFIX.length())) {
            s = s.substring(PREFIX.length());
        }
        if (s.length() > 600) {
            throw new OllamaStoreException("Ollama model name: " + s.length() + " characters, longer than any valid name");
        }
        s = stripScheme(s);
        String tag = DEFAULT_TAG;
        if (s.lastIndexOf(':') > s.lastIndexOf('/')) {
            tag = s.substring(s.lastIndexOf(':') + 1);
            s = s.substring(0, s.lastIndexOf(':'));
        }
        String[] parts = s.split("/", -1);
        if (parts.length > 3) {
            throw new OllamaStoreException("Ollama model name " + OllamaText.quote(text) + ": more than host/namespace/model");
        }
        String model = parts[parts.length - 1];
        String namespace = parts.length >= 2 ? parts[parts.length - 2] : DEFAULT_NAMESPACE;
        String host = parts.length == 3 ? parts[0] : DEFAULT_HOST;
        OllamaName n = new OllamaName(host, namespace, model, tag);
        check(text, Part.HOST, host);
        check(text, Part.NAMESPACE, namespace);
        check(text, Part.MODEL, model);
        check(text, Part.TAG, tag);
        return n;
    }

    /** "https://host/ns/model": the scheme is not part of the name's path (ParseNameBare cuts it off the host). */
    private static String stripScheme(String s) {
        int i = s.indexOf("://");
        return i < 0 || s.lastIndexOf('/', i) >= 0 ? s : s.substring(i + 3);
    }

    private static void check(String text, Part kind, String s) throws OllamaStoreException {
        String what = "Ollama model name " + OllamaText.quote(text) + ": the " + kind.name().toLowerCase(Locale.ROOT);
        int max = kind == Part.HOST ? 350 : 80;
        if (s.isEmpty()) {
            throw new OllamaStoreException(what + " is empty");
        }
        if (s.length() > max) {
            throw new OllamaStoreException(what + " has " + s.length() + " characters (at most " + max + ")");
        }
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            boolean ok = alnum(c) || i > 0 && (c == '-' || c == '.' && kind != Part.NAMESPACE || c == ':' && kind == Part.HOST);
            if (!ok) {
                throw new OllamaStoreException(what + " " + OllamaText.quote(s) + " has a character Ollama does not allow there: "
                        + OllamaText.quote(String.valueOf(c)));
            }
        }
    }

    private static boolean alnum(char c) {
        return c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_';
    }

    /** The name as Ollama shows it ({@code Name.DisplayShortest}): "llama3.2:latest", "user/model:tag". */
    public String display() {
        if (!host.equalsIgnoreCase(DEFAULT_HOST)) {
            return host + "/" + namespace + "/" + model + ":" + tag;
        }
        return (namespace.equalsIgnoreCase(DEFAULT_NAMESPACE) ? "" : namespace + "/") + model + ":" + tag;
    }

    /** The four directories of its manifest under {@code manifests/}. */
    public String[] pathParts() {
        return new String[] {host, namespace, model, tag};
    }
}
