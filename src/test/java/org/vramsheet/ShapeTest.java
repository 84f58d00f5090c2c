package org.vramsheet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.javaparser.JavaParser;
import com.github.javaparser.ParserConfiguration;
import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.ImportDeclaration;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.CallableDeclaration;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.expr.AnnotationExpr;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.Name;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.type.ClassOrInterfaceType;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The code's shape (STYLE.md, issue 12): no method or constructor over 60 lines, no parameter list over six (pass a
 * record instead; a record's own components are its data, not a parameter list), no class over 400 lines; no line
 * over 140 characters (main and test code); no package-qualified type name in main code outside the import and
 * package lines unless its simple name would clash (issue 24). {@code packaging/fix-shape.py} fixes the last two.
 */
class ShapeTest {
    static final int MAX_METHOD_LINES = 60;
    static final int MAX_PARAMETERS = 6;
    static final int MAX_CLASS_LINES = 400;
    static final int MAX_LINE_CHARS = 140;
    private static final JavaParser PARSER =
            new JavaParser(new ParserConfiguration().setLanguageLevel(ParserConfiguration.LanguageLevel.JAVA_17));

    /** Every rule broken in the sources under root, one line each. */
    static List<String> violations(Path root) throws IOException {
        List<String> out = new ArrayList<>();
        for (Path f : javaFiles(root)) {
            CompilationUnit cu = parse(f);
            for (TypeDeclaration<?> t : cu.findAll(TypeDeclaration.class)) {
                int n = lines(t);
                if (t.isTopLevelType() && n > MAX_CLASS_LINES) {
                    out.add(f.getFileName() + ": class " + t.getNameAsString() + " has " + n + " lines");
                }
            }
            for (CallableDeclaration<?> m : cu.findAll(CallableDeclaration.class)) {
                int n = lines(m);
                if (n > MAX_METHOD_LINES) {
                    out.add(f.getFileName() + ": " + m.getNameAsString() + " has " + n + " lines");
                }
                if (m.getParameters().size() > MAX_PARAMETERS) {
                    out.add(f.getFileName() + ": " + m.getNameAsString() + " takes " + m.getParameters().size()
                            + " parameters");
                }
            }
        }
        return out;
    }

    private static int lines(Node n) {
        return n.getEnd().orElseThrow().line - n.getBegin().orElseThrow().line + 1;
    }

    @Test
    void mainCodeKeepsItsShape() throws IOException {
        assertEquals(List.of(), violations(Path.of("src/main/java")));
    }

    @Test
    void theRulesCatchABadShape(@TempDir Path dir) throws IOException {
        StringBuilder longMethod = new StringBuilder("class Bad {\n  void m(int a, int b, int c, int d, int e, int f, int g) {\n");
        for (int i = 0; i < 70; i++) {
            longMethod.append("    a++;\n");
        }
        longMethod.append("  }\n");
        for (int i = 0; i < 340; i++) {
            longMethod.append("  int f").append(i).append(";\n");
        }
        longMethod.append("}\n");
        Files.writeString(dir.resolve("Bad.java"), longMethod);
        List<String> v = violations(dir);
        assertEquals(3, v.size(), v.toString());
        assertTrue(v.get(0).contains("class Bad has"), v.toString());
    }

    /** Lines over MAX_LINE_CHARS characters (code points) in the sources under root. */
    static List<String> longLines(Path root) throws IOException {
        List<String> out = new ArrayList<>();
        for (Path f : javaFiles(root)) {
            List<String> lines = Files.readAllLines(f);
            for (int i = 0; i < lines.size(); i++) {
                int n = lines.get(i).codePointCount(0, lines.get(i).length());
                if (n > MAX_LINE_CHARS) {
                    out.add(root.relativize(f) + ":" + (i + 1) + " has " + n + " characters");
                }
            }
        }
        return out;
    }

    /** A package-qualified type name spelt in code: {@code java.util.List}, {@code org.vramsheet.io.Messages}. */
    record Qualified(String qualifier, String simpleName, int line) {
        String name() {
            return qualifier + "." + simpleName;
        }
    }

    /**
     * The package-qualified type names in a file's code (types, expression scopes, annotations), not in its imports,
     * package line, comments or strings. A chain counts when a type's scope is all lower-case names, or an
     * expression's scope is at least two lower-case names (so {@code config.MAX} on a variable is not one).
     */
    static List<Qualified> qualifiedNames(CompilationUnit cu) {
        List<Qualified> out = new ArrayList<>();
        for (ClassOrInterfaceType t : cu.findAll(ClassOrInterfaceType.class)) {
            Optional<ClassOrInterfaceType> scope = t.getScope();
            if (upper(t.getNameAsString()) && scope.isPresent() && lowerChain(scope.get()) != null) {
                out.add(new Qualified(lowerChain(scope.get()), t.getNameAsString(), line(t)));
            }
        }
        for (FieldAccessExpr e : cu.findAll(FieldAccessExpr.class)) {
            String q = lowerChain(e.getScope());
            if (upper(e.getNameAsString()) && q != null && q.contains(".")) {
                out.add(new Qualified(q, e.getNameAsString(), line(e)));
            }
        }
        for (AnnotationExpr a : cu.findAll(AnnotationExpr.class)) {
            Name n = a.getName();
            if (n.getQualifier().isPresent() && lowerChain(n.getQualifier().get()) != null) {
                out.add(new Qualified(n.getQualifier().get().asString(), n.getIdentifier(), line(a)));
            }
        }
        out.sort((a, b) -> Integer.compare(a.line(), b.line()));
        return out;
    }

    /** "a.b.c" when the node is a chain of lower-case names (type scope, name or field access), else null. */
    private static String lowerChain(Node n) {
        if (n instanceof ClassOrInterfaceType t && t.getTypeArguments().isEmpty() && !upper(t.getNameAsString())) {
            return t.getScope().isEmpty() ? t.getNameAsString() : join(lowerChain(t.getScope().get()), t.getNameAsString());
        }
        if (n instanceof NameExpr e && !upper(e.getNameAsString())) {
            return e.getNameAsString();
        }
        if (n instanceof FieldAccessExpr e && !upper(e.getNameAsString())) {
            return join(lowerChain(e.getScope()), e.getNameAsString());
        }
        if (n instanceof Name m && !upper(m.getIdentifier())) {
            return m.getQualifier().isEmpty() ? m.getIdentifier() : join(lowerChain(m.getQualifier().get()), m.getIdentifier());
        }
        return null;
    }

    private static String join(String scope, String name) {
        return scope == null ? null : scope + "." + name;
    }

    private static boolean upper(String name) {
        return Character.isUpperCase(name.charAt(0));
    }

    private static int line(Node n) {
        return n.getBegin().orElseThrow().line;
    }

    /**
     * Qualified names that a simple name would do for: those whose simple name no import, type of the file, type of
     * its package, java.lang type or other qualified name in the file already means something else by.
     */
    static List<String> needlessQualifiedNames(Path root) throws IOException {
        List<String> out = new ArrayList<>();
        for (Path f : javaFiles(root)) {
            CompilationUnit cu = parse(f);
            String pkg = cu.getPackageDeclaration().map(p -> p.getNameAsString()).orElse("");
            Map<String, String> taken = new HashMap<>();
            for (ImportDeclaration i : cu.getImports()) {
                if (!i.isStatic() && !i.isAsterisk()) {
                    taken.put(i.getName().getIdentifier(), i.getNameAsString());
                }
            }
            Set<String> local = new HashSet<>();
            cu.findAll(TypeDeclaration.class).forEach(t -> local.add(t.getNameAsString()));
            try (Stream<Path> siblings = Files.list(f.getParent())) {
                siblings.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".java"))
                        .forEach(n -> local.add(n.substring(0, n.length() - 5)));
            }
            List<Qualified> names = qualifiedNames(cu);
            for (Qualified q : names) {
                boolean otherImport = taken.containsKey(q.simpleName()) && !taken.get(q.simpleName()).equals(q.name());
                boolean otherLocal = local.contains(q.simpleName()) && !q.qualifier().equals(pkg);
                boolean otherLang = !q.qualifier().equals("java.lang") && isJavaLang(q.simpleName());
                boolean otherQualified = names.stream().anyMatch(o -> o.simpleName().equals(q.simpleName())
                        && !o.name().equals(q.name()));
                if (!otherImport && !otherLocal && !otherLang && !otherQualified) {
                    out.add(root.relativize(f) + ":" + q.line() + " " + q.name());
                }
            }
        }
        return out;
    }

    private static boolean isJavaLang(String simpleName) {
        try {
            Class.forName("java.lang." + simpleName, false, ShapeTest.class.getClassLoader());
            return true;
        } catch (ClassNotFoundException e) {
            return false;
        }
    }

    static List<Path> javaFiles(Path root) throws IOException {
        try (Stream<Path> files = Files.walk(root)) {
            return files.filter(p -> p.toString().endsWith(".java")).sorted().toList();
        }
    }

    static CompilationUnit parse(Path f) throws IOException {
        return PARSER.parse(f).getResult().orElseThrow(() -> new IOException("cannot parse " + f));
    }

    @Test
    void noLineIsLong() throws IOException {
        List<String> v = new ArrayList<>(longLines(Path.of("src/main/java")));
        v.addAll(longLines(Path.of("src/test/java")));
        assertEquals(List.of(), v, v.size() + " long lines");
    }

    @Test
    void mainCodeImportsWhatItNames() throws IOException {
        List<String> v = needlessQualifiedNames(Path.of("src/main/java"));
        assertEquals(List.of(), v, v.size() + " qualified names");
    }

    @Test
    void theLineRuleCatchesALongLine(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("Long.java"), "class Long {\n    String s = \"" + "x".repeat(123) + "\";\n"
                + "    String t = \"" + "\u00e9".repeat(122) + "\";\n}\n");
        assertEquals(List.of("Long.java:2 has 141 characters"), longLines(dir));
    }

    @Test
    void theNameRuleCatchesQualifiedNamesButNotClashesCommentsOrStrings(@TempDir Path dir) throws IOException {
        Path pkg = Files.createDirectories(dir.resolve("p"));
        Files.writeString(pkg.resolve("Figure.java"), "package p;\nclass Figure {}\n");
        Files.writeString(pkg.resolve("Bad.java"), String.join("\n",
                "package p;",
                "import java.util.List;",
                "import org.other.Node;",
                "/** Uses {@link java.util.Map}. */",
                "@java.lang.Deprecated class Bad {",
                "    java.util.List<String> a;",
                "    java.util.Map.Entry<String, String> b;",
                "    String c = \"java.util.Set\";",
                "    Object d = org.vramsheet.io.Messages.oneLine(c);",
                "    org.other.Figure e;",
                "    org.third.Node f;",
                "    Object g = java.util.Objects::isNull;",
                "    @org.junit.jupiter.api.Tag(\"x\") void h() throws java.io.IOException { this.b.getKey(); a.size(); }",
                "    Object i = java.lang.Math.PI;",
                "    Object j = org.other.String.class;",
                "    Object k = List.of(Bad.Inner.X, p.Bad.class);",
                "    enum Inner { X }",
                "}", ""));
        assertEquals(List.of("p/Bad.java:5 java.lang.Deprecated", "p/Bad.java:6 java.util.List", "p/Bad.java:7 java.util.Map",
                "p/Bad.java:9 org.vramsheet.io.Messages", "p/Bad.java:12 java.util.Objects",
                "p/Bad.java:13 java.io.IOException", "p/Bad.java:13 org.junit.jupiter.api.Tag", "p/Bad.java:14 java.lang.Math",
                "p/Bad.java:16 p.Bad"),
                needlessQualifiedNames(dir));
    }
}
