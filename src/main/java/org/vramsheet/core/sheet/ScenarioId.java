package org.vramsheet.core.sheet;

import java.util.Locale;

/** The three SS-007 workloads. */
public enum ScenarioId {
    TYPICAL("Typical"), HEAVY("Heavy"), LIMIT("Limit");

    private final String label;

    ScenarioId(String label) { this.label = label; }

    public String label() { return label; }

    public String key() { return name().toLowerCase(Locale.ROOT); }
}
