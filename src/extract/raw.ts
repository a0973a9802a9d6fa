/**
 * What a file's captures are sorted into: raw facts, still holding tree-sitter nodes (they never leave `extract/`),
 * which the later phases read and write out as plain data. The capture vocabulary is `queries/README.md`'s.
 *
 * @module
 */
import type { Match, NameSpan } from '../runtime/matches.js';
import type { Node } from '../runtime/tree-sitter.js';

export type { Match, NameSpan };

/** A definition found by a `@definition.<kind>` capture, with the details of every match that names its node. */
export interface RawDefinition {
  kind: string;
  name: string;
  node: Node;
  nameNode?: Node;
  patternIndex: number;
  /** Every parameter list (`@parameters`), in order: Scala's `def f(a: Int)(implicit ec: EC)` has two. */
  parameterLists: Node[];
  body?: Node;
  returnType?: Node;
  typeParameters?: Node;
  type?: Node;
  value?: Node;
  receiver?: Node;
  qualifier?: Node;
  declarator?: Node;
  /** The statement declaring several names at once (`int x, y;`), when the definition is one of them. */
  declaration?: Node;
  /** The type literal a member is declared in, when that literal is no definition (`@literal`: a union's `{ type: "a" }`). */
  literal?: Node;
  returnTypeParts: Node[];
  typeParts: Node[];
  modifiers: string[];
  extends: Node[];
  implements: Node[];
  decorators: Node[];
  docNodes: Node[];
  optional: boolean;
  isGenerator: boolean;
  params: RawParameter[];
}

/** One parameter found by a `@parameter` capture. */
export interface RawParameter {
  node: Node;
  name?: Node;
  /** Every name the parameter declares: Go's `a, b int` declares two parameters with one type. */
  names: Node[];
  type?: Node;
  defaultValue?: Node;
  optional: boolean;
  rest: boolean;
  prefix?: Node;
  typeParts: Node[];
  modifiers: string[];
}

/** One reference found by a `@reference.<kind>` capture. */
export interface RawReference {
  kind: string;
  name: string;
  node: Node;
  nameNode: Node;
  /** A call's arguments, as far as they pick among overloads. */
  call?: CallShape;
  /** The argument list, until what its arguments are is known. */
  args?: Node;
}

/** What a call's arguments are, as far as they pick among overloads of the callee (no type inference). */
export interface CallShape {
  /** How many (`@arguments`: the argument list's children, comments left out). */
  arity: number;
  /** One of them is spread (`@arguments.spread` on an argument: `f(...xs)`). */
  spread?: true;
  /**
   * What each argument is when it is a literal or a lambda (`@argument.<kind>`: `string`, `char`, `integer`, `boolean`,
   * `class`, `function`), `''` for any other; absent when none is. Picks among overloads of one arity (`print("</")`, not `print(char)`).
   */
  literals?: string[];
  /**
   * Where the name whose value each argument is starts (`@argument.value.name` inside `@argument.value`: `x`, the `f`
   * of `a.f`, the `m` of `a.m()`, the type of `new T()`), `-1` for an argument that is no such name; absent when none
   * is. Its declared type picks among overloads (`at(tree.pos())` is `at(DiagnosticPosition)`, not `at(int)`).
   */
  values?: number[];
}

/** One import statement or call, with its items. */
export interface RawImport {
  node: Node;
  source?: string;
  /** The pattern that gave the source (the earliest pattern's source wins). */
  sourcePattern?: number;
  /** The nodes the source was read from, in source order. */
  sourceNodes?: Node[];
  kind?: string;
  typeOnly: boolean;
  items: Array<{ node?: Node; name: string; alias?: string; isDefault: boolean; isNamespace: boolean; typeOnly: boolean }>;
}

/** One export statement (or CommonJS assignment), with what it exports. */
export interface RawExport {
  node: Node;
  declarations: Node[];
  isDefault: boolean;
  typeOnly: boolean;
  all: boolean;
  source?: string;
  /** The node the source was read from. */
  sourceNode?: Node;
  namespace?: string;
  assignment?: Node;
  items: Array<{ name: string; alias?: string; value?: Node; node: Node }>;
}

/** An outline item of a data or document language. */
export interface RawOutline {
  family: 'key' | 'heading' | 'code_block' | 'link';
  node: Node;
  captures: Map<string, Node[]>;
  properties: Record<string, string>;
}

/** Captures of the locals vocabulary: scopes, bindings, name uses. */
export interface RawLocals {
  scopes: Node[];
  /**
   * Bindings: `@local.definition.<kind>` (with `@local.type`; `(#set! local.scope "parent")` binds in the outer scope).
   * `typeCall`: the type is what the function `type` names returns (`@local.type.call`: `x := NewFoo()`); `after`:
   * the name is visible only after this node (`@local.after`: Go's `x := x` reads the outer `x`); `typeMember`: the
   * binding is the member of `type` named like it (`@local.type.member`: `const { a } = obj` is `obj.a`); `typeElement`: an
   * element of `type` (`@local.type.element`: `for (const x of xs)`); `typeArgument`: a parameter of a function passed as
   * an argument to the callee `type`, typed by the callee's parameter there (`@local.type.argument`: `f((x) => ...)`);
   * `typeInline`: `type` is a type literal whose members are the definitions inside it (`@local.type.inline`:
   * `(record: { buffer: T[] })`); `typeSignature`: a parameter of a function given to a variable declared with the
   * function type `type` (`@local.type.signature`: `const map: ErrorMap = (issue) => ...`); `redeclares`: a
   * name its scope already binds above is assigned, not declared again (`(#set! local.redeclares "true")`: Go's
   * `b, err := g()` after `a, err := f()`).
   */
  definitions: Array<{ node: Node; kind: string; type?: Node; typeCall?: true; typeMember?: true; typeElement?: true; typeArgument?: true; typeInline?: true; typeSignature?: true; outer: boolean; after?: Node; redeclares?: true }>;
  /** Names read (`@local.reference`). */
  uses: NameSpan[];
  /** Names used as what their capture says (`@local.reference.<kind>`: `type` for a type's name). */
  kindedUses: Array<{ node: Node; kind: string }>;
  /**
   * Members used through a qualifier (`@local.member` with `@local.qualifier`: `a.b`, `this.b`; or with
   * `@local.qualifier.call`: `f(x).b`, a member of what `f` returns; or with `@local.qualifier.invocation`, the call
   * itself when its callee is no one node, Java's `a.f(x).b`, read up to its `@local.qualifier.arguments`: `arguments`).
   * `declares`: the member's name also declares a name (`(#set! local.member.declares "true")`: `const { a } = obj`
   * declares `a` and uses `obj.a`), and stays a use beside the declaration. `beside` (`@local.member.beside`): the
   * name is also another use, kept as it is (a shorthand key `{ retry }` reads `retry` and sets the member `retry`).
   * `parameter` (`@local.qualifier.parameter`, a callee): the member is one of the callee's parameter type at the
   * argument holding it (`f({ retry: 3 })`). `inline` (`@local.qualifier.inline`, a type literal): the member is one
   * the literal declares (`function f(): { args: T[] } { return { args } }`).
   */
  members: Array<{ node: Node; qualifier: Node; called?: true; arguments?: Node; declares?: true; beside?: true; parameter?: true; inline?: true }>;
  /**
   * `@local.after` captured without a definition in its match, with `@local.after.region`: the names the locals
   * query binds inside the region (the `@local.after` node itself when none is captured) are visible only after the
   * node ends (Rust's `let x = x + 1;`, `if let Some(x) = x`), as a definition's own `after` says of its name.
   */
  afters: Array<{ node: Node; region: Node }>;
  /**
   * Keys of object literals set to a literal or a name (`@local.discriminant.key` with `@local.discriminant.value`:
   * `{ type: "update" }`): what the other keys of the object (members of a union type) are told apart by.
   */
  discriminants: Array<{ key: Node; value: Node }>;
}

/** Every capture of a file, sorted into raw facts. */
export interface RawCaptures {
  /** By node id; includes definitions named only by a later match. */
  definitions: Map<number, RawDefinition>;
  parameters: Map<number, RawParameter>;
  references: RawReference[];
  imports: Map<number, RawImport>;
  exports: Map<number, RawExport>;
  outline: RawOutline[];
  comments: Map<number, Node>;
  decorators: Node[];
  /** Detail captures of patterns without a definition: they attach to the nearest enclosing owner. */
  details: Array<{ name: string; node: Node }>;
  /** Injected ranges: `(#set! injection.language ...)` with `@injection.content`. */
  injections: Array<{ language: string; nodes: Node[] }>;
  locals: RawLocals;
  /**
   * Branches of preprocessor conditionals (`@condition.branch`, queries/c/conditions.scm): the branch, its test
   * (`@condition`, none for `#else`; `test`: how a name tested by `#ifdef` / `#ifndef` counts) and the branch after it.
   */
  conditions: Array<{ node: Node; test?: Node; how?: 'defined' | 'undefined'; alternative?: Node }>;
}
