package org.vramsheet.ui.app;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.Label;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import org.vramsheet.core.sheet.WorkloadPreset;
import org.vramsheet.ui.model.SheetViewModel;
import org.vramsheet.ui.text.Texts;

/**
 * The start page, over the window until something is chosen: the recent files, a new sheet from a model (catalog, Hub,
 * file, cache), a sample that fits (gemma-2-9b on one H100), the workload presets, or the sheet as it is. Shown when
 * the app starts with no file to reopen, and from File › Start page.
 */
final class StartPage extends StackPane {
    /** The sample a first meeting can start from: it fits, with room to spare. */
    static final String FITTING_SAMPLE = FileController.DEFAULT_SAMPLE;

    /** @param importModel opens "Import model..." */
    StartPage(Texts texts, List<Path> recent, SheetViewModel vm, FileController files, Runnable importModel) {
        setId("start-page");
        getStyleClass().add("start-page");
        VBox card = new VBox(10);
        card.getStyleClass().add("start-card");
        card.setMaxSize(620, USE_PREF_SIZE);
        card.setPadding(new Insets(20));
        Label title = new Label(texts.t("Size a model for its GPUs"));
        title.getStyleClass().add("section-title");
        Button fromModel = new Button(texts.t("New from model... (catalog, Hugging Face Hub, file, cache)"));
        fromModel.setId("start-from-model");
        fromModel.setOnAction(e -> {
            close();
            importModel.run();
        });
        Button sample = new Button(texts.t("Open a sample that fits: gemma-2-9b on one H100"));
        sample.setId("start-sample");
        sample.setOnAction(e -> {
            close();
            vm.open(FileController.sample(FITTING_SAMPLE), null);
        });
        FlowPane presets = new FlowPane(6, 6);
        for (WorkloadPreset p : WorkloadPreset.values()) {
            Button b = new Button(texts.t(p.label()));
            b.setId("start-preset-" + p.name().toLowerCase(Locale.ROOT));
            b.setOnAction(e -> {
                close();
                WorkloadPresets.apply(vm, p);
            });
            presets.getChildren().add(b);
        }
        VBox recentLinks = new VBox(2);
        for (Path p : recent.stream().filter(Files::exists).limit(6).toList()) {
            Hyperlink link = new Hyperlink(p.getFileName() + "   (" + p.toAbsolutePath().getParent() + ")");
            link.setOnAction(e -> {
                close();
                files.openRecent(p);
            });
            recentLinks.getChildren().add(link);
        }
        Button keep = new Button(texts.t("Continue with this sheet"));
        keep.setId("start-continue");
        keep.setCancelButton(true);
        keep.setOnAction(e -> close());
        card.getChildren().addAll(title, fromModel, sample, new Label(texts.t("Workloads from a preset (Typical / Heavy / "
                + "Limit) for the model of this sheet:")), presets);
        if (!recentLinks.getChildren().isEmpty()) {
            card.getChildren().addAll(new Label(texts.t("Recent files")), recentLinks);
        }
        card.getChildren().add(keep);
        setAlignment(Pos.CENTER);
        getChildren().add(card);
    }

    /** Puts {@code page} over {@code layers} (the window's content), the sample button focused. */
    static StartPage show(StackPane layers, StartPage page) {
        layers.getChildren().add(page);
        page.lookup("#start-sample").requestFocus();
        return page;
    }

    private void close() {
        if (getParent() instanceof StackPane p) {
            p.getChildren().remove(this);
        }
    }
}
