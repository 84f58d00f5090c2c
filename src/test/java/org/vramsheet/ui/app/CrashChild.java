package org.vramsheet.ui.app;

import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;
import javafx.application.Platform;
import javafx.stage.Stage;
import org.vramsheet.ui.dialogs.ScriptedDialogs;

/**
 * A separate JVM for {@link CrashRecoveryRobotTest}: the real window started with a file, as a double-click starts
 * it. "crash": edits the model ID, lets the autosave run, says so and waits to be killed. "recover": starts again
 * on the same file and home, accepts the recovery offer and prints what the window shows.
 */
public final class CrashChild {
    private CrashChild() { }

    public static void main(String[] args) throws Exception {
        String mode = args[0];
        Path home = Path.of(args[1]);
        Path file = Path.of(args[2]);
        CountDownLatch up = new CountDownLatch(1);
        Platform.startup(up::countDown);
        up.await();
        MainWindow[] w = new MainWindow[1];
        ScriptedDialogs dialogs = new ScriptedDialogs();
        CountDownLatch started = new CountDownLatch(1);
        Platform.runLater(() -> {
            AppHome h = new AppHome(home);
            h.setLanguage("en");
            w[0] = new MainWindow(new Stage(), dialogs, h);
            w[0].start(file, false);
            started.countDown();
        });
        started.await();
        CountDownLatch done = new CountDownLatch(1);
        Platform.runLater(() -> {
            if (mode.equals("crash")) {
                w[0].viewModel().model.modelId.set("edited before the crash");
                w[0].viewModel().checkpointNow();
                w[0].files().autosave();
                System.out.println("AUTOSAVED");
            } else {
                System.out.println("OFFERS " + dialogs.recoveryOffers.size());
                System.out.println("MODEL " + w[0].viewModel().model.modelId.get());
                System.out.println("DIRTY " + w[0].viewModel().dirtyProperty().get());
                System.out.println("FILE " + w[0].viewModel().file.get());
            }
            System.out.flush();
            done.countDown();
        });
        done.await();
        if (mode.equals("crash")) {
            Thread.sleep(60_000); // killed before this ends
        }
        Platform.exit();
        System.exit(0);
    }
}
