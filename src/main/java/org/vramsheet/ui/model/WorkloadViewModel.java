package org.vramsheet.ui.model;

import java.util.ArrayList;
import java.util.List;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.StringBinding;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import org.vramsheet.core.input.Fields;
import org.vramsheet.core.input.Issue;
import org.vramsheet.core.sheet.Scenario;
import org.vramsheet.core.sheet.ScenarioId;
import org.vramsheet.core.units.Quantities;
import org.vramsheet.core.units.Units;

/** One of the TYPICAL / HEAVY / LIMIT workload columns. */
public final class WorkloadViewModel extends SectionViewModel {
    private final ScenarioId id;
    public final NumberInput inputTokens;
    public final NumberInput generatedTokens;
    public final NumberInput concurrentSequences;
    public final NumberInput sharedPrefixTokens;
    /** Optional explicit sequence lengths, comma or space separated. */
    public final StringProperty sequenceLengths = watch(new SimpleStringProperty(""));
    private final StringBinding lengthsError;

    public WorkloadViewModel(ScenarioId id) {
        this.id = id;
        String p = "workloads." + id.key() + ".";
        inputTokens = number(p + "inputTokens", NumberInput.Kind.COUNT, "tokens");
        generatedTokens = number(p + "generatedTokens", NumberInput.Kind.COUNT, "tokens");
        concurrentSequences = number(p + "concurrentSequences", NumberInput.Kind.COUNT, "sequences");
        sharedPrefixTokens = number(p + "sharedPrefixTokens", NumberInput.Kind.COUNT, "tokens");
        lengthsError = Bindings.createStringBinding(() -> {
            for (String part : parts()) {
                if (Quantities.parse(part) == null) {
                    return "not a whole number: '" + part + "'";
                }
            }
            return null;
        }, sequenceLengths);
    }

    public ScenarioId id() { return id; }

    private List<String> parts() {
        String t = sequenceLengths.get();
        List<String> out = new ArrayList<>();
        if (t == null || t.isBlank()) {
            return out;
        }
        for (String s : t.split("[;\\s]+|,\\s+")) {
            if (!s.isBlank()) {
                out.add(s.trim());
            }
        }
        return out;
    }

    public void load(Scenario s) {
        inputTokens.load(s.inputTokens());
        generatedTokens.load(s.generatedTokens());
        concurrentSequences.load(s.concurrentSequences());
        sharedPrefixTokens.load(s.sharedPrefixTokens());
        StringBuilder b = new StringBuilder();
        for (Long n : s.sequenceLengths()) {
            b.append(b.length() == 0 ? "" : ", ").append(n == null ? "" : Units.grouped(n).replace(",", "_"));
        }
        sequenceLengths.set(b.toString());
    }

    public Scenario snapshot() {
        List<Long> lens = new ArrayList<>();
        if (lengthsError.get() == null) {
            for (String part : parts()) {
                lens.add(Quantities.parse(part));
            }
        }
        return new Scenario(inputTokens.longValue(), generatedTokens.longValue(), concurrentSequences.longValue(), lens,
                sharedPrefixTokens.longValue());
    }

    @Override
    public void collectParseIssues(List<Issue> out) {
        super.collectParseIssues(out);
        if (lengthsError.get() != null) {
            String key = "workloads." + id.key() + ".sequenceLengths";
            out.add(new Issue(key, Fields.label(key), lengthsError.get()));
        }
    }
}
