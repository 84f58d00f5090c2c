package org.vramsheet.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintStream;
import java.util.Locale;
import org.vramsheet.core.units.Units;
import org.vramsheet.io.gguf.GgufListing;
import org.vramsheet.io.json.WorksheetJson;

/**
 * {@code import ORG/NAME} on a repository of GGUF files without config.json: the files to choose from (file, quantization,
 * size in GB and GiB; a split model once, its parts summed), as a table or, with {@code --json}, one object
 * ({@code modelId}, {@code revision}, {@code commit}, {@code ggufFiles}: {@code file}, {@code parts}, {@code quantization},
 * {@code bytes}, {@code import}; {@code setAside}). Nothing is imported: the caller exits with {@link Cli#BAD_INPUT}.
 */
final class GgufChoices {
    private GgufChoices() { }

    static void print(GgufListing l, boolean json, PrintStream out) {
        if (json) {
            out.println(WorksheetJson.shared().valueToTree(object(l)).toPrettyString());
            return;
        }
        out.println(l.modelId() + " at '" + l.revision() + "' (commit " + l.commit() + "): " + l.choices().size()
                + " GGUF model" + (l.choices().size() == 1 ? "" : "s") + ", no config.json");
        int w = Math.max(4, l.choices().stream().mapToInt(c -> label(c).length()).max().orElse(4));
        out.println(String.format(Locale.ROOT, "  %-" + w + "s  %-10s  %10s  %10s", "FILE", "QUANT", "GB", "GiB"));
        for (GgufListing.Choice c : l.choices()) {
            out.println(String.format(Locale.ROOT, "  %-" + w + "s  %-10s  %10s  %10s", label(c),
                    c.quantization() == null ? "?" : c.quantization(), size(c.bytes(), true), size(c.bytes(), false)));
        }
        l.setAside().forEach(s -> out.println("  set aside: " + s));
        if (!l.choices().isEmpty()) {
            out.println("Import one: vramsheet import " + l.choices().get(0).spec(l));
        }
    }

    private static String label(GgufListing.Choice c) {
        return c.file() + (c.parts().size() > 1 ? " (" + c.parts().size() + " parts)" : "");
    }

    private static String size(long bytes, boolean gb) {
        if (bytes < 0) {
            return "unknown";
        }
        return String.format(Locale.ROOT, "%.2f", gb ? Units.toGb(bytes) : Units.toGib(bytes));
    }

    private static ObjectNode object(GgufListing l) {
        ObjectNode o = WorksheetJson.shared().createObjectNode();
        o.put("modelId", l.modelId()).put("revision", l.revision()).put("commit", l.commit());
        ArrayNode files = o.putArray("ggufFiles");
        for (GgufListing.Choice c : l.choices()) {
            ObjectNode f = files.addObject().put("file", c.file());
            c.parts().forEach(f.putArray("parts")::add);
            f.put("quantization", c.quantization());
            if (c.bytes() < 0) {
                f.putNull("bytes");
            } else {
                f.put("bytes", c.bytes());
            }
            f.put("import", c.spec(l));
        }
        l.setAside().forEach(o.putArray("setAside")::add);
        return o;
    }
}
