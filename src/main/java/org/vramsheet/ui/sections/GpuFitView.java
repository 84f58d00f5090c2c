package org.vramsheet.ui.sections;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.function.Function;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.collections.FXCollections;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Label;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.scene.text.Text;
import org.vramsheet.core.placement.Planner;
import org.vramsheet.core.units.Units;
import org.vramsheet.io.catalog.GpuCatalog;
import org.vramsheet.ui.model.GpuFitViewModel;
import org.vramsheet.ui.text.Texts;

/**
 * Which GPUs fit the current sheet: every catalog GPU at 1, 2, 4 and 8 per replica, sortable by any column (numbers
 * sort as numbers), "only those that fit" on by default; a double click or "Use this GPU" makes the row the sheet's.
 */
public final class GpuFitView extends VBox {
    private final GpuFitViewModel vm;
    private final TableView<Planner.Row> table = new TableView<>();
    private final CheckBox onlyFits;
    private TableColumn<Planner.Row, Long> layersThatFit;

    public GpuFitView(GpuFitViewModel vm, Texts texts) {
        this.vm = vm;
        setSpacing(6);
        setId("gpu-fit");
        onlyFits = new CheckBox(texts.t("Only those that fit"));
        onlyFits.setId("gpu-fit-only");
        onlyFits.setSelected(true);
        Label busy = new Label(texts.t("Calculating..."));
        busy.visibleProperty().bind(vm.busyProperty());
        Button use = new Button(texts.t("Use this GPU"));
        use.setId("gpu-fit-use");
        // an Approved sheet cannot take another GPU: the button was enabled there and did nothing (issue 31)
        use.disableProperty().bind(table.getSelectionModel().selectedItemProperty().isNull().or(vm.readOnlyProperty()));
        use.setOnAction(e -> vm.use(table.getSelectionModel().getSelectedItem()));
        HBox bar = new HBox(10, onlyFits, use, busy);
        bar.setAlignment(Pos.CENTER_LEFT);
        table.setId("gpu-fit-table");
        table.setPlaceholder(new Label(texts.t("No GPU of the catalog holds this sheet at up to 8 per replica")));
        double names = GpuCatalog.entries().stream() // the longest catalog name fits
                .mapToDouble(e -> new Text(e.name()).getLayoutBounds().getWidth()).max().orElse(150);
        table.getColumns().add(text(texts.t("GPU"), r -> r.option().name(), Math.ceil(names * 1.1) + 24));
        table.getColumns().add(number(texts.t("GPUs"), r -> (long) r.option().count(), n -> Long.toString(n), 70));
        table.getColumns().add(text(texts.t("Layout"), r -> r.layout() == null ? "-" : r.layout().toString(), 110));
        table.getColumns().add(text(texts.t("Fits"), r -> texts.t(r.fits() ? "yes" : "no"), 80));
        table.getColumns().add(number(texts.t("Margin"), Planner.Row::marginBytes, Units::gibText, 110));
        table.getColumns().add(number(texts.t("Max conc."), Planner.Row::maxConcurrency, Units::grouped, 120));
        table.getColumns().add(number(texts.t("KV pool / GPU"), Planner.Row::kvPoolPerGpu, Units::gibText, 120));
        layersThatFit = number(texts.t("-ngl that fits"), Planner.Row::gpuLayersThatFit, n -> Long.toString(n), 110);
        layersThatFit.setVisible(false); // shown for an engine that places layers per GPU (llama.cpp)
        table.getColumns().add(layersThatFit);
        table.setColumnResizePolicy(TableView.UNCONSTRAINED_RESIZE_POLICY);
        for (TableColumn<Planner.Row, ?> c : table.getColumns()) { // at least as wide as its header, in any language
            Text header = new Text(c.getText());
            header.setStyle("-fx-font-weight: bold;");
            c.setPrefWidth(Math.max(c.getPrefWidth(), Math.ceil(header.getLayoutBounds().getWidth() * 1.15) + 30));
        }
        table.setRowFactory(t -> {
            TableRow<Planner.Row> row = new TableRow<>();
            row.setOnMouseClicked(e -> {
                if (e.getClickCount() == 2 && !row.isEmpty()) {
                    vm.use(row.getItem());
                }
            });
            return row;
        });
        getChildren().addAll(bar, table);
        VBox.setVgrow(table, Priority.ALWAYS);
        vm.rowsProperty().addListener((o, a, b) -> show());
        onlyFits.selectedProperty().addListener((o, a, b) -> show());
    }

    /** Calculates only while shown. */
    public void setActive(boolean on) { vm.setActive(on); }

    private void show() {
        var rows = vm.rowsProperty().get().stream().filter(r -> !onlyFits.isSelected() || r.fits()).toList();
        layersThatFit.setVisible(vm.rowsProperty().get().stream().anyMatch(r -> r.gpuLayersThatFit() != null));
        var sort = new ArrayList<>(table.getSortOrder());
        table.setItems(FXCollections.observableArrayList(rows));
        table.getSortOrder().setAll(sort);
        table.sort();
    }

    private static TableColumn<Planner.Row, String> text(String name, Function<Planner.Row, String> value, double width) {
        TableColumn<Planner.Row, String> c = new TableColumn<>(name);
        c.setCellValueFactory(d -> new SimpleStringProperty(value.apply(d.getValue())));
        c.setPrefWidth(width);
        return c;
    }

    /** A numeric column: sorts by the number, shows it in units ("-" when unavailable, sorted last). */
    private static TableColumn<Planner.Row, Long> number(String name, Function<Planner.Row, Long> value,
            Function<Long, String> shown, double width) {
        TableColumn<Planner.Row, Long> c = new TableColumn<>(name);
        c.setCellValueFactory(d -> new SimpleObjectProperty<>(value.apply(d.getValue())));
        c.setComparator(Comparator.nullsFirst(Comparator.naturalOrder()));
        c.setCellFactory(col -> new TableCell<>() {
            @Override
            protected void updateItem(Long v, boolean empty) {
                super.updateItem(v, empty);
                setText(empty ? null : v == null ? "-" : shown.apply(v));
                setAlignment(Pos.CENTER_RIGHT);
            }
        });
        c.setPrefWidth(width);
        return c;
    }
}
