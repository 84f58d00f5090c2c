package org.vramsheet.ui.app;

import org.vramsheet.ui.charts.ChartsView;

/** A deliberately bad split-off class for ArchitectureTest's self-test: it calls back into both hubs it came from. */
final class HubCallbackExample {
    private HubCallbackExample() { }

    static void callBack(MainWindow window, ChartsView charts) {
        window.showStartPage();
        charts.getTabs().clear();
    }
}
