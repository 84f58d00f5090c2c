package org.vramsheet.ui.model;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.ObjectBinding;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import org.vramsheet.core.input.Fields;
import org.vramsheet.core.input.Issue;
import org.vramsheet.core.sheet.Scenario;
import org.vramsheet.core.sheet.ScenarioId;
import org.vramsheet.core.units.Units;

/** One of the TYPICAL / HEAVY / LIMIT workload columns. */
public final class WorkloadViewModel extends SectionViewModel {
    private final ScenarioId id;
    public final NumberInput inputTokens;
    public final NumberInput generatedTokens;
    public final NumberInput concurrentSequences;
    public final NumberInput sharedPrefixTokens;
    public final NumberInput sharedPrefixShare;
    /** Optional explicit sequence lengths, comma or space separated; each read as a token field reads it. */
    public final StringProperty sequenceLengths = watch(new SimpleStringProperty(""));
    private final BooleanProperty decimalComma = new SimpleBooleanProperty(false);
    private final ObjectBinding<List<TypedNumber.Read>> lengths;

    public WorkloadViewModel(ScenarioId id) {
        this.id = id;
        String p = "workloads." + id.key() + ".";
        inputTokens = number(p + "inputTokens", NumberInput.Kind.TOKENS, "tokens");
        generatedTokens = number(p + "generatedTokens", NumberInput.Kind.TOKENS, "tokens");
        concurrentSequences = number(p + "concurrentSequences", NumberInput.Kind.COUNT, "sequences");
        sharedPrefixTokens = number(p + "sharedPrefixTokens", NumberInput.Kind.TOKENS, "tokens");
        sharedPrefixShare = number(p + "sharedPrefixShare", NumberInput.Kind.DECIMAL, "of sequences");
        lengths = Bindings.createObjectBinding(() -> parts().stream()
                .map(part -> TypedNumber.read(part, NumberInput.Kind.TOKENS, "tokens", decimalComma.get())).toList(),
                sequenceLengths, decimalComma);
    }

    /** The first entry that is not a token count, as its reason; null when every entry is one. */
    private String lengthsError() {
        return lengths.get().stream().map(TypedNumber.Read::error).filter(Objects::nonNull).findFirst().orElse(null);
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
        sharedPrefixShare.load(s.sharedPrefixShare());
        showLengths(s.sequenceLengths());
    }

    /** "4_096, 131_072": "_" between thousands reads the same in either language. */
    private void showLengths(List<Long> values) {
        StringBuilder b = new StringBuilder();
        for (Long n : values) {
            b.append(b.length() == 0 ? "" : ", ").append(n == null ? "" : Units.grouped(n).replace(",", "_"));
        }
        sequenceLengths.set(b.toString());
    }

    @Override
    public void setDecimalComma(boolean on) {
        super.setDecimalComma(on);
        List<Long> before = lengthsError() == null ? values() : null;
        decimalComma.set(on);
        if (before != null && !before.equals(lengthsError() == null ? values() : null)) {
            showLengths(before); // what read as lengths still reads as the same lengths; what did not stays as typed
        }
    }

    private List<Long> values() {
        return lengths.get().stream().map(r -> r.value().longValue()).toList();
    }

    public Scenario snapshot() {
        List<Long> lens = lengthsError() == null ? values() : List.of();
        return new Scenario(inputTokens.longValue(), generatedTokens.longValue(), concurrentSequences.longValue(), lens,
                sharedPrefixTokens.longValue(), sharedPrefixShare.doubleValue());
    }

    @Override
    public void collectParseIssues(List<Issue> out) {
        super.collectParseIssues(out);
        String error = lengthsError();
        if (error != null) {
            String key = "workloads." + id.key() + ".sequenceLengths";
            out.add(new Issue(key, Fields.label(key), error));
        }
    }
}
