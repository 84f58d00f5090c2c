package org.vramsheet.ui.app;

import javafx.scene.control.Label;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import org.vramsheet.core.compare.Comparison;
import org.vramsheet.core.result.Figure;
import org.vramsheet.core.result.FigureKey;
import org.vramsheet.core.summary.Decision;
import org.vramsheet.ui.model.CompareViewModel;
import org.vramsheet.ui.sections.Style;
import org.vramsheet.ui.sections.Views;
import org.vramsheet.ui.text.FigureText;

/**
 * The presentation view's variants as big tiles (a sheet with several): each one's name, verdict, maximum concurrency
 * at the shared context and budget, from the Compare view's table (calculated off the FX thread while shown).
 */
final class PresentTiles extends HBox {
    private final CompareViewModel compare;
    private final Views v;

    PresentTiles(CompareViewModel compare, Views v) {
        this.compare = compare;
        this.v = v;
        setId("present-tiles");
        getStyleClass().add(Style.PRESENT_TILES);
        compare.tableProperty().addListener((o, a, b) -> show(b));
        managedProperty().bind(visibleProperty());
        setVisible(false);
    }

    void setActive(boolean on) {
        compare.setActive(on);
        show(compare.tableProperty().get());
    }

    private void show(Comparison.Table t) {
        if (t == null || t.empty()) {
            getChildren().clear();
            setVisible(false);
            return;
        }
        getChildren().clear();
        for (Comparison.Column c : t.columns()) {
            getChildren().add(tile(c));
        }
        setVisible(true);
    }

    private VBox tile(Comparison.Column c) {
        Label name = new Label(c.name());
        name.getStyleClass().add(Style.PRESENT_TILE_NAME);
        Figure fits = c.result().get(FigureKey.RESULT_FITS);
        Label verdict = new Label(v.t(Decision.verdictOf(fits)));
        verdict.getStyleClass().add(Style.PRESENT_TILE_VERDICT);
        if (fits.available()) {
            verdict.getStyleClass().add(fits.isTrue() ? Style.FITS : Style.DOES_NOT_FIT);
        }
        boolean gib = compare.sheet().gibPrimary.get();
        Label conc = new Label(v.texts().value(FigureText.primary(c.result().get(FigureKey.POOL_MAX_CONCURRENCY), gib)));
        conc.getStyleClass().add(Style.PRESENT_TILE_VALUE);
        Label budget = new Label(v.t("Production budget per replica") + ": "
                + v.texts().value(FigureText.primary(c.result().get(FigureKey.RESULT_BUDGET_BYTES), gib)));
        budget.getStyleClass().add(Style.PRESENT_MUTED);
        budget.setWrapText(true);
        VBox box = new VBox(name, verdict, conc, budget);
        box.getStyleClass().add(Style.PRESENT_TILE);
        if (c.active()) {
            box.getStyleClass().add(Style.PRESENT_TILE_SHOWN);
        }
        box.setId("present-tile-" + getChildren().size());
        HBox.setHgrow(box, Priority.ALWAYS);
        box.setMaxWidth(Double.MAX_VALUE);
        return box;
    }
}
