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
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.vramsheet.ui.app.MainWindow;
import org.vramsheet.ui.charts.ChartsView;

/**
 * The design, checked on the compiled classes by ArchUnit (STYLE.md; JabRef's CommonArchitectureTest): the
 * layers core &lt;- io &lt;- report &lt;- cli and ui, ui never uses cli, no package cycles, a pure core, and
 * views that leave calculating to their ViewModels, and hubs that were split (issue 24) are not called back. Each rule is written for a
 * root package, so the self-test can
 * run it on the deliberately bad classes under {@code org.vramsheet.archbad} (test code, never imported here
 * otherwise).
 */
class ArchitectureTest {
    private static final String ROOT = "org.vramsheet";
    private static final String BAD_ROOT = "org.vramsheet.archbad";
    private static JavaClasses classes;
    /** The classes that compute, below the root (their nested result records are what views show). */
    private static final Set<String> CALCULATORS = Set.of(
            "core.calc.SizingCalculator", "core.curves.Curves",
            "core.placement.Planner", "core.validation.LogComparison",
            "core.engine.NonKvEstimator", "core.compare.Comparison");

    @BeforeAll
    static void importClasses() {
        classes = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages(ROOT);
    }

    /** Every rule for the classes under root, by name. */
    static Map<String, ArchRule> rules(String root) {
        Map<String, ArchRule> r = new LinkedHashMap<>();
        r.put("layers", layeredArchitecture().consideringOnlyDependenciesInLayers()
                .layer("core").definedBy(root + ".core..")
                .layer("io").definedBy(root + ".io..")
                .layer("report").definedBy(root + ".report..")
                .layer("cli").definedBy(root + ".cli..")
                .layer("ui").definedBy(root + ".ui..")
                .layer("launcher").definedBy(root)
                .whereLayer("launcher").mayNotBeAccessedByAnyLayer()
                .whereLayer("cli").mayOnlyBeAccessedByLayers("launcher")
                .whereLayer("ui").mayOnlyBeAccessedByLayers("launcher")
                .whereLayer("report").mayOnlyBeAccessedByLayers("cli", "ui")
                .whereLayer("io").mayOnlyBeAccessedByLayers("report", "cli", "ui")
                .whereLayer("core").mayOnlyBeAccessedByLayers("io", "report", "cli", "ui"));
        r.put("uiNeverUsesCli", noClasses().that().resideInAPackage(root + ".ui..")
                .should().dependOnClassesThat().resideInAPackage(root + ".cli.."));
        r.put("noPackageCycles", slices().matching(root + ".(**)").should().beFreeOfCycles());
        r.put("coreIsPure", noClasses().that().resideInAPackage(root + ".core..")
                .should().dependOnClassesThat().resideInAnyPackage("javafx..", "java.io..", "java.nio..", "java.net..",
                        "com.fasterxml..", "org.apache.."));
        r.put("coreUsesNoStandardStreams", noClasses().that().resideInAPackage(root + ".core..")
                .should(GeneralCodingRules.ACCESS_STANDARD_STREAMS));
        r.put("ioReportAndCliUseNoJavaFx", noClasses()
                .that().resideInAnyPackage(root + ".io..", root + ".report..", root + ".cli..")
                .should().dependOnClassesThat().resideInAPackage("javafx.."));
        DescribedPredicate<JavaClass> calculators = DescribedPredicate.describe("a calculator",
                c -> CALCULATORS.stream().anyMatch(name -> c.getName().equals(root + "." + name)));
        // Views (controls, dialogs, charts) show what their ViewModel computed; they never run a calculator.
        r.put("viewsNeverCallCalculators", noClasses().that().resideInAnyPackage(root + ".ui.sections..", root + ".ui.charts..")
                .or().haveSimpleNameEndingWith("Dialog").or().haveSimpleNameEndingWith("View")
                .should().dependOnClassesThat(calculators));
        return r;
    }

    @Test
    void layers() {
        rules(ROOT).get("layers").check(classes);
    }

    @Test
    void uiNeverUsesCli() {
        rules(ROOT).get("uiNeverUsesCli").check(classes);
    }

    @Test
    void noPackageCycles() {
        rules(ROOT).get("noPackageCycles").check(classes);
    }

    @Test
    void coreIsPure() {
        rules(ROOT).get("coreIsPure").check(classes);
        rules(ROOT).get("coreUsesNoStandardStreams").check(classes);
    }

    @Test
    void ioReportAndCliUseNoJavaFx() {
        rules(ROOT).get("ioReportAndCliUseNoJavaFx").check(classes);
    }

    @Test
    void viewsNeverCallCalculators() {
        rules(ROOT).get("viewsNeverCallCalculators").check(classes);
    }

    /** The rules' self-test: every rule fails on the bad classes, naming the one that breaks it. */
    @Test
    void everyRuleFiresOnTheBadClasses() {
        JavaClasses bad = new ClassFileImporter().importPackages(BAD_ROOT);
        Map<String, String> culprit = Map.of("layers", "Impure", "uiNeverUsesCli", "BadView",
                "noPackageCycles", "BadView", "coreIsPure", "Impure", "coreUsesNoStandardStreams", "Impure",
                "ioReportAndCliUseNoJavaFx", "BadIo", "viewsNeverCallCalculators", "BadView");
        Map<String, ArchRule> rules = rules(BAD_ROOT);
        assertTrue(rules.keySet().equals(culprit.keySet()), "a rule without a bad class: " + rules.keySet());
        rules.forEach((name, rule) -> {
            AssertionError e = assertThrows(AssertionError.class, () -> rule.check(bad), name + " did not fire");
            assertTrue(e.getMessage().contains(BAD_ROOT + "."), name + ": " + e.getMessage());
            assertTrue(e.getMessage().contains(culprit.get(name)), name + " did not name " + culprit.get(name) + ": "
                    + e.getMessage());
        });
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

    /** PdfReport was split into content and its parts (archive, palette, canvas, sections): the parts never call it back. */
    static ArchRule pdfPartsRule() {
        return noClasses().that().resideInAPackage("org.vramsheet.report").and().haveSimpleNameStartingWith("Pdf")
                .and().doNotHaveSimpleName("PdfReport").or().haveSimpleName("SignatureAppearance")
                .should().dependOnClassesThat().haveFullyQualifiedName("org.vramsheet.report.PdfReport")
                .because("the PDF's parts get what they need as arguments; PdfReport only composes them");
    }

    @Test
    void pdfPartsNeverCallBackIntoPdfReport() {
        pdfPartsRule().check(classes);
    }

    @Test
    void thePdfPartsRuleCatchesACallBack() throws ClassNotFoundException {
        JavaClasses bad = new ClassFileImporter().importClasses(Class.forName("org.vramsheet.report.PdfCallbackExample"));
        AssertionError e = assertThrows(AssertionError.class, () -> pdfPartsRule().check(bad));
        assertTrue(e.getMessage().contains("PdfCallbackExample"), e.getMessage());
    }
}
