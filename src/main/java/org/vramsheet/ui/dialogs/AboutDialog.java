package org.vramsheet.ui.dialogs;

import javafx.scene.control.Alert;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.TextArea;
import javafx.stage.Window;
import org.vramsheet.ui.text.Texts;

/** Help › About: version, the licences of what the app is built with, and credits (no links). */
public final class AboutDialog {
    static final String TEXT = """
            VRAM Sheet %s
            The SS-007 LLM VRAM sizing worksheet: weights, KV cache, engine pools, concurrency, validation against engine logs, placement, \
            and signed reports.

            Built with (licence):
              OpenJDK runtime (GPL-2.0 with Classpath Exception)
              OpenJFX 21 (GPL-2.0 with Classpath Exception)
              ControlsFX (BSD-3-Clause)
              Jackson databind, core, annotations (Apache-2.0)
              Apache POI (Apache-2.0)
              Apache PDFBox, FontBox (Apache-2.0)
              Bouncy Castle (MIT-style Bouncy Castle Licence)
              Apache XMLBeans, Commons Codec / IO / Logging / Collections / Compress / Lang / Math,
              Log4j API (Apache-2.0); SparseBitSet (Apache-2.0); curvesapi (BSD-3-Clause)
              NanumGothic font (SIL Open Font License 1.1; licence text shipped beside the font)

            Credits:
              The SS-007 worksheet and its seeds, which every golden test follows.
              Public vLLM startup logs collected in the calibration set (each names its source).
              Public config.json files of the models in the built-in catalog (each names its source).
              The vLLM, SGLang, TensorRT-LLM, llama.cpp and transformers projects, whose sizing code the engine formulas follow.
            """;

    private AboutDialog() { }

    public static String text(String version) {
        return String.format(TEXT, version);
    }

    /**
     * The text in the window's language: each line with a bundle entry is translated, keeping its
     * indent; the rest (names and licence identifiers) stays as it is.
     */
    public static String text(String version, Texts texts) {
        StringBuilder b = new StringBuilder();
        for (String line : text(version).split("\n", -1)) {
            String body = line.stripLeading();
            b.append(line, 0, line.length() - body.length()).append(texts.t(body)).append('\n');
        }
        return b.toString();
    }

    public static void show(Window owner, String version, Texts texts) {
        Alert a = new Alert(Alert.AlertType.INFORMATION, "", new ButtonType(texts.t("OK"), ButtonBar.ButtonData.OK_DONE));
        a.initOwner(owner);
        a.setTitle(texts.t("About VRAM Sheet"));
        a.setHeaderText("VRAM Sheet " + version);
        TextArea t = new TextArea(text(version, texts));
        t.setEditable(false);
        t.setWrapText(true);
        t.setPrefRowCount(22);
        t.setPrefColumnCount(80);
        a.getDialogPane().setContent(t);
        a.showAndWait();
    }
}
