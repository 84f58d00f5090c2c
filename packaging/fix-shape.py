#!/usr/bin/env python3
"""Rewrites the Java sources so ShapeTest's line and name rules pass (issue 24).

1. In src/main/java, a package-qualified type name spelt in code (java.util.List<String> x,
   org.vramsheet.io.Messages.oneLine(...), @javax.annotation.Nullable) becomes its simple name plus an
   import, unless the simple name would clash: with another import, a type declared in the file or in its
   package, a java.lang type, or another qualified name of the same simple name in the file. Imports,
   package lines, comments and string literals are left alone; the new import goes into the existing
   import block at its sorted place; nothing else is reordered.
2. In src/main/java and src/test/java, a line over 140 characters is wrapped after a comma or before an
   operator, the continuation indented 8 spaces more than the statement. A string literal that cannot
   otherwise fit is split as "..." + "..."; a text-block line is split with a trailing \\ (no newline added).

Usage (from the project root):  python3 packaging/fix-shape.py [--root DIR] [--no-tests] [--dry-run]
Python 3 standard library only.
"""
import argparse
import os
import re
import sys

MAX = 140
CONT = 8

JAVA_LANG = set("""
AbstractMethodError AbstractStringBuilder Appendable ApplicationShutdownHooks ArithmeticException
ArrayIndexOutOfBoundsException ArrayStoreException AssertionError AssertionStatusDirectives AutoCloseable
Boolean BootstrapMethodError Byte CharSequence Character CharacterData CharacterData00 CharacterData01
CharacterData02 CharacterData03 CharacterData0E CharacterDataLatin1 CharacterDataPrivateUse
CharacterDataUndefined CharacterName Class ClassCastException ClassCircularityError ClassFormatError
ClassLoader ClassNotFoundException ClassValue CloneNotSupportedException Cloneable Comparable Compiler
CompoundEnumeration ConditionalSpecialCasing Deprecated Double Enum EnumConstantNotPresentException Error
Exception ExceptionInInitializerError FdLibm Float FunctionalInterface IllegalAccessError
IllegalAccessException IllegalArgumentException IllegalCallerException IllegalMonitorStateException
IllegalStateException IllegalThreadStateException IncompatibleClassChangeError IndexOutOfBoundsException
InheritableThreadLocal InstantiationError InstantiationException Integer InternalError InterruptedException
Iterable LayerInstantiationException LinkageError LiveStackFrame LiveStackFrameInfo Long Math Module
ModuleLayer NamedPackage NegativeArraySizeException NoClassDefFoundError NoSuchFieldError
NoSuchFieldException NoSuchMethodError NoSuchMethodException NullPointerException Number
NumberFormatException Object OutOfMemoryError Override Package Process ProcessBuilder ProcessEnvironment
ProcessHandle ProcessHandleImpl ProcessImpl PublicMethods Readable Record ReflectiveOperationException
Runnable Runtime RuntimeException RuntimePermission SafeVarargs SecurityException SecurityManager Short
Shutdown StackFrameInfo StackOverflowError StackStreamFactory StackTraceElement StackWalker StrictMath String
StringBuffer StringBuilder StringCoding StringConcatHelper StringIndexOutOfBoundsException StringLatin1
StringUTF16 SuppressWarnings System Terminator Thread ThreadDeath ThreadGroup ThreadLocal Throwable
TypeNotPresentException UnknownError UnsatisfiedLinkError UnsupportedClassVersionError
UnsupportedOperationException VerifyError VersionProps VirtualMachineError Void WeakPairMap
""".split())

TOKEN = re.compile(r'''
    (?P<textblock>"""[ \t\f]*\n(?:[^"\\]|\\.|"(?!""))*""")
  | (?P<string>"(?:[^"\\\n]|\\.)*")
  | (?P<char>'(?:[^'\\\n]|\\.)+')
  | (?P<linecomment>//[^\n]*)
  | (?P<blockcomment>/\*.*?\*/)
  | (?P<ws>\s+)
  | (?P<ident>[^\W\d][\w$]*|\$[\w$]*)
  | (?P<number>\.?\d(?:[\w.]|[eEpP][+-])*)
  | (?P<op>->|::|\.\.\.|\+\+|--|&&|\|\||<<=|[=!<>+\-*/%&|^]=|<<|[-+*/%=<>!~?:;,.(){}\[\]@&|^])
''', re.VERBOSE | re.DOTALL)


class Tok:
    __slots__ = ("kind", "text", "start", "end")

    def __init__(self, kind, text, start):
        self.kind, self.text, self.start, self.end = kind, text, start, start + len(text)

    def __repr__(self):
        return "%s(%r)" % (self.kind, self.text)


def tokenize(src):
    out, pos = [], 0
    while pos < len(src):
        m = TOKEN.match(src, pos)
        if not m:
            out.append(Tok("op", src[pos], pos))
            pos += 1
            continue
        out.append(Tok(m.lastgroup, m.group(), pos))
        pos = m.end()
    return out


def significant(toks):
    return [t for t in toks if t.kind not in ("ws", "linecomment", "blockcomment")]


def upper(name):
    return name[:1].isupper()


# ---------------------------------------------------------------- qualified names

def qualified_chains(toks):
    """(first token, simple-name token, qualifier, is_annotation) for each package-qualified name in code."""
    sig = significant(toks)
    out = []
    i = 0
    while i < len(sig):
        t = sig[i]
        prev = sig[i - 1] if i > 0 else None
        if t.kind == "ident" and not upper(t.text) and not (prev and prev.text in (".", "::")):
            if prev and prev.text in ("import", "package"):
                i += 1
                continue
            if prev and prev.text == "static" and i > 1 and sig[i - 2].text == "import":
                i += 1
                continue
            parts, j = [t.text], i
            while j + 2 < len(sig) and sig[j + 1].text == "." and sig[j + 2].kind == "ident":
                j += 2
                if upper(sig[j].text):
                    break
                parts.append(sig[j].text)
            last = sig[j]
            annotation = prev is not None and prev.text == "@"
            is_type_context = annotation
            if j > i and upper(last.text) and (len(parts) >= 2 or is_type_context) and last.text != "class":
                out.append((t, last, ".".join(parts), annotation))
                i = j + 1
                continue
        i += 1
    return out


def declared_types(toks):
    sig = significant(toks)
    names = set()
    for k in range(len(sig) - 1):
        if sig[k].text in ("class", "interface", "enum", "record") and sig[k + 1].kind == "ident":
            if k > 0 and sig[k - 1].text == ".":
                continue  # Foo.class
            names.add(sig[k + 1].text)
    return names


def fix_names(path, src):
    toks = tokenize(src)
    pkg_m = re.search(r'^\s*package\s+([\w.]+)\s*;', src, re.M)
    pkg = pkg_m.group(1) if pkg_m else ""
    imports = {}
    for m in re.finditer(r'^import\s+(?!static\b)([\w.]+)\s*;', src, re.M):
        imports[m.group(1).rsplit(".", 1)[-1]] = m.group(1)
    local = declared_types(toks)
    directory = os.path.dirname(path)
    local |= {f[:-5] for f in os.listdir(directory) if f.endswith(".java")}
    chains = qualified_chains(toks)
    by_simple = {}
    for first, last, q, _ in chains:
        by_simple.setdefault(last.text, set()).add(q + "." + last.text)
    edits, new_imports, kept = [], set(), []
    for first, last, q, _ in chains:
        simple, name = last.text, q + "." + last.text
        clash = ((simple in imports and imports[simple] != name)
                 or (simple in local and q != pkg)
                 or (q != "java.lang" and simple in JAVA_LANG)
                 or len(by_simple[simple]) > 1)
        if clash:
            kept.append(name)
            continue
        edits.append((first.start, last.start))
        if q not in ("java.lang", pkg) and simple not in imports:
            new_imports.add(name)
    for a, b in sorted(edits, reverse=True):
        src = src[:a] + src[b:]
    if new_imports:
        src = add_imports(src, sorted(new_imports))
    return src, len(edits), kept


def add_imports(src, names):
    lines = src.split("\n")
    for name in names:
        imp = "import %s;" % name
        plain = [i for i, l in enumerate(lines) if l.startswith("import ") and not l.startswith("import static ")]
        if plain:
            pos = next((i for i in plain if lines[i] > imp), plain[-1] + 1)
            lines.insert(pos, imp)
            continue
        static = [i for i, l in enumerate(lines) if l.startswith("import static ")]
        if static:
            lines[static[-1] + 1:static[-1] + 1] = ["", imp]
            continue
        pkg = next((i for i, l in enumerate(lines) if l.startswith("package ")), -1)
        lines[pkg + 1:pkg + 1] = ["", imp]
    return "\n".join(lines)


# ---------------------------------------------------------------- long lines

def width(s):
    return len(s)


BREAK_BEFORE = {"+", "-", "*", "/", "%", "&&", "||", "?", ":", "==", "!=", "<=", ">="}
OPERAND_END = {"ident", "number", "string", "char"}


def statement_indent(lines, idx):
    """The indent of the statement the line belongs to, and whether the line is its first line."""
    own = len(lines[idx]) - len(lines[idx].lstrip(" "))
    k = idx - 1
    while k >= 0:
        s = lines[k].strip()
        if not s or s.startswith(("//", "*", "/*")) or s.endswith("*/"):
            k -= 1
            continue
        s = re.sub(r'\s*//.*$', '', s) if '"' not in s else s
        first = s.endswith((";", "{", "}")) or (s.startswith("@") and s.count("(") == s.count(")"))
        return own, first
    return own, True


def break_points(rest):
    """(cut, depth, rank, after a comma) for each place the code fragment may break: after a comma, before an operator."""
    toks = tokenize(rest)
    sig = [t for t in toks if t.kind != "ws"]
    out, depth, angle = [], 0, 0
    for n, t in enumerate(sig):
        if t.kind == "linecomment":
            break
        prev = sig[n - 1] if n > 0 else None
        if t.text == "<" and prev is not None and t.start == prev.end and (upper(prev.text) or prev.text == "."):
            angle += 1  # type arguments: List<String, ...>, Foo.<T>bar()
        elif t.text == ">" and angle:
            angle -= 1
        elif angle:
            continue
        elif t.kind == "op" and t.text in ("(", "[", "{"):
            depth += 1
        elif t.kind == "op" and t.text in (")", "]", "}"):
            depth -= 1
        elif t.text == "," and t.kind == "op":
            out.append((t.end, depth, 0, True))
        elif t.kind == "op" and t.text in BREAK_BEFORE and prev is not None:
            if t.text in ("?", ":") and not (rest[t.start - 1:t.start] == " " and rest[t.end:t.end + 1] == " "):
                continue
            if t.text in ("+", "-") and not (prev.kind in OPERAND_END or prev.text in (")", "]")):
                continue  # a sign, not an operator
            out.append((t.start, depth, 0, False))
        elif t.kind == "op" and t.text == "." and n + 2 < len(sig) and sig[n + 2].text == "(" and prev is not None and prev.text == ")":
            out.append((t.start, depth, 1, False))  # a chained call: only when nothing else fits
    return out


def wrap_code_line(line, cont_indent):
    """Splits one code line into pieces no longer than MAX; None when no break point fits."""
    pieces, rest = [], line
    for _ in range(60):
        if width(rest) <= MAX:
            pieces.append(rest)
            return pieces
        lead = len(rest) - len(rest.lstrip())
        cands = [c for c in break_points(rest)
                 if lead + 10 < width(rest[:c[0]].rstrip()) <= MAX and rest[c[0]:].strip()]
        if not cands:
            split = split_string(rest)
            if split is None:
                return None
            rest = split
            continue
        best_rank = min(c[2] for c in cands)
        cands = [c for c in cands if c[2] == best_rank]
        late = [c for c in cands if c[0] >= MAX * 0.5] or cands
        low = min(c[1] for c in late)
        shallow = [c for c in late if c[1] == low]
        cut = max(c[0] for c in ([c for c in shallow if c[3]] or shallow))
        pieces.append(rest[:cut].rstrip())
        rest = " " * cont_indent + rest[cut:].lstrip()
    return None


def split_string(rest):
    """The string literal crossing the limit split into "a" + "b" so that "a" + fits; None if none can be."""
    toks = tokenize(rest)
    sig = [t for t in toks if t.kind != "ws"]
    for n, t in enumerate(sig):
        if t.kind == "string" and t.start < MAX - 12 and t.end > MAX:
            body = t.text[1:-1]
            room = min(MAX - t.start - 4, len(body) - 1)
            safe = safe_cuts(body)
            cut = next((k for k in range(room, max(room - 60, 3), -1) if k in safe and body[k - 1] in " ,;"), None)
            if cut is None:
                cut = next((k for k in range(room, 3, -1) if k in safe), None)
            if cut is None:
                return None
            new = '"%s" + "%s"' % (body[:cut], body[cut:])
            if n + 1 < len(sig) and sig[n + 1].text == ".":
                new = "(" + new + ")"
            return rest[:t.start] + new + rest[t.end:]
    return None


def safe_cuts(body):
    """Positions where a string literal's body may be cut without splitting an escape sequence."""
    unsafe, i = set(), 0
    while i < len(body):
        if body[i] == "\\":
            j = i + 1
            if j < len(body) and body[j] == "u":
                while j < len(body) and body[j] == "u":
                    j += 1
                j += 4
            elif j < len(body) and body[j] in "01234567":
                while j < len(body) and j < i + 4 and body[j] in "01234567":
                    j += 1
            else:
                j += 1
            unsafe.update(range(i + 1, j))
            i = j
        else:
            i += 1
    return {k for k in range(1, len(body)) if k not in unsafe}


def wrap_text_line(line, in_text_block):
    """A comment or text-block line split at a space; text blocks keep their content with a trailing \\."""
    indent = len(line) - len(line.lstrip())
    stripped = line.lstrip()
    if in_text_block:
        cut = line.rfind(" ", indent + 1, MAX - 1)
        if cut <= indent:
            return None
        return [line[:cut + 1] + "\\", " " * indent + line[cut + 1:]]
    m = re.match(r'(\s*)(//\s?|\*\s?|/\*\*?\s?)', line)
    if not m:
        return None
    lead = m.group(1) + ("// " if m.group(2).startswith("//") else " * " if m.group(2).startswith(("*", "/*")) else "")
    if m.group(2).startswith("*"):
        lead = m.group(1) + "* "
    cut = line.rfind(" ", len(m.group()), MAX + 1)
    if cut <= len(m.group()):
        return None
    return [line[:cut].rstrip(), lead + line[cut + 1:]]


def fix_lines(src):
    """Wraps every line over MAX; returns the new source, lines wrapped and lines left long."""
    wrapped, left = 0, []
    for _ in range(10000):
        lines = src.split("\n")
        long_idx = [i for i, l in enumerate(lines) if width(l) > MAX and i not in left]
        if not long_idx:
            break
        idx = long_idx[0]
        toks = tokenize(src)
        starts = [0]
        for l in lines:
            starts.append(starts[-1] + len(l) + 1)
        ls, le = starts[idx], starts[idx] + len(lines[idx])
        spanning = [t for t in toks if t.kind != "ws" and t.start < le and t.end > ls and not (t.start >= ls and t.end <= le)]
        line = lines[idx]
        new = None
        if spanning:
            kind = spanning[0].kind
            inside = spanning[0].start < ls  # the line starts inside a text block or comment
            if inside and kind == "textblock":
                tail_ok = spanning[0].end >= le or spanning[0].end - ls > MAX
                new = wrap_text_line(line, True) if tail_ok else None
            elif inside and kind == "blockcomment":
                new = wrap_text_line(line, False)
        elif line.lstrip().startswith("//"):
            new = wrap_text_line(line, False)
        else:
            own, first = statement_indent(lines, idx)
            new = wrap_code_line(line, own + CONT if first else own)
        if new is None or any(p == line for p in new):
            left.append(idx)
            continue
        nxt = lines[idx + 1] if idx + 1 < len(lines) else ""
        tail = new[-1]
        tail_indent = len(tail) - len(tail.lstrip())
        if (len(tail.strip()) < 60 and tail.rstrip().endswith(",") and nxt.strip()
                and len(nxt) - len(nxt.lstrip()) == tail_indent
                and not nxt.lstrip().startswith(("//", "/*", "*", ")", "}", "]", "."))):
            # a short tail of a list joins the list's next line, so wrapping adds as few lines as it can
            lines[idx:idx + 2] = new[:-1] + [tail.rstrip() + " " + nxt.lstrip()]
        else:
            lines[idx:idx + 1] = new
        src = "\n".join(lines)
        wrapped += 1
        left = [i + len(new) - 1 if i > idx else i for i in left]
    return src, wrapped, left


# ---------------------------------------------------------------- driver

def java_files(root):
    for d, _, files in os.walk(root):
        for f in sorted(files):
            if f.endswith(".java"):
                yield os.path.join(d, f)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--root", default=".", help="the project root (default: .)")
    ap.add_argument("--no-tests", action="store_true", help="leave src/test/java alone")
    ap.add_argument("--dry-run", action="store_true", help="report, write nothing")
    a = ap.parse_args()
    main_dir = os.path.join(a.root, "src", "main", "java")
    test_dir = os.path.join(a.root, "src", "test", "java")
    if not os.path.isdir(main_dir):
        sys.exit("no src/main/java under " + a.root)
    totals = {"files": 0, "names": 0, "kept": 0, "wrapped": 0, "left": 0}
    dirs = [(main_dir, True)] + ([] if a.no_tests else [(test_dir, False)])
    for d, names in dirs:
        for path in java_files(d):
            with open(path, encoding="utf-8") as f:
                src = f.read()
            out = src
            if names:
                out, n, kept = fix_names(path, out)
                totals["names"] += n
                totals["kept"] += len(kept)
                for k in kept:
                    print("kept (clash): %s %s" % (os.path.relpath(path, a.root), k))
            out, w, left = fix_lines(out)
            totals["wrapped"] += w
            totals["left"] += len(left)
            for i in left:
                print("still long: %s:%d" % (os.path.relpath(path, a.root), i + 1))
            if out != src:
                totals["files"] += 1
                if not a.dry_run:
                    with open(path, "w", encoding="utf-8") as f:
                        f.write(out)
    print("files changed %(files)d, qualified names replaced %(names)d, kept for clashes %(kept)d, "
          "lines wrapped %(wrapped)d, still long %(left)d" % totals)
    return 1 if totals["left"] else 0


if __name__ == "__main__":
    sys.exit(main())
