package org.vramsheet.ui.app;

import java.awt.image.BufferedImage;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import javafx.scene.image.WritableImage;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;
import org.vramsheet.Robot;

/**
 * Not a test: writes the presentation view's screenshots (README, issue 31) when {@code -Dvramsheet.screenshots=DIR}
 * is given: {@code mvn -o -Dtest=PresentScreenshots -Dvramsheet.screenshots=docs/screenshots/issue-31 test}.
 */
@ExtendWith(ApplicationExtension.class)
@Robot
@EnabledIfSystemProperty(named = "vramsheet.screenshots", matches = ".+")
class PresentScreenshots {
    private MainWindow window;
    private Stage stage;

    @Start
    void start(Stage stage) throws Exception {
        this.stage = stage;
        window = TestWindows.open(stage, "assets/samples/llama-3.1-70b-variants-bf16-fp8-int4.json", "en", 1280, 800);
    }

    @Test
    void writeThem(FxRobot robot) throws Exception {
        Path dir = Path.of(System.getProperty("vramsheet.screenshots"));
        Files.createDirectories(dir);
        for (String lang : new String[] {"en", "ru"}) {
            robot.interact(() -> {
                window = window.switchLanguage(lang);
                window.viewModel().setContext(8192);
                window.present();
            });
            for (int[] size : new int[][] {{1280, 800}, {1920, 1080}}) {
                robot.interact(() -> {
                    stage.setFullScreen(false);
                    stage.setWidth(size[0]);
                    stage.setHeight(size[1]);
                });
                WaitForAsyncUtils.waitForFxEvents();
                Thread.sleep(700); // the variants' tiles come from a background calculation
                WaitForAsyncUtils.waitForFxEvents();
                WritableImage[] img = new WritableImage[1];
                robot.interact(() -> img[0] = window.scene().snapshot(null));
                write(img[0], dir.resolve("present-" + lang + "-" + size[0] + "x" + size[1] + ".png").toFile());
            }
            robot.interact(() -> window.present().setOnClose(() -> { }));
        }
    }

    private static void write(WritableImage img, File f) throws Exception {
        int w = (int) img.getWidth();
        int h = (int) img.getHeight();
        BufferedImage b = new BufferedImage(w, h, BufferedImage.TYPE_INT_RGB);
        var r = img.getPixelReader();
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                b.setRGB(x, y, r.getArgb(x, y));
            }
        }
        javax.imageio.ImageIO.write(b, "png", f);
    }
}
