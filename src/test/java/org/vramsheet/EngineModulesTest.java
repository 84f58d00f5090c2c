package org.vramsheet;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaAccess;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import java.util.Arrays;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.vramsheet.core.engine.Engines;
import org.vramsheet.core.engine.spi.EngineModule;
import org.vramsheet.core.sheet.Engine;

/**
 * One engine, one module: outside the engine modules (core.engine's packages and the engine log readers in io.logs) no
 * code names an engine constant, so no code switches on or compares the engine; every engine has exactly one module.
 */
class EngineModulesTest {
    private static JavaClasses classes;

    @BeforeAll
    static void importClasses() {
        classes = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("org.vramsheet");
    }

    /** An access to one of Engine's constants (a comparison, an assignment) or its ordinal (what a {@code switch} compiles to). */
    private static final DescribedPredicate<JavaAccess<?>> ENGINE_CONSTANT = DescribedPredicate.describe(
            "an access to an Engine constant or a switch on it", a -> a.getTargetOwner().isEquivalentTo(Engine.class)
                    && (a.getTarget().getName().equals("ordinal")
                    || Arrays.stream(Engine.values()).anyMatch(e -> e.name().equals(a.getTarget().getName()))));

    /** The log readers' classes (each reads one engine's log; their nested and synthetic classes included). */
    private static final Set<String> ENGINE_LOG_CLASSES = Set.of("VllmLogReader", "VllmV0Reader", "VllmStages",
            "SglangLogReader", "LlamaCppLogReader", "LlamaCppFitParamsReader", "TrtLlmLogReader", "OllamaLogReader");

    /** The engine modules: core.engine's packages, the engine's own enum, and the io.logs classes of one engine's log. */
    private static final DescribedPredicate<JavaClass> ENGINE_MODULE = DescribedPredicate.describe("an engine module",
            c -> c.getPackageName().startsWith("org.vramsheet.core.engine") || c.isEquivalentTo(Engine.class)
                    || c.getPackageName().equals("org.vramsheet.io.logs") && ENGINE_LOG_CLASSES.stream()
                    .anyMatch(n -> c.getSimpleName().startsWith(n)));

    static ArchRule onlyEngineModulesNameAnEngine() {
        return noClasses().that(DescribedPredicate.not(ENGINE_MODULE)).should().accessTargetWhere(ENGINE_CONSTANT)
                .because("engine knowledge lives in the engine's module (issue 24): ask Engines.of(engine)");
    }

    @Test
    void onlyEngineModulesSwitchOnOrCompareTheEngine() {
        onlyEngineModulesNameAnEngine().check(classes);
    }

    /** The rule's self-test: a class outside the modules that compares or switches on the engine is caught. */
    @Test
    void theRuleFiresOnAClassThatComparesTheEngine() {
        JavaClasses bad = new ClassFileImporter().importClasses(Comparing.class, Switching.class);
        AssertionError e = assertThrows(AssertionError.class, () -> onlyEngineModulesNameAnEngine().check(bad));
        assertEquals(true, e.getMessage().contains("Comparing") && e.getMessage().contains("Switching"), e.getMessage());
    }

    @Test
    void everyEngineHasExactlyOneModule() {
        for (Engine e : Engine.values()) {
            assertSame(e, Engines.of(e).engine(), e.name());
        }
        Set<Engine> covered = Engines.all().stream().map(EngineModule::engine).collect(Collectors.toSet());
        assertEquals(Set.of(Engine.values()), covered);
        assertEquals(Engine.values().length, Engines.all().size());
    }

    /** Deliberately bad: compares the engine outside a module. */
    static final class Comparing {
        boolean vllm(Engine e) { return e == Engine.VLLM; }
    }

    /** Deliberately bad: switches on the engine outside a module. */
    static final class Switching {
        int code(Engine e) {
            return switch (e) {
                case VLLM -> 1;
                default -> 0;
            };
        }
    }
}
