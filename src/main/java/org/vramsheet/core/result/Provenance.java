package org.vramsheet.core.result;

import java.util.List;

/**
 * Where a number came from: the formula in symbols, the same formula with this sheet's numbers,
 * and the assumptions it rests on.
 */
public record Provenance(String formula, String expression, List<String> assumptions) {
    public Provenance {
        formula = formula == null ? "" : formula;
        expression = expression == null ? "" : expression;
        assumptions = assumptions == null ? List.of() : List.copyOf(assumptions);
    }

    public static Provenance of(String formula, String expression, String... assumptions) {
        return new Provenance(formula, expression, List.of(assumptions));
    }

    public static Provenance none() { return new Provenance("", "", List.of()); }
}
