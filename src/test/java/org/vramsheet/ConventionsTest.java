package org.vramsheet;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.github.javaparser.StaticJavaParser;
import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.ImportDeclaration;
import com.github.javaparser.ast.body.AnnotationDeclaration;
import com.github.javaparser.ast.expr.AnnotationExpr;
import com.github.javaparser.ast.expr.StringLiteralExpr;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Conventions that are easy to break by hand (issue 24): tests are tagged through the composed annotations
 * ({@link Robot}, {@link Benchmark}, {@link External}), never {@code @Tag("...")} (a misspelt string would slip past
 * {@code mvn -Pfast}), and the fast profile leaves out exactly their tags; each package-info's "Uses ..." sentence
 * names the packages its classes import.
 */
class ConventionsTest {
    private static final String PROJECT = "org.vramsheet";
    private static final Set<String> LAYERS = Set.of("core", "io", "report", "cli", "ui");
    private static final Pattern USES = Pattern.compile("\\bUses ((?:\\{@code [\\w.]+\\}(?:, | and |, and )?)+|nothing else)");
    private static final Pattern CODE = Pattern.compile("\\{@code ([\\w.]+)\\}");

    /** Tag annotations written inline: every {@code @Tag} / {@code @Tags} outside an annotation declaration. */
    static List<String> inlineTags(Path root) throws IOException {
        List<String> out = new ArrayList<>();
        for (Path f : ShapeTest.javaFiles(root)) {
            for (AnnotationExpr a : ShapeTest.parse(f).findAll(AnnotationExpr.class)) {
                String n = a.getName().getIdentifier();
                boolean onAnnotationType = a.getParentNode().filter(AnnotationDeclaration.class::isInstance).isPresent();
                if ((n.equals("Tag") || n.equals("Tags")) && !onAnnotationType) {
                    out.add(root.relativize(f) + ":" + a.getBegin().orElseThrow().line + " " + a);
                }
            }
        }
        return out;
    }

    /** The tag strings the composed annotations (annotation types meta-annotated with @Tag) stand for. */
    static Set<String> composedTags(Path root) throws IOException {
        Set<String> out = new TreeSet<>();
        for (Path f : ShapeTest.javaFiles(root)) {
            for (AnnotationDeclaration d : ShapeTest.parse(f).findAll(AnnotationDeclaration.class)) {
                d.getAnnotationByName("Tag").ifPresent(t -> t.findAll(StringLiteralExpr.class)
                        .forEach(s -> out.add(s.getValue())));
            }
        }
        return out;
    }

    /** The groups the pom's fast profile excludes. */
    static Set<String> fastExcludes(String pom) {
        Matcher m = Pattern.compile("<id>fast</id>.*?<excludedGroups>([^<]*)</excludedGroups>", Pattern.DOTALL).matcher(pom);
        return m.find() ? Arrays.stream(m.group(1).split(",")).map(String::trim).collect(Collectors.toCollection(TreeSet::new))
                : Set.of();
    }

    /**
     * For each package under root with classes: the "Uses" sentence of its package-info against what its classes
     * import (imports and qualified names in code). Another layer counts as the layer ({@code core}); a room of the
     * package's own layer as the room ({@code core.sheet}, or {@code sheet} inside core).
     */
    static List<String> usesMismatches(Path root) throws IOException {
        List<String> out = new ArrayList<>();
        for (Path info : ShapeTest.javaFiles(root).stream().filter(p -> p.endsWith("package-info.java")).toList()) {
            String pkg = relative(StaticJavaParser.parse(info).getPackageDeclaration().orElseThrow().getNameAsString());
            Set<String> used = new TreeSet<>();
            List<Path> classes;
            try (var siblings = Files.list(info.getParent())) {
                classes = siblings.filter(p -> p.toString().endsWith(".java") && !p.endsWith("package-info.java")).toList();
            }
            if (classes.isEmpty()) {
                continue; // a layer's own package-info speaks for the layer
            }
            for (Path f : classes) {
                used.addAll(usedBy(ShapeTest.parse(f), pkg));
            }
            String text = Files.readString(info);
            Matcher m = USES.matcher(text.replaceAll("\\s*\\n\\s*\\*\\s*", " "));
            if (!m.find()) {
                if (!used.isEmpty()) {
                    out.add(pkg + ": no \"Uses ...\" sentence; its classes use " + used);
                }
                continue;
            }
            Set<String> said = new TreeSet<>();
            Matcher c = CODE.matcher(m.group(1));
            while (c.find()) {
                String name = c.group(1);
                said.add(name.contains(".") || LAYERS.contains(name) ? name : layer(pkg) + "." + name);
            }
            if (!said.equals(used)) {
                out.add(pkg + ": says it uses " + said + " but uses " + used);
            }
        }
        return out;
    }

    private static Set<String> usedBy(CompilationUnit cu, String pkg) {
        List<String> packages = new ArrayList<>();
        for (ImportDeclaration i : cu.getImports()) {
            packages.add(packageOf(i.getNameAsString()));
        }
        ShapeTest.qualifiedNames(cu).forEach(q -> packages.add(q.qualifier()));
        Set<String> out = new TreeSet<>();
        for (String p : packages) {
            if (!p.equals(PROJECT) && !p.startsWith(PROJECT + ".")) {
                continue;
            }
            String rel = relative(p);
            String name = rel.isEmpty() || pkg.isEmpty() || !layer(rel).equals(layer(pkg)) ? layer(rel) : room(rel);
            if (!name.isEmpty() && !name.equals(pkg)) {
                out.add(name);
            }
        }
        return out;
    }

    private static String packageOf(String name) {
        List<String> parts = new ArrayList<>();
        for (String s : name.split("\\.")) {
            if (Character.isUpperCase(s.charAt(0))) {
                break;
            }
            parts.add(s);
        }
        return String.join(".", parts);
    }

    private static String relative(String pkg) {
        return pkg.equals(PROJECT) ? "" : pkg.substring(PROJECT.length() + 1);
    }

    private static String layer(String rel) {
        return rel.split("\\.")[0];
    }

    private static String room(String rel) {
        String[] s = rel.split("\\.");
        return s.length == 1 ? s[0] : s[0] + "." + s[1];
    }

    @Test
    void testsTagThroughTheComposedAnnotations() throws IOException {
        assertEquals(List.of(), inlineTags(Path.of("src/test/java")));
    }

    @Test
    void theFastProfileLeavesOutExactlyTheComposedTags() throws IOException {
        Set<String> tags = composedTags(Path.of("src/test/java"));
        assertEquals(Set.of("robot", "benchmark", "external"), tags);
        assertEquals(tags, fastExcludes(Files.readString(Path.of("pom.xml"))));
    }

    @Test
    void packageInfosSayWhatTheirPackagesUse() throws IOException {
        assertEquals(List.of(), usesMismatches(Path.of("src/main/java")));
    }

    @Test
    void theTagRulesCatchAnInlineTag(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("Slow.java"), String.join("\n",
                "import org.junit.jupiter.api.Tag;",
                "@Tag(\"robto\") class SlowTest {",
                "    @org.junit.jupiter.api.Tags({@Tag(\"benchmark\")}) void t() {}",
                "}",
                "@Tag(\"robot\") @interface Robot {}", ""));
        assertEquals(List.of("Slow.java:2 @Tag(\"robto\")", "Slow.java:3 @org.junit.jupiter.api.Tags({ @Tag(\"benchmark\") })",
                "Slow.java:3 @Tag(\"benchmark\")"), inlineTags(dir));
        assertEquals(Set.of("robot"), composedTags(dir));
        assertEquals(Set.of("robot", "external"), fastExcludes("<profile><id>fast</id><build><excludedGroups>robot, external"
                + "</excludedGroups></build></profile>"));
    }

    @Test
    void theUsesRuleCatchesAWrongSentence(@TempDir Path dir) throws IOException {
        Path core = Files.createDirectories(dir.resolve("org/vramsheet/core/calc"));
        Files.writeString(core.resolve("package-info.java"), "/** Sums. Uses {@code sheet}, {@code io}. */\n"
                + "package org.vramsheet.core.calc;\n");
        Files.writeString(core.resolve("Sum.java"), "package org.vramsheet.core.calc;\nimport org.vramsheet.core.sheet.Sheet;\n"
                + "import static org.vramsheet.core.units.Units.gb;\nimport java.util.List;\n"
                + "class Sum { Object o = org.vramsheet.core.calc.Calc.X; List<Sheet> s; }\n");
        Path ui = Files.createDirectories(dir.resolve("org/vramsheet/ui/text"));
        Files.writeString(ui.resolve("package-info.java"), "/**\n * Words.\n */\npackage org.vramsheet.ui.text;\n");
        Files.writeString(ui.resolve("Words.java"), "package org.vramsheet.ui.text;\nimport org.vramsheet.core.result.Figure;\n"
                + "class Words { org.vramsheet.ui.model.Vm v; }\n");
        Path io = Files.createDirectories(dir.resolve("org/vramsheet/io"));
        Files.writeString(io.resolve("package-info.java"), "/**\n * Files. Uses {@code core} and\n * {@code io.json}.\n */\n"
                + "package org.vramsheet.io;\n");
        Files.writeString(io.resolve("Files.java"), "package org.vramsheet.io;\nimport org.vramsheet.core.sheet.Sheet;\n"
                + "import org.vramsheet.io.json.Json;\nclass Files {}\n");
        assertEquals(List.of("core.calc: says it uses [core.sheet, io] but uses [core.sheet, core.units]",
                "ui.text: no \"Uses ...\" sentence; its classes use [core, ui.model]"), usesMismatches(dir));
    }
}
