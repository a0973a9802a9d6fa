/**
 * The definitions of a file's analysis: functions and their parameters, classes and their properties, interfaces,
 * type aliases and enums, constants. Shapes follow the Lace `code_analyze` spec field for field; everything beyond
 * the spec is an optional, documented addition.
 *
 * @module
 */

/** One parameter of a function, method or constructor. */
export interface ParameterInfo {
  /** The parameter's name; for a destructured parameter, the pattern as written (`{ id, name }`). */
  name: string;
  /** The declared type, when the source writes one. */
  type?: string;
  /** True for `x?: T`, for a parameter with a default value, and for a rest parameter. */
  optional: boolean;
  /** The default value as written (`10`, `"id"`). */
  defaultValue?: string;
  /** True for a rest parameter (`...args`). */
  isRest?: boolean;
}

/** A function, method or constructor. */
export interface FunctionInfo {
  /** The name; `default` for an anonymous `export default function`. */
  name: string;
  /** The parameters, in order. */
  parameters: ParameterInfo[];
  /** The declared return type, when written. */
  returnType?: string;
  /** True for `async` functions. */
  isAsync: boolean;
  /** True when the module exports it (`export`, `export default`, `export { f }`, `module.exports`). */
  isExported: boolean;
  /** Line of the name (not of a decorator or doc comment above it). */
  line: number;
  /** Column of the name. */
  column?: number;
  /** Last line of the definition. */
  endLine?: number;
  /** The signature without the body, e.g. `login(email: string, password: string): Promise<User>`. */
  signature: string;
  /** Generic type parameters as written, e.g. `<T, K extends keyof T>`. */
  typeParameters?: string;
  /** Modifiers as written: `static`, `private`, `abstract`, `get`, `set`, `readonly`, `override`, ... */
  modifiers?: string[];
  /** True for generator functions (`function*`). */
  isGenerator?: boolean;
  /** True for a declaration without a body: an overload signature, an abstract or ambient declaration. */
  isDeclarationOnly?: boolean;
  /** Decorators as written, e.g. `@Get(':id')`. */
  decorators?: string[];
  /** The doc comment, cleaned: delimiters and `*` gutters removed, tags kept. */
  doc?: string;
  /** `macro` for a function-like macro (C's `#define MAX(a, b)`, Rust's `macro_rules!`). */
  kind?: 'macro';
}

/** A property of a class, interface, type literal or enum. */
export interface PropertyInfo {
  /** The name (`#secret` keeps its `#`). */
  name: string;
  /** The declared type, when written. */
  type?: string;
  /** True for `name?: T`. */
  optional: boolean;
  /** The initializer or enum value as written (shortened when long). */
  value?: string;
  /** Modifiers as written: `static`, `readonly`, `private`, `protected`, `public`, `accessor`, `declare`, ... */
  modifiers?: string[];
  /** True when it was declared as a constructor parameter property (`constructor(private db: Db)`). */
  isParameterProperty?: boolean;
  /** Line of the name. */
  line: number;
  /** Column of the name. */
  column?: number;
  /** Decorators as written. */
  decorators?: string[];
  /** The doc comment, cleaned. */
  doc?: string;
}

/** A class (or, in other languages, its equivalent). */
export interface ClassInfo {
  /** The name; `default` for an anonymous `export default class`. */
  name: string;
  /** Methods, in source order (the constructor is in `constructor`). */
  methods: FunctionInfo[];
  /** Fields and parameter properties, in source order. */
  properties: PropertyInfo[];
  /** The constructor, when declared: the implementation when there are overloads, else the first one. */
  constructor?: FunctionInfo;
  /**
   * Every constructor in source order, when there are several (Java/C#/C++ overloads, Kotlin secondary
   * constructors, TypeScript overload signatures).
   */
  constructors?: FunctionInfo[];
  /** The precise kind when it is not a plain class: `struct`, `trait`, `object`, `impl`, ... */
  kind?: string;
  /** Classes declared inside it (Java inner classes, C# nested types, Python nested classes). */
  classes?: ClassInfo[];
  /** Interfaces, type aliases and enums declared inside it. */
  interfaces?: TypeInfo[];
  /** The base class as written, e.g. `Base<T>`. */
  extends?: string;
  /** Implemented interfaces as written. */
  implements?: string[];
  /** True when the module exports it. */
  isExported: boolean;
  /** Line of the name. */
  line: number;
  /** Column of the name. */
  column?: number;
  /** Last line of the class. */
  endLine?: number;
  /** True for `abstract class`. */
  isAbstract?: boolean;
  /** Generic type parameters as written. */
  typeParameters?: string;
  /** Decorators as written. */
  decorators?: string[];
  /** The doc comment, cleaned. */
  doc?: string;
}

/** An interface, type alias or enum. */
export interface TypeInfo {
  /** The name. */
  name: string;
  /** What declares it. */
  kind: 'interface' | 'type' | 'enum';
  /** Properties (interface members, object-type members, enum members). */
  properties?: PropertyInfo[];
  /** Method signatures of an interface or object type. */
  methods?: FunctionInfo[];
  /** Extended interfaces as written. */
  extends?: string[];
  /** The aliased type of a `type` declaration, as written (shortened when long). */
  value?: string;
  /** Generic type parameters as written. */
  typeParameters?: string;
  /** True when the module exports it. */
  isExported: boolean;
  /** Line of the name. */
  line: number;
  /** Column of the name. */
  column?: number;
  /** Last line of the declaration. */
  endLine?: number;
  /** The doc comment, cleaned. */
  doc?: string;
}

/** A top-level constant: a `const` binding that is not a function or class. */
export interface ConstantInfo {
  /** The bound name. */
  name: string;
  /** The declared type, when written. */
  type?: string;
  /** The initializer as written (shortened when long). */
  value?: string;
  /** True when the module exports it. */
  isExported: boolean;
  /** Line of the name. */
  line: number;
  /** Column of the name. */
  column?: number;
  /** The doc comment, cleaned. */
  doc?: string;
  /** `macro` for an object-like macro (C's `#define SIZE 64`). */
  kind?: 'macro';
}
