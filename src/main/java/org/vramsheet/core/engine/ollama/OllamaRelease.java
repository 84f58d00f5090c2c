package org.vramsheet.core.engine.ollama;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An Ollama release, {@code major.minor.patch} ("0.12.3", "v0.6.8", "0.30.0-rc2" as 0.30.0); ordered. A blank version is
 * the newest release whose rules this module knows ({@link #NEWEST}).
 */
public record OllamaRelease(int major, int minor, int patch) implements Comparable<OllamaRelease> {
    /** The newest release read for these rules (v0.33.0-rc2, 2026-08). */
    public static final OllamaRelease NEWEST = new OllamaRelease(0, 33, 0);
    private static final Pattern VERSION = Pattern.compile("v?(\\d{1,4})\\.(\\d{1,4})(?:\\.(\\d{1,4}))?(?:[-+][0-9A-Za-z.-]{0,40})?");

    /** The release a version names, {@link #NEWEST} when blank; null when it is not a version ("latest", "0.x"). */
    public static OllamaRelease parse(String version) {
        if (version == null || version.isBlank()) {
            return NEWEST;
        }
        Matcher m = VERSION.matcher(version.strip());
        if (!m.matches()) {
            return null;
        }
        return new OllamaRelease(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)),
                m.group(3) == null ? 0 : Integer.parseInt(m.group(3)));
    }

    /** "0.6.7" as a release; for the rules' own constants. */
    static OllamaRelease of(String v) {
        return parse(v);
    }

    public boolean atLeast(OllamaRelease other) { return compareTo(other) >= 0; }

    public boolean before(OllamaRelease other) { return compareTo(other) < 0; }

    @Override
    public int compareTo(OllamaRelease o) {
        int c = Integer.compare(major, o.major);
        c = c != 0 ? c : Integer.compare(minor, o.minor);
        return c != 0 ? c : Integer.compare(patch, o.patch);
    }

    @Override
    public String toString() { return major + "." + minor + "." + patch; }
}
