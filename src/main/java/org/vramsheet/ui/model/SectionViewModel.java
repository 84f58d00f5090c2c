package org.vramsheet.ui.model;

import java.util.ArrayList;
import java.util.List;
import javafx.beans.Observable;
import org.vramsheet.core.input.Issue;

/** Common part of the worksheet-section ViewModels: their numeric inputs and what they depend on. */
public abstract class SectionViewModel {
    private final List<NumberInput> numbers = new ArrayList<>();
    private final List<Observable> observables = new ArrayList<>();

    protected NumberInput number(String key, NumberInput.Kind kind, String unit) {
        NumberInput n = new NumberInput(key, kind, unit);
        numbers.add(n);
        // the value follows every change of the text; the parse error is derived from both, so one listener suffices
        observables.add(n.valueProperty());
        return n;
    }

    protected <T extends Observable> T watch(T o) {
        observables.add(o);
        return o;
    }

    public List<NumberInput> numbers() { return numbers; }

    /** Shows and reads the section's numbers in a language's style (see {@link NumberInput#setDecimalComma}). */
    public void setDecimalComma(boolean on) {
        numbers.forEach(n -> n.setDecimalComma(on));
    }

    /** Every property whose change changes this section's snapshot. */
    public List<Observable> observables() { return observables; }

    /** Text that is not a number, as issues for the calculator. */
    public void collectParseIssues(List<Issue> out) {
        for (NumberInput n : numbers) {
            String e = n.parseErrorProperty().get();
            if (e != null) {
                out.add(new Issue(n.key(), n.label(), e));
            }
        }
    }
}
