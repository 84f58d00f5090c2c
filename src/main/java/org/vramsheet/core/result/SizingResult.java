package org.vramsheet.core.result;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.vramsheet.core.sheet.ScenarioId;
import org.vramsheet.core.input.Issue;

/** Every figure the worksheet computes, in a stable order, plus the validation issues. */
public final class SizingResult {
    private final Map<String, Figure> figures;
    private final List<Issue> issues;
    private final MemoryStacks memory;

    public SizingResult(Map<String, Figure> figures, List<Issue> issues, MemoryStacks memory) {
        this.figures = Collections.unmodifiableMap(new LinkedHashMap<>(figures));
        this.issues = List.copyOf(issues);
        this.memory = memory == null ? new MemoryStacks(0, Map.of()) : memory;
    }

    /** The figure with this key; an unknown key is a programming error. */
    public Figure get(FigureKey key) {
        Figure f = figures.get(key.id());
        if (f == null) {
            throw new IllegalArgumentException("no figure " + key);
        }
        return f;
    }

    /** One of a scenario's figures. */
    public Figure get(ScenarioId scenario, ScenarioFigure figure) { return get(FigureKey.scenario(scenario, figure)); }

    public Map<String, Figure> figures() { return figures; }

    public List<Issue> issues() { return issues; }

    /** The GPU-memory stacks per GPU (each segment is one of the figures). */
    public MemoryStacks memory() { return memory; }

    public boolean valid() { return issues.isEmpty(); }
}
