/**
 * Ruby's `require` over the tree. `require_relative 'x'` names the file `x.rb` beside the requiring file (its tags
 * pattern writes the source as `./x`, so that it is told apart from `require`); `require 'x'` names `x.rb` on the
 * load path, which for a project is its `lib/` folders (Bundler and gemspecs put a gem's `lib/` there): every folder
 * of the tree named `lib`, shallowest first, the first that holds the file wins. What no `lib/` folder holds (the
 * standard library, gems) names no file. A required file's top-level constants and methods become visible to the
 * requiring file (the import is a wildcard in tags.scm). Kernel's methods and the core classes and modules every Ruby
 * program sees (`puts`, `raise`, `Array`, `StandardError`, `Comparable`) are builtins: external, not namesakes.
 *
 * @module
 */
import { posix } from 'node:path';
import { defineModuleSystem, folderOf, type ModuleContext, type ModuleSystem, type ModuleSystemDefinition } from '../module-system.js';

/** What the tree's files say about the load path, computed once per membership. */
interface Layout {
  /** The Ruby files of the tree. */
  files: ReadonlySet<string>;
  /** Folders named `lib`, shallowest first. */
  lib: string[];
}

/** Kernel's methods (private methods of every object) and Module's class-body methods, called bare. */
const KERNEL = new Set([
  'puts', 'print', 'p', 'pp', 'printf', 'sprintf', 'format', 'gets', 'putc', 'warn', 'raise', 'fail', 'loop',
  'lambda', 'proc', 'block_given?', 'catch', 'throw', 'rand', 'srand', 'sleep', 'exit', 'exit!', 'abort', 'at_exit',
  'require', 'require_relative', 'load', 'autoload', 'binding', 'caller', 'eval', 'system', 'spawn', 'trap',
  'Integer', 'Float', 'String', 'Array', 'Hash', 'Rational', 'Complex', 'freeze', 'frozen?', 'send', 'public_send',
  'respond_to?', 'instance_variable_get', 'instance_variable_set', 'is_a?', 'kind_of?', 'instance_of?', 'nil?',
  'tap', 'then', 'dup', 'clone', 'inspect', 'to_s', 'hash', 'object_id', 'method', 'methods', 'class', 'extend',
  'attr_reader', 'attr_writer', 'attr_accessor', 'attr', 'include', 'prepend', 'private', 'protected', 'public',
  'module_function', 'private_constant', 'private_class_method', 'public_class_method', 'define_method',
  'alias_method', 'remove_method', 'undef_method', 'const_get', 'const_set', 'instance_method', 'new', 'allocate',
  'superclass', 'ancestors', 'name',
]);

/** The core classes, modules and constants of Ruby (no `require` needed). */
const CORE = new Set([
  'BasicObject', 'Object', 'Module', 'Class', 'Kernel', 'Comparable', 'Enumerable', 'Enumerator', 'NilClass',
  'TrueClass', 'FalseClass', 'Numeric', 'Integer', 'Float', 'Rational', 'Complex', 'String', 'Symbol', 'Array',
  'Hash', 'Range', 'Regexp', 'MatchData', 'Proc', 'Method', 'UnboundMethod', 'Struct', 'Data', 'Time', 'Random',
  'IO', 'File', 'Dir', 'Encoding', 'Fiber', 'Thread', 'Mutex', 'Queue', 'ConditionVariable', 'ObjectSpace', 'GC',
  'Math', 'Process', 'Signal', 'Marshal', 'Warning', 'Ractor', 'Exception', 'StandardError', 'ArgumentError',
  'RuntimeError', 'TypeError', 'NameError', 'NoMethodError', 'KeyError', 'IndexError', 'RangeError',
  'StopIteration', 'NotImplementedError', 'ZeroDivisionError', 'FrozenError', 'IOError', 'EOFError',
  'SystemCallError', 'Errno', 'ScriptError', 'LoadError', 'SyntaxError', 'SecurityError', 'Interrupt',
  'SignalException', 'SystemExit', 'FloatDomainError', 'RegexpError', 'ThreadError', 'FiberError', 'LocalJumpError',
  'ENV', 'ARGV', 'ARGF', 'STDIN', 'STDOUT', 'STDERR', 'RUBY_VERSION', 'RUBY_PLATFORM', 'DATA', '__FILE__', '__dir__',
]);

/** Ruby's `require` and `require_relative`. */
export const rubyModules: ModuleSystemDefinition = defineModuleSystem({ name: 'ruby', create: (context) => new RubyModules(context) });

/** Ruby's `require` and `require_relative` over the tree's files. */
export class RubyModules implements ModuleSystem {
  readonly #context: ModuleContext;
  #layout: Layout | undefined;

  constructor(context: ModuleContext) {
    this.#context = context;
  }

  resolve(from: string, source: string): Promise<string[]> {
    const layout = this.#layoutOf();
    const file = source.endsWith('.rb') ? source : `${source}.rb`;
    if (source.startsWith('./') || source.startsWith('../')) {
      // `require_relative`: beside the requiring file (it may climb out of its folder, not out of the tree).
      const path = posix.normalize(posix.join(folderOf(from), file));
      return Promise.resolve(!path.startsWith('../') && layout.files.has(path) ? [path] : []);
    }
    if (posix.isAbsolute(source) || source.split('/').includes('..')) return Promise.resolve([]);
    for (const lib of layout.lib) {
      const path = `${lib}/${file}`;
      if (layout.files.has(path)) return Promise.resolve([path]);
    }
    return Promise.resolve([]);
  }

  builtin(_from: string, name: string): boolean {
    return KERNEL.has(name) || CORE.has(name);
  }

  /** The Ruby files and `lib/` folders of the tree, read once (a system lives as long as the tree's file list). */
  #layoutOf(): Layout {
    if (this.#layout) return this.#layout;
    const files = new Set<string>();
    const lib = new Set<string>();
    for (const file of this.#context.files()) {
      if (this.#context.systemOf(file) !== rubyModules) continue;
      files.add(file);
      const segments = folderOf(file).split('/');
      const at = segments.indexOf('lib');
      // every `lib` folder on the file's path (a gem's `lib/` inside a monorepo's `gems/x/`)
      for (let i = at; i >= 0 && i < segments.length; i = segments.indexOf('lib', i + 1)) lib.add(segments.slice(0, i + 1).join('/'));
    }
    const depth = (folder: string) => folder.split('/').length;
    this.#layout = { files, lib: [...lib].sort((a, b) => depth(a) - depth(b) || a.localeCompare(b)) };
    return this.#layout;
  }
}
