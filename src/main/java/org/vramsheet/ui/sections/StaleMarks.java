package org.vramsheet.ui.sections;

import java.util.List;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.layout.VBox;
import org.vramsheet.core.result.SizingResult;
import org.vramsheet.ui.model.MeasurementStatus;
import org.vramsheet.ui.model.SheetViewModel;

/** VALIDATION's status line and the stale values struck through, following every recalculation. */
final class StaleMarks {
    private StaleMarks() { }

    /** The status line; the non-KV and pool fields get struck through while their measurements are of another setup. */
    static Label status(SheetViewModel vm, Views v, List<VBox> nonKv, List<VBox> pool) {
        Label status = new Label();
        status.setId("validation-status");
        status.getStyleClass().add("measurement-status");
        status.setWrapText(true);
        Runnable mark = () -> {
            SizingResult r = vm.computed().outcome().result();
            String t = MeasurementStatus.text(r, vm.computed().sheet().validation(), v.texts());
            if (!t.equals(status.getText())) {
                status.setText(t);
            }
            boolean staleNonKv = MeasurementStatus.nonKvStale(r);
            boolean stalePool = MeasurementStatus.poolStale(r);
            nonKv.forEach(b -> strike(b, staleNonKv));
            pool.forEach(b -> strike(b, stalePool));
            status.pseudoClassStateChanged(Style.STALE, staleNonKv || stalePool);
        };
        mark.run();
        vm.computedProperty().addListener((o, a, b) -> mark.run());
        return status;
    }

    /** A measured value of another setup struck through (an empty field has nothing to strike). */
    private static void strike(VBox field, boolean stale) {
        TextField tf = (TextField) field.getChildren().get(1);
        tf.pseudoClassStateChanged(Style.STALE, stale && !tf.getText().isBlank());
    }
}
