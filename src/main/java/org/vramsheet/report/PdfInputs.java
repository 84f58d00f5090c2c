package org.vramsheet.report;

import java.util.ArrayList;
import java.util.List;
import org.vramsheet.core.input.InputDecl;
import org.vramsheet.core.input.InputDecl.Section;
import org.vramsheet.core.input.InputDecl.Shown;
import org.vramsheet.core.input.InputText;
import org.vramsheet.core.input.Inputs;
import org.vramsheet.core.sheet.ScenarioId;
import org.vramsheet.core.sheet.Worksheet;

/** The PDF's input rows, one per declared input ({@link Inputs}): a section's rows and the workload table's. */
final class PdfInputs {
    private PdfInputs() { }

    /** The section whose title a report section has, or null. */
    static Section section(String title) {
        for (Section s : Section.values()) {
            if (s.title().equals(title)) {
                return s;
            }
        }
        return null;
    }

    /** Label and value of each input a section shows as a row. */
    static List<String[]> rows(Worksheet ws, Section section) {
        List<String[]> out = new ArrayList<>();
        for (InputDecl d : Inputs.of(section, Shown.ROW)) {
            out.add(new String[] {d.label(), InputText.of(d, Inputs.value(ws, d.key()))});
        }
        return out;
    }

    /** The workload inputs: a label, then the Typical, Heavy and Limit values. */
    static List<String[]> workloads(Worksheet ws) {
        List<String[]> out = new ArrayList<>();
        String first = ScenarioId.values()[0].key();
        for (InputDecl d : Inputs.of(Section.WORKLOADS, Shown.WORKLOAD)) {
            if (!d.key().startsWith("workloads." + first + ".")) {
                continue;
            }
            List<String> row = new ArrayList<>(List.of(d.label()));
            for (ScenarioId id : ScenarioId.values()) {
                InputDecl each = Inputs.get("workloads." + id.key() + "." + d.field());
                row.add(InputText.of(each, Inputs.value(ws, each.key())));
            }
            out.add(row.toArray(String[]::new));
        }
        return out;
    }

    /** Whether a workload table row is one of the declared inputs (the rest are results). */
    static boolean isInput(String label) {
        return Inputs.of(Section.WORKLOADS, Shown.WORKLOAD).stream().anyMatch(d -> d.label().equals(label));
    }
}
