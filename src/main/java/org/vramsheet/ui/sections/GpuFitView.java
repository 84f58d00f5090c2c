package org.vramsheet.ui.sections;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
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
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.scene.text.Text;
import org.vramsheet.core.placement.Planner;
import org.vramsheet.core.units.Units;
import org.vramsheet.io.catalog.GpuCatalog;
import org.vramsheet.ui.model.GpuFitViewModel;
import org.vramsheet.ui.text.Texts;

/**
 * Which GPUs fit the current sheet: every catalog GPU at 1, 2, 4 and 8 per replica, ranked by the binding limit (the
 * core's {@link Planner#ranked}), sortable by any column (numbers sort as numbers), with the costs at the catalog's
 * example prices and the cheapest option that meets every target marked; "only those that fit" on by default; a double
 * click or "Use this GPU" makes the row the sheet's.
 */
public final class GpuFitView extends VBox {
    private final GpuFitViewModel vm;
    private final TableView<Planner.Row> table = new TableView<>();
    private final CheckBox onlyFits;
    private final Texts texts;
    private final Label cheapest = new Label();
    private boolean shown;
    private TableColumn<Planner.Row, Long> layersThatFit;

    public GpuFitView(GpuFitViewModel vm, Texts texts) {
        this.vm = vm;
        this.texts = texts;
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
        cheapest.setId("gpu-fit-cheapest");
        cheapest.setWrapText(true);
        cheapest.setMinHeight(Region.USE_PREF_SIZE);
        cheapest.getStyleClass().add(Style.FITS);
        Label prices = new Label(texts.t("Ranked by the binding limit: the max concurrency meeting memory and RESULT's latency "
                + "targets (memory alone without targets). Costs at the catalog's example prices (public on-demand list "
                + "prices, with their source and date; not quotes); RESULT's typed price is used on the sheet's own GPU."));
        prices.setWrapText(true);
        prices.setMinHeight(Region.USE_PREF_SIZE);
        table.setId("gpu-fit-table");
        table.setPlaceholder(new Label(texts.t("No GPU of the catalog holds this sheet at up to 8 per replica")));
        columns(texts);
        table.setColumnResizePolicy(TableView.UNCONSTRAINED_RESIZE_POLICY);
        for (TableColumn<Planner.Row, ?> c : table.getColumns()) { // at least as wide as its header, in any language
            Text header = new Text(c.getText());
            header.setStyle("-fx-font-weight: bold;");
            c.setPrefWidth(Math.max(c.getPrefWidth(), Math.ceil(header.getLayoutBounds().getWidth() * 1.1) + 22));
        }
        table.setRowFactory(t -> {
            TableRow<Planner.Row> row = new TableRow<>() {
                @Override
                protected void updateItem(Planner.Row item, boolean empty) {
                    super.updateItem(item, empty);
                    // the cheapest option that meets every target stands out (bold, and the mark column says why)
                    setStyle(!empty && item != null && item.perf().isCheapest() ? "-fx-font-weight: bold;" : "");
                }
            };
            row.setOnMouseClicked(e -> {
                if (e.getClickCount() == 2 && !row.isEmpty()) {
                    vm.use(row.getItem());
                }
            });
            return row;
        });
        getChildren().addAll(bar, cheapest, prices, table);
        VBox.setVgrow(table, Priority.ALWAYS);
        vm.rowsProperty().addListener((o, a, b) -> show());
        onlyFits.selectedProperty().addListener((o, a, b) -> show());
    }

    /** The choice and its cost first (visible together at 1280 x 800), then the binding limit, then memory's figures. */
    private void columns(Texts texts) {
        // the longest discrete GPU's name fits; a Mac's longer name (only llama.cpp and Ollama run there) widens the
        // column when its rows are shown (fitTextColumns)
        double names = GpuCatalog.entries().stream().filter(e -> !e.unified())
                .mapToDouble(e -> new Text(e.name() + " x 8").getLayoutBounds().getWidth()).max().orElse(150);
        // the count in the first column too: the choice reads whole beside its cost when the rest scrolls away
        table.getColumns().add(text(texts.t("GPU"), r -> r.option().name() + " x " + r.option().count(),
                Math.ceil(names * 1.05) + 16));
        table.getColumns().add(money(texts, texts.t("$ / replica-h"), Planner.Row::costPerReplicaHour, 90));
        table.getColumns().add(mark(texts));
        table.getColumns().add(number(texts.t("GPUs"), r -> (long) r.option().count(), n -> Long.toString(n), 60));
        table.getColumns().add(money(texts, texts.t("Fleet $ / h (target)"), r -> r.perf().fleetCostPerHour(), 120));
        table.getColumns().add(money(texts, texts.t("$ / M output tokens"), r -> r.perf().costPerMillionOutput(), 120));
        table.getColumns().add(number(texts.t("Max conc. (binding)"), Planner.Row::bindingConcurrency, Units::grouped, 120));
        table.getColumns().add(text(texts.t("Binds"), r -> texts.t(r.perf().binds().label()), 110));
        table.getColumns().add(text(texts.t("Fits"), r -> texts.t(r.fits() ? "yes" : "no"), 60));
        table.getColumns().add(number(texts.t("Margin"), Planner.Row::marginBytes, Units::gibText, 100));
        table.getColumns().add(number(texts.t("Max conc."), Planner.Row::maxConcurrency, Units::grouped, 90));
        table.getColumns().add(number(texts.t("Latency max conc."), r -> r.perf().latencyMaxConcurrency(), Units::grouped, 120));
        table.getColumns().add(text(texts.t("Layout"), r -> r.layout() == null ? "-" : r.layout().toString(), 100));
        table.getColumns().add(number(texts.t("KV pool / GPU"), Planner.Row::kvPoolPerGpu, Units::gibText, 110));
        layersThatFit = number(texts.t("-ngl that fits"), Planner.Row::gpuLayersThatFit, n -> Long.toString(n), 110);
        layersThatFit.setVisible(false); // shown for an engine that places layers per GPU (llama.cpp)
        table.getColumns().add(layersThatFit);
        table.getColumns().add(text(texts.t("Price per GPU-hour from"), r -> texts.message(r.perf().pricePerGpuHour() == null
                ? "no price" : r.perf().priceSource()), 420));
    }

    /** Calculates only while shown. */
    public void setActive(boolean on) {
        shown = on;
        vm.setActive(on);
        if (on) {
            showCheapest();
        }
    }

    private void show() {
        var rows = vm.rowsProperty().get().stream().filter(r -> !onlyFits.isSelected() || r.fits()).toList();
        layersThatFit.setVisible(vm.rowsProperty().get().stream().anyMatch(r -> r.gpuLayersThatFit() != null));
        var sort = new ArrayList<>(table.getSortOrder());
        table.setItems(FXCollections.observableArrayList(rows));
        fitTextColumns(rows);
        rows.stream().filter(r -> r.perf().isCheapest()).findFirst().ifPresent(table::scrollTo); // the answer on screen
        showCheapest();
        table.getSortOrder().setAll(sort);
        table.sort();
    }

    /**
     * The cheapest option and why, set only while the tab is shown: a wrapped label given its text while hidden keeps
     * its old lines until it is laid out again.
     */
    private void showCheapest() {
        if (!shown) {
            return;
        }
        cheapest.setText(vm.rowsProperty().get().stream().filter(r -> r.perf().isCheapest()).findFirst()
                .map(r -> texts.t("Cheapest") + ": " + r.option().name() + " x " + r.option().count() + " - "
                        + texts.message(r.perf().cheapest()))
                .orElse(vm.rowsProperty().get().isEmpty() ? "" : texts.t("Cheapest: no option both holds the sizing "
                        + "scenario, meets every latency target and has a price")));
    }

    /** Each text column at least as wide as its widest cell (the cheapest row is bold: some 7 % wider), never cut. */
    private void fitTextColumns(List<Planner.Row> rows) {
        Text probe = new Text();
        for (TableColumn<Planner.Row, ?> c : table.getColumns()) {
            if (c.getUserData() instanceof Function<?, ?> f) {
                @SuppressWarnings("unchecked")
                Function<Planner.Row, String> value = (Function<Planner.Row, String>) f;
                double w = c.getPrefWidth();
                for (Planner.Row r : rows) {
                    probe.setText(value.apply(r));
                    w = Math.max(w, Math.ceil(probe.getLayoutBounds().getWidth() * 1.07) + 16);
                }
                c.setPrefWidth(w);
            }
        }
    }

    /** The cheapest option's mark, its reason on hover. */
    private static TableColumn<Planner.Row, String> mark(Texts texts) {
        TableColumn<Planner.Row, String> c = new TableColumn<>(texts.t("Cheapest"));
        c.setId("gpu-fit-mark");
        c.setCellValueFactory(d -> new SimpleStringProperty(d.getValue().perf().isCheapest() ? texts.t("cheapest") : ""));
        c.setCellFactory(col -> new TableCell<>() {
            @Override
            protected void updateItem(String v, boolean empty) {
                super.updateItem(v, empty);
                setText(empty ? null : v);
                Planner.Row r = empty ? null : getTableRow().getItem();
                setTooltip(r == null || !r.perf().isCheapest() ? null : new Tooltip(texts.message(r.perf().cheapest())));
                getStyleClass().remove(Style.FITS);
                if (v != null && !v.isEmpty()) {
                    getStyleClass().add(Style.FITS);
                }
            }
        });
        c.setPrefWidth(80);
        return c;
    }

    /**
     * A cost column: two decimals in the price's currency, sorted as numbers; "no price" when the choice has none and
     * "-" when the cost is unavailable for another reason, which its tooltip gives, as it gives the price's source.
     */
    private static TableColumn<Planner.Row, Double> money(Texts texts, String name, Function<Planner.Row, Double> value,
            double width) {
        TableColumn<Planner.Row, Double> c = new TableColumn<>(name);
        c.setCellValueFactory(d -> new SimpleObjectProperty<>(value.apply(d.getValue())));
        c.setComparator(Comparator.nullsLast(Comparator.naturalOrder()));
        c.setCellFactory(col -> new TableCell<>() {
            @Override
            protected void updateItem(Double v, boolean empty) {
                super.updateItem(v, empty);
                Planner.Row r = empty ? null : getTableRow().getItem();
                if (r == null) {
                    setText(null);
                    setTooltip(null);
                    return;
                }
                boolean priced = r.perf().pricePerGpuHour() != null;
                setText(v != null ? texts.value(Units.fixed2(v)) : texts.t(priced ? "-" : "no price"));
                String why = v != null ? r.perf().priceSource() : priced ? r.perf().costWhy() : r.perf().priceSource();
                setTooltip(why == null || why.isEmpty() ? null : new Tooltip(texts.message(why)));
                setAlignment(Pos.CENTER_RIGHT);
            }
        });
        c.setPrefWidth(width);
        return c;
    }

    private static TableColumn<Planner.Row, String> text(String name, Function<Planner.Row, String> value, double width) {
        TableColumn<Planner.Row, String> c = new TableColumn<>(name);
        c.setCellValueFactory(d -> new SimpleStringProperty(value.apply(d.getValue())));
        c.setPrefWidth(width);
        c.setUserData(value); // fitTextColumns measures its cells
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
