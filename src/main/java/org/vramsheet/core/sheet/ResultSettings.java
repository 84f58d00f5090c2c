package org.vramsheet.core.sheet;

/**
 * RESULT inputs: the headroom kept free, the scenario that sizes the budget, the context length
 * at which maximum concurrency is reported (null: the engine's max model length), and the concurrent
 * sequences the fleet must hold (null: no fleet target).
 */
public record ResultSettings(Long headroomBytes, ScenarioId sizingScenario, Long contextLength, Long targetSequences) {
    public ResultSettings {
        headroomBytes = headroomBytes == null ? 0L : headroomBytes;
        sizingScenario = sizingScenario == null ? ScenarioId.LIMIT : sizingScenario;
    }


    public static ResultSettings defaults() { return new ResultSettings(0L, ScenarioId.LIMIT, null, null); }

    // copy methods: an edit changes only the field it names

    public ResultSettings withSizingScenario(ScenarioId sizingScenario) {
        return new ResultSettings(headroomBytes, sizingScenario, contextLength, targetSequences);
    }

    public ResultSettings withContextLength(Long contextLength) {
        return new ResultSettings(headroomBytes, sizingScenario, contextLength, targetSequences);
    }

    public ResultSettings withTargetSequences(Long targetSequences) {
        return new ResultSettings(headroomBytes, sizingScenario, contextLength, targetSequences);
    }
}
