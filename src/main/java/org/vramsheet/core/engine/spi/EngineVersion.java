package org.vramsheet.core.engine.spi;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** A dotted engine version such as 0.19.0 or v0.10.1.1, compared numerically. */
public record EngineVersion(int major, int minor, int patch) implements Comparable<EngineVersion> {
    private static final Pattern P = Pattern.compile("v?(\\d{1,4})(?:\\.(\\d{1,4}))?(?:\\.(\\d{1,4}))?(?:[.+\\-][0-9A-Za-z.+\\-]*)?");

    /** Parses a version, or returns null when the text is not one. */
    public static EngineVersion parse(String text) {
        if (text == null) {
            return null;
        }
        Matcher m = P.matcher(text.trim());
        if (!m.matches()) {
            return null;
        }
        return new EngineVersion(Integer.parseInt(m.group(1)), m.group(2) == null ? 0 : Integer.parseInt(m.group(2)),
                m.group(3) == null ? 0 : Integer.parseInt(m.group(3)));
    }

    public boolean atLeast(int maj, int min) {
        return compareTo(new EngineVersion(maj, min, 0)) >= 0;
    }

    @Override
    public int compareTo(EngineVersion o) {
        if (major != o.major) {
            return Integer.compare(major, o.major);
        }
        if (minor != o.minor) {
            return Integer.compare(minor, o.minor);
        }
        return Integer.compare(patch, o.patch);
    }

    @Override
    public String toString() { return major + "." + minor + "." + patch; }
}
