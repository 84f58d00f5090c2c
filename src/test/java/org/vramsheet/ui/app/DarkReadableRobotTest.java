package org.vramsheet.ui.app;

import static org.junit.jupiter.api.Assertions.assertTrue;

import javafx.scene.Node;
import javafx.scene.control.TextField;
import javafx.scene.layout.Background;
import javafx.scene.paint.Color;
import javafx.scene.text.Text;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;
import org.vramsheet.Robot;

/**
 * Issue 31, Seen 8: disabled fields and prompt text were nearly invisible in dark (Modena dims a disabled field to
 * 40 % and derives the prompt from the field's background). The colours the window resolves from its CSS, opacity
 * included, give at least 4.5:1 (WCAG AA for text) in either theme.
 */
@ExtendWith(ApplicationExtension.class)
@Robot
class DarkReadableRobotTest {
    private MainWindow window;

    @Start
    void start(Stage stage) throws Exception {
        window = TestWindows.open(stage, "assets/samples/gemma-2-9b-sliding-window-h100.json", "ru", 1280, 800);
    }

    static double luminance(Color c) {
        double[] v = {c.getRed(), c.getGreen(), c.getBlue()};
        for (int i = 0; i < 3; i++) {
            v[i] = v[i] <= 0.03928 ? v[i] / 12.92 : Math.pow((v[i] + 0.055) / 1.055, 2.4);
        }
        return 0.2126 * v[0] + 0.7152 * v[1] + 0.0722 * v[2];
    }

    /** WCAG contrast of {@code fg} drawn at {@code opacity} over {@code bg}. */
    static double contrast(Color fg, double opacity, Color bg) {
        Color seen = bg.interpolate(fg, opacity * fg.getOpacity());
        double a = luminance(seen);
        double b = luminance(bg);
        return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    }

    private static double opacity(Node n) {
        double o = 1;
        for (Node p = n; p != null; p = p.getParent()) {
            o *= p.getOpacity();
        }
        return o;
    }

    private static Color background(TextField f) {
        Background b = f.getBackground();
        return colour(b.getFills().get(b.getFills().size() - 1).getFill());
    }

    /** A colour, or a gradient's last stop (Modena draws a field's inside with a gradient). */
    private static Color colour(javafx.scene.paint.Paint p) {
        return p instanceof Color c ? c : ((javafx.scene.paint.LinearGradient) p).getStops()
                .get(((javafx.scene.paint.LinearGradient) p).getStops().size() - 1).getColor();
    }

    private static Text textNode(TextField f, String shown) {
        return f.lookupAll(".text").stream().filter(n -> n instanceof Text t && shown.equals(t.getText())).map(n -> (Text) n)
                .findFirst().orElseThrow(() -> new AssertionError("no text '" + shown + "' in " + f.getId()));
    }

    @Test
    void disabledFieldsAndPromptsReadInBothThemes(FxRobot robot) {
        for (boolean dark : new boolean[] {true, false}) {
            robot.interact(() -> window.setDark(dark));
            TextField disabled = robot.lookup("#model-revision").queryAs(TextField.class);
            TextField prompt = robot.lookup("#model-modelId").queryAs(TextField.class);
            robot.interact(() -> {
                disabled.setText("main");
                disabled.disableProperty().unbind(); // (bound to the sheet's read-only state: as on an approved sheet)
                disabled.setDisable(true);
                prompt.setText("");
                prompt.setPromptText("org/model");
                window.scene().getRoot().applyCss();
                window.scene().getRoot().layout();
            });
            WaitForAsyncUtils.waitForFxEvents();
            String theme = dark ? "dark" : "light";
            Text value = textNode(disabled, "main");
            double c1 = contrast(colour(value.getFill()), opacity(value), background(disabled));
            assertTrue(c1 >= 4.5, theme + ": a disabled field's text " + value.getFill() + " at opacity " + opacity(value)
                    + " on " + background(disabled) + " is " + c1 + ":1");
            Text hint = textNode(prompt, "org/model");
            double c2 = contrast(colour(hint.getFill()), opacity(hint), background(prompt));
            assertTrue(c2 >= 4.5, theme + ": the prompt " + hint.getFill() + " on " + background(prompt) + " is " + c2 + ":1");
            robot.interact(() -> disabled.setDisable(false));
        }
    }
}
