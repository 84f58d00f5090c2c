package org.vramsheet.ui.sections;

import java.util.List;
import java.util.Locale;
import javafx.beans.binding.Bindings;
import javafx.beans.property.SimpleStringProperty;
import javafx.collections.FXCollections;
import javafx.scene.control.Label;
import javafx.scene.control.Labeled;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.scene.text.Font;
import javafx.scene.text.Text;
import org.vramsheet.core.placement.Planner;
import org.vramsheet.core.units.Units;
import org.vramsheet.ui.model.PlacementViewModel;
import org.vramsheet.ui.text.Texts;

/**
 * SS-006 in the window: the fewest GPUs of the sheet's type per replica for each scenario, and the
 * same sheet on several GPU choices side by side, ranked by the binding limit (memory and RESULT's latency targets),
 * with the cost per replica-hour, per fleet-hour for the target and per million output tokens, the cheapest option
 * that meets every target marked.
 */
public final class PlacementView extends VBox {
    private final PlacementViewModel vm;
    private final Texts texts;
    private final TextField choices = new TextField();
    private final Label recommendation = new Label();
    private final Label error = new Label();
    private final TableView<Planner.Row> table = new TableView<>();
    private final Label cheapest = new Label();

    public PlacementView(PlacementViewModel vm, Texts texts) {
        this.vm = vm;
        this.texts = texts;
        setId("placement");
        setSpacing(6);
        choices.setId("placement-choices");
        choices.textProperty().bindBidirectional(vm.choices);
        recommendation.setId("placement-recommendation");
        recommendation.setWrapText(true);
        recommendation.setMinHeight(Region.USE_PREF_SIZE);
        error.getStyleClass().add(Style.FIELD_MESSAGE);
        table.setId("placement-table");
        table.setPlaceholder(new Label(texts.t("No GPU choices to compare")));
        // the choice and its cost first, visible together at 1280 x 800 (issue 31, Seen 4), then the binding limit
        String[] names = {"Choice", "Cheapest", "$ / replica-h", "Fleet $ / h (target)", "$ / M output tokens",
            "Max conc. (binding)", "Binds", "Replicas for target", "Layout", "Pool holds sizing", "Budget fits", "Budget / GPU",
            "KV pool / GPU", "Max conc.", "Latency max conc.", "Price per GPU-hour from"};
        for (int i = 0; i < names.length; i++) {
            int col = i;
            TableColumn<Planner.Row, String> c = new TableColumn<>(texts.t(names[i]));
            c.setCellValueFactory(d -> new SimpleStringProperty(shown(d.getValue(), col)));
            c.setPrefWidth(i == 0 ? 170 : 80);
            table.getColumns().add(c);
        }
        // columns as wide as their header and cells (the side panel scrolls sideways) rather than cut to the panel
        table.setColumnResizePolicy(TableView.UNCONSTRAINED_RESIZE_POLICY);
        Label help = new Label(texts.t("GPU choices (COUNTxGPU@PRICE per GPU-hour; without a price, the catalog's example "
                + "price, not a quote):"));
        help.setWrapText(true);
        help.setMinHeight(Region.USE_PREF_SIZE);
        cheapest.setId("placement-cheapest");
        cheapest.setWrapText(true);
        cheapest.setMinHeight(Region.USE_PREF_SIZE);
        cheapest.getStyleClass().add(Style.FITS);
        table.setRowFactory(t -> new TableRow<>() {
            @Override
            protected void updateItem(Planner.Row item, boolean empty) {
                super.updateItem(item, empty);
                setStyle(!empty && item != null && item.perf().isCheapest() ? "-fx-font-weight: bold;" : "");
            }
        });
        getChildren().addAll(recommendation, help, choices, error, cheapest, table);
        VBox.setVgrow(table, Priority.ALWAYS);
        vm.fitsProperty().addListener((o, a, b) -> showFits(b));
        vm.rowsProperty().addListener((o, a, b) -> {
            table.setItems(FXCollections.observableArrayList(b));
            cheapest.setText(b.stream().filter(r -> r.perf().isCheapest()).findFirst()
                    .map(r -> texts.t("Cheapest") + ": " + r.option().name() + " - " + texts.message(r.perf().cheapest()))
                    .orElse(b.isEmpty() ? "" : texts.t("Cheapest: no option both holds the sizing scenario, meets every "
                            + "latency target and has a price")));
            fitColumns();
        });
        error.textProperty().bind(Bindings.createStringBinding(
                () -> vm.errorProperty().get().isEmpty() ? "" : texts.message(vm.errorProperty().get()), vm.errorProperty()));
    }

    /** Each column as wide as its header or its widest cell. */
    private void fitColumns() {
        Text probe = new Text();
        Font font = table.lookup(".table-cell") instanceof Labeled l ? l.getFont()
                : Font.getDefault();
        probe.setFont(font);
        for (int i = 0; i < table.getColumns().size(); i++) {
            var c = table.getColumns().get(i);
            probe.setText(c.getText());
            double w = probe.getLayoutBounds().getWidth() + 28;
            for (Planner.Row r : table.getItems()) {
                probe.setText(shown(r, i));
                // the cheapest row is bold: a tenth wider than the regular font measures
                w = Math.max(w, probe.getLayoutBounds().getWidth() * 1.1 + 20);
            }
            c.setPrefWidth(Math.ceil(w));
        }
    }

    /** The comparison runs dozens of calculations: only while the tab is shown. */
    public void setActive(boolean on) { vm.setActive(on); }

    /** A cell as the window shows it: the words translated, the numbers in the language's style. */
    private String shown(Planner.Row r, int col) {
        String v = cells(r)[col];
        return col == cells(r).length - 1 || col == 1 || col == 6 ? texts.message(v) : texts.value(v);
    }

    static String[] cells(Planner.Row r) {
        Planner.Perf p = r.perf();
        String noPrice = p.pricePerGpuHour() == null ? "no price" : "-";
        return new String[] {r.option().name(), p.isCheapest() ? "cheapest" : "",
            r.costPerReplicaHour() == null ? noPrice : String.format(Locale.ROOT, "%.2f", r.costPerReplicaHour()),
            p.fleetCostPerHour() == null ? noPrice : String.format(Locale.ROOT, "%.2f", p.fleetCostPerHour()),
            p.costPerMillionOutput() == null ? noPrice : String.format(Locale.ROOT, "%.2f", p.costPerMillionOutput()),
            r.bindingConcurrency() == null ? "-" : Units.grouped(r.bindingConcurrency()), p.binds().label(),
            r.replicasForTarget() == null ? "-" : Long.toString(r.replicasForTarget()),
            r.layout() == null ? "-" : r.layout().toString(), r.poolHoldsSizing() ? "yes" : "no",
            r.fits() ? "yes" : "no", r.budgetPerGpu() == null ? "-" : Units.gibText(r.budgetPerGpu()),
            r.kvPoolPerGpu() == null ? "-" : Units.gibText(r.kvPoolPerGpu()),
            r.maxConcurrency() == null ? "-" : Units.grouped(r.maxConcurrency()),
            p.latencyMaxConcurrency() == null ? "-" : Units.grouped(p.latencyMaxConcurrency()),
            p.pricePerGpuHour() == null ? "no price" : p.priceSource()};
    }

    private void showFits(List<Planner.Fit> fits) {
        StringBuilder b = new StringBuilder(texts.t("Fewest GPUs per replica on") + " " + vm.gpuName() + ": ");
        for (Planner.Fit f : fits) {
            b.append(texts.t(f.scenario().label())).append(" ").append(f.layout() == null
                    ? texts.message("none up to 8") : f.layout().gpus() + " (" + f.layout() + ")").append("; ");
        }
        recommendation.setText(fits.isEmpty() ? b.toString() : b.substring(0, b.length() - 2));
    }
}
