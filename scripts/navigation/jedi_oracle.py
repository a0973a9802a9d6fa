"""Jedi as the ground truth for Python navigation (driven by scripts/navigation/jedi.mjs).

Usage:
  python3 jedi_oracle.py candidates ROOT          -> JSON list of call and type positions of the .py files under ROOT
  python3 jedi_oracle.py resolve ROOT < request   -> JSON list of samples Jedi resolves inside ROOT
  python3 jedi_oracle.py declarations ROOT        -> JSON list of the declarations of the .py files under ROOT
  python3 jedi_oracle.py references ROOT < request -> JSON list of declarations with Jedi's references inside ROOT

The jedi and parso to use are put first on sys.path by the caller (JEDI_PATH), and their versions are checked:
the answers must come from the pinned Debian packages, not from whatever jedi the interpreter has installed.

Positions come from the standard library's `ast` (the ground-truth side must not share our parser):
  call  the callee of a call: `f(...)`, or the attribute of `a.b.f(...)`
  type  a class base, a name in an annotation (parameters, returns, annotated assignments), an `except` clause's
        class, the class argument of isinstance/issubclass
Lines are 1-based; `column` is 1-based in UTF-16 code units (as code-index counts), `jedi_column` 0-based in code
points (as Jedi counts).
"""
import ast
import json
import os
import sys

JEDI_PATH = os.environ.get('JEDI_PATH')
if JEDI_PATH:
    sys.path.insert(0, JEDI_PATH)

EXPECTED_JEDI = os.environ.get('JEDI_VERSION')
EXPECTED_PARSO = os.environ.get('PARSO_VERSION')


def python_files(root):
    """Every .py file under root (sorted, root-relative with '/'), skipping hidden and cache folders."""
    found = []
    for folder, dirs, files in os.walk(root):
        dirs[:] = sorted(d for d in dirs if not d.startswith('.') and d != '__pycache__')
        for name in files:
            if name.endswith('.py'):
                found.append(os.path.relpath(os.path.join(folder, name), root).replace(os.sep, '/'))
    return sorted(found)


class Positions(ast.NodeVisitor):
    """Call and type positions of one module, as (kind, line, byte column, name)."""

    def __init__(self):
        self.found = []

    def name_at(self, kind, node):
        if isinstance(node, ast.Name):
            self.found.append((kind, node.lineno, node.col_offset, node.id))
        elif isinstance(node, ast.Attribute):
            # The attribute is the node's last token: it ends where the node ends.
            self.found.append((kind, node.end_lineno, node.end_col_offset - len(node.attr.encode('utf-8')), node.attr))

    def types_in(self, node):
        """Names a type expression is made of: `Foo`, `mod.Foo`, `Optional[Foo]`, `Foo | None`, tuples of them."""
        if node is None:
            return
        if isinstance(node, (ast.Name, ast.Attribute)):
            self.name_at('type', node)
        elif isinstance(node, ast.Subscript):
            self.types_in(node.value)
            self.types_in(node.slice)
        elif isinstance(node, (ast.Tuple, ast.List)):
            for element in node.elts:
                self.types_in(element)
        elif isinstance(node, ast.BinOp):
            self.types_in(node.left)
            self.types_in(node.right)

    def visit_Call(self, node):
        self.name_at('call', node.func)
        if isinstance(node.func, ast.Name) and node.func.id in ('isinstance', 'issubclass') and len(node.args) == 2:
            self.types_in(node.args[1])
        self.generic_visit(node)

    def visit_ClassDef(self, node):
        for base in node.bases:
            self.types_in(base.value if isinstance(base, ast.Subscript) else base)
        self.generic_visit(node)

    def visit_arg(self, node):
        self.types_in(node.annotation)
        self.generic_visit(node)

    def visit_FunctionDef(self, node):
        self.types_in(node.returns)
        self.generic_visit(node)

    visit_AsyncFunctionDef = visit_FunctionDef

    def visit_AnnAssign(self, node):
        self.types_in(node.annotation)
        self.generic_visit(node)

    def visit_ExceptHandler(self, node):
        self.types_in(node.type)
        self.generic_visit(node)


def candidates(root):
    out = []
    for file in python_files(root):
        with open(os.path.join(root, file), 'rb') as handle:
            data = handle.read()
        try:
            tree = ast.parse(data, filename=file)
        except (SyntaxError, ValueError):
            continue
        lines = data.split(b'\n')
        visitor = Positions()
        visitor.visit(tree)
        seen = set()
        for kind, line, byte_column, name in visitor.found:
            if (line, byte_column) in seen:
                continue
            seen.add((line, byte_column))
            before = lines[line - 1][:byte_column].decode('utf-8', 'replace')
            out.append({
                'kind': kind,
                'file': file,
                'line': line,
                'column': len(before.encode('utf-16-le')) // 2 + 1,
                'jedi_column': len(before),
                'name': name,
            })
    return out


class Declarations(ast.NodeVisitor):
    """Named declarations of one module, as (kind, line, byte column, name): `declaration` (module-level functions,
    classes and assigned names), `method` (functions of a class), `property` (names assigned in a class body, and
    `self.name = ...` in its methods)."""

    def __init__(self, lines):
        self.lines = lines
        self.found = []
        self.owner = []  # 'module', 'class' or 'function', innermost last

    def name_column(self, node, keyword):
        """The byte column of a def's or class's name: after its keyword on the node's first line."""
        line = self.lines[node.lineno - 1]
        at = line.find(keyword.encode(), node.col_offset)
        at += len(keyword)
        while at < len(line) and line[at:at + 1] in (b' ', b'\t'):
            at += 1
        return at

    def add(self, kind, line, column, name):
        self.found.append((kind, line, column, name))

    def visit_Module(self, node):
        self.owner.append('module')
        self.generic_visit(node)
        self.owner.pop()

    def visit_ClassDef(self, node):
        if self.owner[-1] in ('module', 'class'):
            self.add('declaration' if self.owner[-1] == 'module' else 'property', node.lineno, self.name_column(node, 'class '), node.name)
        self.owner.append('class')
        for statement in node.body:
            targets = statement.targets if isinstance(statement, ast.Assign) else [statement.target] if isinstance(statement, ast.AnnAssign) else []
            for target in targets:
                if isinstance(target, ast.Name):
                    self.add('property', target.lineno, target.col_offset, target.id)
        self.generic_visit(node)
        self.owner.pop()

    def visit_FunctionDef(self, node):
        keyword = 'async def ' if isinstance(node, ast.AsyncFunctionDef) else 'def '
        if self.owner[-1] == 'module':
            self.add('declaration', node.lineno, self.name_column(node, keyword), node.name)
        elif self.owner[-1] == 'class':
            decorated = {d.id for d in node.decorator_list if isinstance(d, ast.Name)}
            self.add('property' if 'property' in decorated else 'method', node.lineno, self.name_column(node, keyword), node.name)
            if node.args.args and node.args.args[0].arg == 'self':
                for inner in ast.walk(node):
                    targets = inner.targets if isinstance(inner, ast.Assign) else [inner.target] if isinstance(inner, ast.AnnAssign) else []
                    for target in targets:
                        if isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name) and target.value.id == 'self':
                            self.add('property', target.end_lineno, target.end_col_offset - len(target.attr.encode('utf-8')), target.attr)
        self.owner.append('function')
        self.generic_visit(node)
        self.owner.pop()

    visit_AsyncFunctionDef = visit_FunctionDef

    def visit_Assign(self, node):
        if self.owner[-1] == 'module':
            for target in node.targets:
                if isinstance(target, ast.Name):
                    self.add('declaration', target.lineno, target.col_offset, target.id)
        self.generic_visit(node)

    def visit_AnnAssign(self, node):
        if self.owner[-1] == 'module' and isinstance(node.target, ast.Name):
            self.add('declaration', node.target.lineno, node.target.col_offset, node.target.id)
        self.generic_visit(node)


def positions_of(root, visitor_of):
    """The positions a visitor lists in every .py file under root, once each, with both column counts."""
    out = []
    for file in python_files(root):
        with open(os.path.join(root, file), 'rb') as handle:
            data = handle.read()
        try:
            tree = ast.parse(data, filename=file)
        except (SyntaxError, ValueError):
            continue
        lines = data.split(b'\n')
        visitor = visitor_of(lines)
        visitor.visit(tree)
        seen = set()
        for kind, line, byte_column, name in visitor.found:
            if (line, byte_column) in seen:
                continue
            seen.add((line, byte_column))
            before = lines[line - 1][:byte_column].decode('utf-8', 'replace')
            out.append({
                'kind': kind,
                'file': file,
                'line': line,
                'column': len(before.encode('utf-16-le')) // 2 + 1,
                'jedi_column': len(before),
                'name': name,
            })
    return out


def project_of(root):
    """A Jedi project over root (the pinned jedi and parso checked), its environment and the check of a path."""
    import jedi
    import parso
    if EXPECTED_JEDI and jedi.__version__ != EXPECTED_JEDI:
        raise SystemExit(f'jedi {jedi.__version__} loaded from {jedi.__file__}, expected {EXPECTED_JEDI}')
    if EXPECTED_PARSO and parso.__version__ != EXPECTED_PARSO:
        raise SystemExit(f'parso {parso.__version__} loaded from {parso.__file__}, expected {EXPECTED_PARSO}')
    sys_path = [root] + [p for p in sys.path[1:] if p and os.path.realpath(p) != os.path.realpath(JEDI_PATH or '')]
    return jedi.Project(root, sys_path=sys_path, smart_sys_path=False, load_unsafe_extensions=False), jedi.InterpreterEnvironment()


def references(root, request):
    """Jedi's get_references at each declaration of the request, until each kind's quota: the references that are not
    definitions, in .py files of root, as file and line. Declarations with none are skipped."""
    import jedi
    root = os.path.realpath(root)
    project, environment = project_of(root)
    scripts = {}
    quota = dict(request['quota'])
    taken = {kind: 0 for kind in quota}
    samples = []
    for candidate in request['candidates']:
        kind = candidate['kind']
        if all(taken[k] >= quota[k] for k in quota):
            break
        if taken.get(kind, 0) >= quota.get(kind, 0):
            continue
        file = candidate['file']
        script = scripts.get(file)
        if script is None:
            path = os.path.join(root, file)
            with open(path, encoding='utf-8') as handle:
                script = jedi.Script(handle.read(), path=path, project=project, environment=environment)
            scripts[file] = script
        try:
            names = script.get_references(candidate['line'], candidate['jedi_column'], include_builtins=False)
        except Exception:  # Jedi's own failures: not a sample
            continue
        expected = {}
        for name in names:
            if name.module_path is None or name.line is None or name.is_definition():
                continue
            real = os.path.realpath(str(name.module_path))
            if not real.startswith(root + os.sep) or not real.endswith('.py'):
                continue
            where = os.path.relpath(real, root).replace(os.sep, '/')
            expected[(where, name.line)] = {'file': where, 'line': name.line}
        if not expected:
            continue
        samples.append({key: candidate[key] for key in ('kind', 'file', 'line', 'column', 'name')} | {'expected': list(expected.values())})
        taken[kind] += 1
    return samples


def resolve(root, request):
    import jedi
    import parso
    if EXPECTED_JEDI and jedi.__version__ != EXPECTED_JEDI:
        raise SystemExit(f'jedi {jedi.__version__} loaded from {jedi.__file__}, expected {EXPECTED_JEDI}')
    if EXPECTED_PARSO and parso.__version__ != EXPECTED_PARSO:
        raise SystemExit(f'parso {parso.__version__} loaded from {parso.__file__}, expected {EXPECTED_PARSO}')
    root = os.path.realpath(root)
    # The corpus first, then the interpreter's own library (never the jedi and parso we loaded).
    sys_path = [root] + [p for p in sys.path[1:] if p and os.path.realpath(p) != os.path.realpath(JEDI_PATH or '')]
    project = jedi.Project(root, sys_path=sys_path, smart_sys_path=False, load_unsafe_extensions=False)
    environment = jedi.InterpreterEnvironment()
    scripts = {}
    quota = dict(request['quota'])
    taken = {kind: 0 for kind in quota}
    samples = []

    def inside(path):
        if path is None:
            return None
        real = os.path.realpath(str(path))
        if not real.startswith(root + os.sep) or not real.endswith('.py'):
            return None
        return os.path.relpath(real, root).replace(os.sep, '/')

    for candidate in request['candidates']:
        kind = candidate['kind']
        if all(taken[k] >= quota[k] for k in quota):
            break
        if taken.get(kind, 0) >= quota.get(kind, 0):
            continue
        file = candidate['file']
        script = scripts.get(file)
        if script is None:
            path = os.path.join(root, file)
            with open(path, encoding='utf-8') as handle:
                code = handle.read()
            script = jedi.Script(code, path=path, project=project, environment=environment)
            scripts[file] = script
        try:
            names = script.goto(candidate['line'], candidate['jedi_column'], follow_imports=True)
        except Exception:  # Jedi's own failures: not a sample
            continue
        expected = []
        for name in names:
            where = inside(name.module_path)
            if where is None or name.line is None or name.type == 'module':
                expected = []
                break
            expected.append({'file': where, 'line': name.line})
        if not expected:
            continue
        documented = False
        try:
            documented = any(help_name.docstring(raw=True).strip() for help_name in script.help(candidate['line'], candidate['jedi_column']))
        except Exception:
            documented = False
        samples.append({
            'kind': kind,
            'file': file,
            'line': candidate['line'],
            'column': candidate['column'],
            'name': candidate['name'],
            'expected': expected,
            'documented': documented,
        })
        taken[kind] += 1
    return samples


def main():
    if len(sys.argv) != 3 or sys.argv[1] not in ('candidates', 'resolve', 'declarations', 'references'):
        raise SystemExit(__doc__)
    root = sys.argv[2]
    if sys.argv[1] == 'candidates':
        json.dump(candidates(root), sys.stdout)
    elif sys.argv[1] == 'declarations':
        json.dump(positions_of(root, Declarations), sys.stdout)
    elif sys.argv[1] == 'references':
        json.dump(references(root, json.load(sys.stdin)), sys.stdout)
    else:
        json.dump(resolve(root, json.load(sys.stdin)), sys.stdout)


if __name__ == '__main__':
    main()
