/**
 * C# namespaces over the tree. A namespace is not a folder: it is every file that declares it (`namespace A.B { }`,
 * `namespace A.B;`, nested `namespace A { namespace B { } }`), read from the files' definitions (their `module`
 * definitions) once per file list. `using A.B;` names those files; `using static A.B.C;` and `using X = A.B.C;` name
 * the type `C` of namespace `A.B` when `A.B.C` is no namespace (`declaration`). A file sees, without a `using`, the
 * types of its own namespaces and of the namespaces enclosing them, down to the global one (`implicit`). What no
 * file declares (`System.*`, packages) names no file.
 *
 * Types of the base class library that .NET SDK projects see without a `using` (the implicit usings of
 * `Microsoft.NET.Sdk`: `System`, `System.Collections.Generic`, `System.IO`, `System.Linq`, `System.Threading.Tasks`)
 * are external where no file of the tree declares them (`builtin`): `catch (ArgumentException e)` then `e.Message`.
 *
 * Not followed: `global using` directives of other files (they read as this file's own), `extern alias`.
 *
 * @module
 */
import { kindInfo } from '../../model/kinds.js';
import {
  type DeclarationPath,
  defineModuleSystem,
  type ModuleContext,
  type ModuleDeclaration,
  type ModuleSystem,
  type ModuleSystemDefinition,
} from '../module-system.js';

/** The most used types of the SDK's implicit usings (`System`, `System.Collections.Generic`, ...). */
const IMPLICIT_USINGS = new Set(
  (
    'Object String Int32 Int64 Double Decimal Boolean Char Byte DateTime DateTimeOffset TimeSpan Guid Uri Math Console ' +
    'Convert Environment Array Enum Nullable Tuple ValueTuple Type Attribute Action Func Predicate EventArgs EventHandler ' +
    'Exception ArgumentException ArgumentNullException ArgumentOutOfRangeException InvalidOperationException ' +
    'NotSupportedException NotImplementedException FormatException KeyNotFoundException NullReferenceException ' +
    'IDisposable IAsyncDisposable IComparable IEquatable IFormattable Span ReadOnlySpan Memory Lazy Random GC ' +
    'List Dictionary HashSet Queue Stack LinkedList SortedDictionary KeyValuePair IEnumerable IEnumerator ICollection ' +
    'IList IDictionary IReadOnlyList IReadOnlyCollection IReadOnlyDictionary ISet IComparer IEqualityComparer ' +
    'Enumerable File Directory Path Stream StreamReader StreamWriter Task ValueTask CancellationToken ' +
    'CancellationTokenSource'
  ).split(' '),
);

/** Which files declare which namespaces (`''` is the global namespace). */
interface Namespaces {
  files: Map<string, string[]>;
  ofFile: Map<string, string[]>;
}

/** The namespaces a file declares: its `module` definitions, named with their enclosing ones. */
export function namespacesOf(definitions: readonly ModuleDeclaration[]): string[] {
  const names = new Set<string>();
  const full = (index: number): string => {
    const parts: string[] = [];
    for (let i: number | undefined = index; i !== undefined; i = definitions[i]?.parent) {
      const def = definitions[i];
      if (def?.kind === 'module') parts.unshift(def.name.replace(/\s+/g, ''));
    }
    return parts.join('.');
  };
  // File-scoped namespaces (`namespace A.B;`) hold what follows them without enclosing it.
  const fileScoped = definitions.map((def, i) => ({ def, i })).filter(({ def }) => def.kind === 'module' && def.parent === undefined);
  definitions.forEach((def, i) => {
    if (def.kind === 'module') names.add(full(i));
    else if (def.parent === undefined && ['class', 'type'].includes(kindInfo(def.kind).category)) {
      const scoped = fileScoped.findLast(({ def: namespace }) => namespace.end <= def.start);
      names.add(scoped ? full(scoped.i) : '');
    }
  });
  return [...names];
}

/** C#'s namespaces, as the tree's files declare them. */
export const dotnetModules: ModuleSystemDefinition = defineModuleSystem({ name: 'dotnet', create: (context) => new DotnetModules(context) });

/** C# namespaces, from the namespaces the tree's files declare. */
export class DotnetModules implements ModuleSystem {
  readonly privateImports = true;
  readonly #context: ModuleContext;
  #namespaces: Promise<Namespaces> | undefined;

  constructor(context: ModuleContext) {
    this.#context = context;
  }

  async resolve(_from: string, source: string): Promise<string[]> {
    return (await this.#read()).files.get(source.replace(/^global::/, '')) ?? [];
  }

  async implicit(from: string): Promise<string[]> {
    const namespaces = await this.#read();
    const seen = new Set<string>();
    const files: string[] = [];
    for (const namespace of namespaces.ofFile.get(from) ?? ['']) {
      // `A.B.C` sees the types of `A.B.C`, `A.B`, `A` and the global namespace.
      const parts = namespace === '' ? [] : namespace.split('.');
      for (let length = parts.length; length >= 0; length--) {
        const name = parts.slice(0, length).join('.');
        if (seen.has(name)) continue;
        seen.add(name);
        files.push(...(namespaces.files.get(name) ?? []));
      }
    }
    return [...new Set(files)];
  }

  async declaration(_from: string, source: string): Promise<DeclarationPath | undefined> {
    const namespaces = await this.#read();
    const segments = source.replace(/^global::/, '').split('.');
    // The longest prefix that is a namespace holds the first name (`A.B.C`: type `C` of `A.B`); a type of the global
    // namespace holds the rest otherwise.
    for (let cut = segments.length - 1; cut >= 0; cut--) {
      const module = segments.slice(0, cut).join('.');
      if (namespaces.files.has(module)) return { source: module, path: segments.slice(cut) };
    }
    return undefined;
  }

  builtin(_from: string, name: string): boolean {
    return IMPLICIT_USINGS.has(name);
  }

  /** Reads which namespaces each C# file declares, once per file list. */
  #read(): Promise<Namespaces> {
    this.#namespaces ??= (async () => {
      const files = new Map<string, string[]>();
      const ofFile = new Map<string, string[]>();
      const sources = [...this.#context.files()].filter((file) => this.#context.systemOf(file) === dotnetModules);
      const read = this.#context.declarations?.bind(this.#context);
      const declarations = read ? await Promise.all(sources.map((file) => read(file).catch(() => undefined))) : [];
      sources.forEach((file, i) => {
        const found = declarations[i];
        const declared = found ? namespacesOf(found) : [];
        ofFile.set(file, declared);
        for (const namespace of declared) {
          const list = files.get(namespace);
          if (list) list.push(file);
          else files.set(namespace, [file]);
        }
      });
      return { files, ofFile };
    })();
    return this.#namespaces;
  }
}
