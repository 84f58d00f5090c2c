package org.vramsheet;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.library.GeneralCodingRules;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.vramsheet.ui.app.MainWindow;
import org.vramsheet.ui.charts.ChartsView;

/**
 * The design, checked on the compiled classes by ArchUnit (STYLE.md; JabRef's CommonArchitectureTest): the
 * layers core &lt;- io &lt;- report &lt;- cli and ui, ui never uses cli, no package cycles, a pure core, and
 * views that leave calculating to their ViewModels, and hubs that were split (issue 24) are not called back.
 */
class ArchitectureTest {
    private static JavaClasses classes;
    /** The classes that compute (their nested result records are what views show). */
    private static final Set<String> CALCULATORS = Set.of(
            "org.vramsheet.core.calc.SizingCalculator", "org.vramsheet.core.curves.Curves",
            "org.vramsheet.core.placement.Planner", "org.vramsheet.core.validation.LogComparison",
            "org.vramsheet.core.engine.NonKvEstimator", "org.vramsheet.core.compare.Comparison");

    @BeforeAll
    static void importClasses() {
        classes = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("org.vramsheet");
    }

    @Test
    void layers() {
        layeredArchitecture().consideringOnlyDependenciesInLayers()
                .layer("core").definedBy("org.vramsheet.core..")
                .layer("io").definedBy("org.vramsheet.io..")
                .layer("report").definedBy("org.vramsheet.report..")
                .layer("cli").definedBy("org.vramsheet.cli..")
                .layer("ui").definedBy("org.vramsheet.ui..")
                .layer("launcher").definedBy("org.vramsheet")
                .whereLayer("launcher").mayNotBeAccessedByAnyLayer()
                .whereLayer("cli").mayOnlyBeAccessedByLayers("launcher")
                .whereLayer("ui").mayOnlyBeAccessedByLayers("launcher")
                .whereLayer("report").mayOnlyBeAccessedByLayers("cli", "ui")
                .whereLayer("io").mayOnlyBeAccessedByLayers("report", "cli", "ui")
                .whereLayer("core").mayOnlyBeAccessedByLayers("io", "report", "cli", "ui")
                .check(classes);
    }

    @Test
    void uiNeverUsesCli() {
        noClasses().that().resideInAPackage("org.vramsheet.ui..")
                .should().dependOnClassesThat().resideInAPackage("org.vramsheet.cli..").check(classes);
    }

    @Test
    void noPackageCycles() {
        slices().matching("org.vramsheet.(**)").should().beFreeOfCycles().check(classes);
    }

    @Test
    void coreIsPure() {
        noClasses().that().resideInAPackage("org.vramsheet.core..")
                .should().dependOnClassesThat().resideInAnyPackage("javafx..", "java.io..", "java.nio..", "java.net..",
                        "com.fasterxml..", "org.apache..")
                .check(classes);
        GeneralCodingRules.NO_CLASSES_SHOULD_ACCESS_STANDARD_STREAMS.check(
                classes.that(JavaClass.Predicates.resideInAPackage("org.vramsheet.core..")));
    }

    @Test
    void ioReportAndCliUseNoJavaFx() {
        noClasses().that().resideInAnyPackage("org.vramsheet.io..", "org.vramsheet.report..", "org.vramsheet.cli..")
                .should().dependOnClassesThat().resideInAPackage("javafx..").check(classes);
    }

    /** Views (controls, dialogs, charts) show what their ViewModel computed; they never run a calculator. */
    @Test
    void viewsNeverCallCalculators() {
        DescribedPredicate<JavaClass> calculators = DescribedPredicate.describe("a calculator",
                c -> CALCULATORS.contains(c.getName()));
        noClasses().that().resideInAnyPackage("org.vramsheet.ui.sections..", "org.vramsheet.ui.charts..")
                .or().haveSimpleNameEndingWith("Dialog").or().haveSimpleNameEndingWith("View")
                .should().dependOnClassesThat(calculators).check(classes);
    }

    /** The window and the charts' tabs as they were split (issue 24): the classes split off them get what they need. */
    private static final Set<String> HUBS = Set.of(MainWindow.class.getName(), ChartsView.class.getName());
    /** Beside the hubs themselves: the application opens the window. */
    private static final Set<String> HUB_USERS = Set.of("org.vramsheet.ui.app.VramSheetApp");

    static ArchRule hubRule() {
        DescribedPredicate<JavaClass> hub = DescribedPredicate.describe("MainWindow or ChartsView",
                c -> HUBS.contains(c.getName()));
        DescribedPredicate<JavaClass> hubOrUser = DescribedPredicate.describe("a hub, its nested classes or the app",
                c -> HUB_USERS.contains(c.getName()) || HUBS.stream().anyMatch(h -> c.getName().equals(h)
                        || c.getName().startsWith(h + "$")));
        return noClasses().that().resideInAnyPackage("org.vramsheet.ui.app..", "org.vramsheet.ui.charts..")
                .and(DescribedPredicate.not(hubOrUser))
                .should().dependOnClassesThat(hub)
                .because("classes split off a hub receive what they need through constructors, interfaces and properties");
    }

    @Test
    void splitClassesNeverCallBackIntoTheirHub() {
        hubRule().check(classes);
    }

    /** The rule fires on a class that calls back into both hubs (a test class, so the real import never sees it). */
    @Test
    void theHubRuleCatchesACallBack() throws ClassNotFoundException {
        JavaClasses bad = new ClassFileImporter().importClasses(Class.forName("org.vramsheet.ui.app.HubCallbackExample"),
                MainWindow.class, ChartsView.class);
        AssertionError e = assertThrows(AssertionError.class, () -> hubRule().check(bad));
        assertTrue(e.getMessage().contains("HubCallbackExample") && e.getMessage().contains("MainWindow")
                && e.getMessage().contains("ChartsView"), e.getMessage());
    }
}
