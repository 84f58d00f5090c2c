package org.vramsheet.core.sheet;

/**
 * RESULT inputs: the headroom kept free, the scenario that sizes the budget, the context length
 * at which maximum concurrency is reported (null: the engine's max model length), and the concurrent
 * sequences the fleet must hold (null: no fleet target); from version 8 the latency targets (null: none) and the price
 * per GPU-hour (null: none; typed in any currency).
 */
public record ResultSettings(Long headroomBytes, ScenarioId sizingScenario, Long contextLength, Long targetSequences,
                             SlaTargets sla, Double pricePerGpuHour) {
    public ResultSettings {
        headroomBytes = headroomBytes == null ? 0L : headroomBytes;
        sizingScenario = sizingScenario == null ? ScenarioId.LIMIT : sizingScenario;
    }


    /** Without latency targets or a price (sheets and tests that size memory only). */
    public ResultSettings(Long headroomBytes, ScenarioId sizingScenario, Long contextLength, Long targetSequences) {
        this(headroomBytes, sizingScenario, contextLength, targetSequences, null, null);
    }

    public static ResultSettings defaults() { return new ResultSettings(0L, ScenarioId.LIMIT, null, null); }

    /** The targets, never null. */
    public SlaTargets targets() { return sla == null ? SlaTargets.none() : sla; }

    // copy methods: an edit changes only the field it names

    public ResultSettings withSizingScenario(ScenarioId sizingScenario) {
        return new ResultSettings(headroomBytes, sizingScenario, contextLength, targetSequences, sla, pricePerGpuHour);
    }

    public ResultSettings withContextLength(Long contextLength) {
        return new ResultSettings(headroomBytes, sizingScenario, contextLength, targetSequences, sla, pricePerGpuHour);
    }

    public ResultSettings withTargetSequences(Long targetSequences) {
        return new ResultSettings(headroomBytes, sizingScenario, contextLength, targetSequences, sla, pricePerGpuHour);
    }

    public ResultSettings withSla(SlaTargets sla) {
        return new ResultSettings(headroomBytes, sizingScenario, contextLength, targetSequences, sla, pricePerGpuHour);
    }

    public ResultSettings withPricePerGpuHour(Double pricePerGpuHour) {
        return new ResultSettings(headroomBytes, sizingScenario, contextLength, targetSequences, sla, pricePerGpuHour);
    }
}
