package org.vramsheet.core.placement;

import java.util.ArrayList;
import java.util.List;
import org.vramsheet.core.engine.Engines;
import org.vramsheet.core.result.Figure;
import org.vramsheet.core.result.FigureKey;
import org.vramsheet.core.result.ScenarioFigure;
import org.vramsheet.core.result.SizingResult;
import org.vramsheet.core.sheet.ScenarioId;
import org.vramsheet.core.sheet.Worksheet;

/**
 * The planner's search over expert parallel (issue 30 point 4): whether a sheet has DP-attention layouts, the layouts a
 * compared choice tries, which result wins, and the engine's concurrency over its attention ranks.
 */
final class ExpertLayouts {
    private ExpertLayouts() { }

    /** Whether the sheet can place its experts over attention data-parallel ranks: a MoE on an engine with the rule. */
    static boolean experts(Worksheet ws) {
        Integer e = ws.weights().experts();
        return e != null && e > 1 && Engines.of(ws.runtime().engine()).expertRule() != null;
    }

    /** The engine's concurrency at RESULT's context: the pool's, x the attention ranks with an expert layout. */
    static Figure concurrency(SizingResult r) {
        Figure engine = r.figures().get(FigureKey.PLACEMENT_ENGINE_MAX_CONCURRENCY.id()); // a MoE's only
        return engine != null && engine.available() ? engine : r.get(FigureKey.POOL_MAX_CONCURRENCY);
    }

    /**
     * The layouts a compared choice tries: the first the model allows, and for a MoE the widest TP at each attention DP
     * (expert parallel); the one that holds the sizing scenario with the most sequences wins (the first on a tie).
     */
    static List<Planner.Layout> candidates(Worksheet ws, List<Planner.Layout> ls) {
        List<Planner.Layout> out = new ArrayList<>(List.of(ls.get(0)));
        int dp = 1;
        for (Planner.Layout l : ls) {
            if (l.dp() > dp) {
                out.add(l);
                dp = l.dp();
            }
        }
        return out;
    }

    /** Whether a layout's result beats another's: it holds the sizing scenario and the other does not, or more sequences. */
    static boolean better(SizingResult a, SizingResult b, ScenarioId sizing) {
        boolean fa = a.valid() && a.get(FigureKey.scenario(sizing, ScenarioFigure.FITS)).isTrue();
        boolean fb = b.valid() && b.get(FigureKey.scenario(sizing, ScenarioFigure.FITS)).isTrue();
        if (fa != fb) {
            return fa;
        }
        Figure ca = concurrency(a);
        Figure cb = concurrency(b);
        return ca.available() && (!cb.available() || ca.value() > cb.value());
    }
}
