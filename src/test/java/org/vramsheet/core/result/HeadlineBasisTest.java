package org.vramsheet.core.result;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.vramsheet.core.sheet.Engine;
import org.vramsheet.core.sheet.MeasuredSetup;

/** The one wording of "estimated before launch" / "measured on ..." the PDF, the XLSX and the window print. */
class HeadlineBasisTest {
    private static final MeasuredSetup SETUP = new MeasuredSetup("m", "", null, null, null, Engine.VLLM, "0.19.0", "H100", null,
            1, 1, null, null, null, "2026-11-30", null);

    private static SizingResult result(boolean used, String staleNonKv, String stalePool) {
        Provenance none = Provenance.none();
        return new SizingResult(Map.of(FigureKey.VALIDATION_MEASURED_USED.id(),
                Figure.flag(FigureKey.VALIDATION_MEASURED_USED, "u", used, none),
                FigureKey.VALIDATION_STALE_NON_KV.id(), Figure.flag(FigureKey.VALIDATION_STALE_NON_KV, "n", staleNonKv != null,
                        Provenance.of("f", staleNonKv == null ? "no change" : staleNonKv)),
                FigureKey.VALIDATION_STALE_POOL.id(), Figure.flag(FigureKey.VALIDATION_STALE_POOL, "p", stalePool != null,
                        Provenance.of("f", stalePool == null ? "no change" : stalePool))), List.of(), null);
    }

    @Test
    void estimatedMeasuredOrNotRecorded() {
        assertEquals("estimated before launch", HeadlineBasis.of(result(false, null, null), SETUP).mark());
        assertEquals("measured on vLLM 0.19.0, 2026-11-30", HeadlineBasis.of(result(true, null, null), SETUP).mark());
        assertEquals("measured (setup not recorded)", HeadlineBasis.of(result(true, null, null), null).mark());
        MeasuredSetup blank = new MeasuredSetup("", "", null, null, null, null, "", "", null, null, null, null, null, null, "", null);
        assertEquals("measured (engine and date not recorded)", HeadlineBasis.of(result(true, null, null), blank).mark());
        assertEquals("", HeadlineBasis.of(result(false, null, null), SETUP).staleNote(), "no measurement of another setup");
    }

    @Test
    void staleChangesAreSaidOnceEach() {
        HeadlineBasis b = HeadlineBasis.of(result(false, "engine version: 0.19.0 → 0.21.0",
                "engine version: 0.19.0 → 0.21.0; block size: 16 → 32"), SETUP);
        assertEquals(List.of("engine version: 0.19.0 → 0.21.0", "block size: 16 → 32"), b.stale());
        assertEquals("VALIDATION holds measurements of another setup (not used): engine version: 0.19.0 → 0.21.0; "
                + "block size: 16 → 32", b.staleNote());
    }

    @Test
    void onlyAvailableHeadlineFiguresAreMarked() {
        HeadlineBasis b = HeadlineBasis.of(result(false, null, null), SETUP);
        assertEquals("estimated before launch", b.markFor(Figure.of(FigureKey.RESULT_MARGIN_BYTES, "m", Unit.BYTES, 1, null)));
        assertEquals("", b.markFor(Figure.of(FigureKey.RESULT_HEADROOM_BYTES, "h", Unit.BYTES, 1, null)), "an input");
        assertEquals("", b.markFor(Figure.unavailable(FigureKey.RESULT_MARGIN_BYTES, "m", Unit.BYTES, "why")), "unavailable");
    }
}
