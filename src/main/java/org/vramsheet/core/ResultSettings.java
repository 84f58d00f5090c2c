package org.vramsheet.core;

/**
 * RESULT inputs: the headroom kept free, the scenario that sizes the budget, and the context length
 * at which maximum concurrency is reported (null: the engine's max model length).
 */
public record ResultSettings(Long headroomBytes, ScenarioId sizingScenario, Long contextLength) {
    public ResultSettings {
        headroomBytes = headroomBytes == null ? 0L : headroomBytes;
        sizingScenario = sizingScenario == null ? ScenarioId.LIMIT : sizingScenario;
    }

    public static ResultSettings defaults() { return new ResultSettings(0L, ScenarioId.LIMIT, null); }
}
