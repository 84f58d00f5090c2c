package org.vramsheet.core.sheet;

/** TYPICAL / HEAVY / LIMIT workloads. */
public record Workloads(Scenario typical, Scenario heavy, Scenario limit) {
    public Workloads {
        typical = typical == null ? Scenario.of(0, 0, 0) : typical;
        heavy = heavy == null ? Scenario.of(0, 0, 0) : heavy;
        limit = limit == null ? Scenario.of(0, 0, 0) : limit;
    }

    public Scenario get(ScenarioId id) {
        return switch (id) {
            case TYPICAL -> typical;
            case HEAVY -> heavy;
            case LIMIT -> limit;
        };
    }
}
