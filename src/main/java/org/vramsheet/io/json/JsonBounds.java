package org.vramsheet.io.json;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import org.vramsheet.core.units.Units;

/**
 * What a worksheet's text may hold before it is read into a tree: the tree of a 64 MiB file of small values takes
 * gigabytes, so a worksheet is refused past {@link #MAX_CHARS} characters or {@link #MAX_VALUES} JSON values (one
 * streaming pass, no tree). The largest real sheet (12 variants, each with three workloads of explicit sequence
 * lengths at their limit) holds about 400,000 values; a typical one a few hundred.
 */
final class JsonBounds {
    /** Characters of worksheet text: real sheets are KiB. */
    static final int MAX_CHARS = 16 << 20;
    /** JSON values (numbers, strings, objects, arrays...) in one worksheet. */
    static final int MAX_VALUES = 1_000_000;

    private JsonBounds() { }

    /** Null when the text is within the bounds, else why not (one line); JSON errors are left to the reader. */
    static String problem(String json) {
        if (json.length() > MAX_CHARS) {
            return "larger than a worksheet can be (" + (MAX_CHARS >> 20) + " MiB of text): refused";
        }
        int values = 0;
        try (JsonParser p = WorksheetJson.shared().getFactory().createParser(json)) {
            for (JsonToken t = p.nextToken(); t != null; t = p.nextToken()) {
                if (t.isScalarValue() || t.isStructStart()) {
                    values++;
                    if (values > MAX_VALUES) {
                        return "more than " + Units.grouped(MAX_VALUES) + " values, more than a worksheet holds: refused";
                    }
                }
            }
        } catch (IOException e) {
            return null; // not JSON: the reader says where and why
        }
        return null;
    }
}
