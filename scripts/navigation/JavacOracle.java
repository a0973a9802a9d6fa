// javac as the navigation oracle for Java corpora (scripts/navigation/javac.mjs runs it): the Compiler Tree API
// attributes the corpus (JavacTask.analyze), then every method call and type name of its files is answered with
// the element javac binds it to (Trees.getElement) and that element's declaration (Trees.getPath), when the
// declaration is in the corpus. Prints one JSON object: { files, candidates: [{ kind, file, line, column, name,
// expected: [{ file, line }], documented }] } (root-relative files, 1-based lines and columns).
//
// Usage: java --add-exports jdk.compiler/com.sun.tools.javac.{tree,code,util}=ALL-UNNAMED (each) \
//          --add-exports jdk.compiler/com.sun.tools.javac.code=ALL-UNNAMED \
//          JavacOracle.java <root> <module or -> <file list>
//   <module>: the sources are that JDK module's (compiled with --patch-module <module>=<root>); `-` for none.
import com.sun.source.tree.*;
import com.sun.source.util.*;
import com.sun.tools.javac.code.Symbol;
import com.sun.tools.javac.tree.JCTree;
import com.sun.tools.javac.tree.TreeInfo;
import java.nio.file.*;
import java.util.*;
import javax.lang.model.element.*;
import javax.tools.*;

public class JavacOracle {
  public static void main(String[] args) throws Exception {
    Path root = Paths.get(args[0]).toRealPath();
    String module = args[1];
    List<String> names = Files.readAllLines(Paths.get(args[2]));
    JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
    StandardJavaFileManager files = compiler.getStandardFileManager(null, null, null);
    List<java.io.File> sources = new ArrayList<>();
    for (String name : names) if (!name.isBlank()) sources.add(root.resolve(name).toFile());
    List<String> options = new ArrayList<>(List.of("-proc:none", "-Xlint:none", "-nowarn", "-Xmaxerrs", "100000"));
    if (!module.equals("-")) options.addAll(List.of("--patch-module", module + "=" + root));
    DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
    JavacTask task = (JavacTask) compiler.getTask(null, files, diagnostics, options, null, files.getJavaFileObjectsFromFiles(sources));
    Iterable<? extends CompilationUnitTree> units = task.parse();
    task.analyze();
    long errors = diagnostics.getDiagnostics().stream().filter(d -> d.getKind() == Diagnostic.Kind.ERROR).count();
    System.err.println("javac: " + errors + " errors");
    Trees trees = Trees.instance(task);
    DocTrees docs = DocTrees.instance(task);
    SourcePositions positions = trees.getSourcePositions();
    StringBuilder out = new StringBuilder();
    out.append("{\"errors\":").append(errors).append(",\"candidates\":[");
    boolean[] first = { true };
    for (CompilationUnitTree unit : units) {
      String text = unit.getSourceFile().getCharContent(true).toString();
      LineMap lines = unit.getLineMap();
      String file = root.relativize(Paths.get(unit.getSourceFile().toUri()).toRealPath()).toString().replace('\\', '/');
      new TreePathScanner<Void, Void>() {
        void sample(String kind, Element element, Name name, long position) {
          if (position < 0 || name == null) return;
          String id = name.toString();
          if (id.equals("this") || id.equals("super") || id.equals("<init>") || position + id.length() > text.length()
              || !text.startsWith(id, (int) position)) return;
          if (element == null) return;
          List<String> expected = new ArrayList<>();
          List<Element> declarations = new ArrayList<>(List.of(element));
          // `new Foo()`: the constructor, and its class (a default constructor has no declaration of its own).
          if (element.getKind() == ElementKind.CONSTRUCTOR) declarations.add(element.getEnclosingElement());
          for (Element declared : declarations) {
            TreePath path = trees.getPath(declared);
            if (path == null) continue;
            CompilationUnitTree home = path.getCompilationUnit();
            String homeFile;
            try {
              homeFile = root.relativize(Paths.get(home.getSourceFile().toUri()).toRealPath()).toString().replace('\\', '/');
            } catch (Exception e) {
              continue;
            }
            long at2 = TreeInfo.diagnosticPositionFor((Symbol) declared, (JCTree) path.getLeaf()).getPreferredPosition();
            if (at2 < 0) continue;
            expected.add("{\"file\":\"" + homeFile + "\",\"line\":" + home.getLineMap().getLineNumber(at2) + "}");
          }
          if (expected.isEmpty()) return;
          String doc = docs.getDocComment(trees.getPath(element));
          boolean documented = doc != null && !doc.isBlank();
          if (!first[0]) out.append(',');
          first[0] = false;
          out.append("{\"kind\":\"").append(kind).append("\",\"file\":\"").append(file).append("\",\"line\":")
              .append(lines.getLineNumber(position)).append(",\"column\":")
              // UTF-16 columns (LineMap.getColumnNumber expands tabs)
              .append(position - lines.getStartPosition(lines.getLineNumber(position)) + 1)
              .append(",\"name\":\"").append(id).append("\",\"expected\":[").append(String.join(",", expected))
              .append("],\"documented\":").append(documented).append('}');
        }

        @Override
        public Void visitImport(ImportTree tree, Void unused) {
          return null;
        }

        @Override
        public Void visitPackage(PackageTree tree, Void unused) {
          return null;
        }

        @Override
        public Void visitMethodInvocation(MethodInvocationTree tree, Void unused) {
          ExpressionTree select = tree.getMethodSelect();
          Element callee = trees.getElement(new TreePath(getCurrentPath(), select));
          if (select instanceof IdentifierTree id) sample("call", callee, id.getName(), positions.getStartPosition(unit, select));
          else if (select instanceof MemberSelectTree member) {
            long end = positions.getEndPosition(unit, member);
            sample("call", callee, member.getIdentifier(), end - member.getIdentifier().length());
          }
          return super.visitMethodInvocation(tree, unused);
        }

        /** A name that javac binds to a type (a type position, `new`, `extends`, `Type.member`'s `Type`). */
        void type(Tree tree, Name name, long position) {
          Element element = trees.getElement(getCurrentPath());
          if (element == null) return;
          ElementKind kind = element.getKind();
          if (kind.isClass() || kind.isInterface()) sample("type", element, name, position);
        }

        @Override
        public Void visitIdentifier(IdentifierTree tree, Void unused) {
          if (!(getCurrentPath().getParentPath().getLeaf() instanceof MethodInvocationTree call && call.getMethodSelect() == tree))
            type(tree, tree.getName(), positions.getStartPosition(unit, tree));
          return super.visitIdentifier(tree, unused);
        }

        @Override
        public Void visitMemberSelect(MemberSelectTree tree, Void unused) {
          if (!(getCurrentPath().getParentPath().getLeaf() instanceof MethodInvocationTree call && call.getMethodSelect() == tree))
            type(tree, tree.getIdentifier(), positions.getEndPosition(unit, tree) - tree.getIdentifier().length());
          return super.visitMemberSelect(tree, unused);
        }
      }.scan(unit, null);
    }
    out.append("]}");
    System.out.println(out);
  }
}
