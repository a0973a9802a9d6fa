/**
 * What `changes` takes and returns: the files and definitions that differ between two versions of the tree, and who
 * depends on each definition changed.
 *
 * @module
 */

/**
 * How a definition changed: `added`, `removed`, `renamed` (the same text under another name), `signature` (its
 * parameters, types, modifiers or export changed), `body` (its own text changed, not its signature), `moved` (from
 * another file, unchanged).
 */
export type DefinitionChangeKind = 'added' | 'removed' | 'renamed' | 'signature' | 'body' | 'moved';

/** Options of `CodeIndex.changes`. */
export interface ChangesOptions {
  /**
   * The older version: a commit (`HEAD`, `main`, `v1.2`, `HEAD~3`, an id).
   * @defaultValue 'HEAD'
   */
  base?: string;
  /** The newer version: a commit. Without it, the working tree (or, with `staged`, the index). */
  head?: string;
  /** Compare `head` with the commit where it forked from `base` (git's `base...head`). */
  symmetric?: boolean;
  /** The staged changes: the index against `base`. */
  staged?: boolean;
  /** Only the files under these folders, or these files (relative to the root). @defaultValue the whole root */
  paths?: string[];
  /** Levels of callers to follow, 1 to 5. @defaultValue 1 */
  depth?: number;
  /** Each file's unified diff too. @defaultValue false */
  diff?: boolean;
  /** Lines of context around each change of a diff (at most 10). @defaultValue 3 */
  contextLines?: number;
  /** The most files whose definitions are compared (at most 1,000); the others are listed. @defaultValue 200 */
  maxFiles?: number;
  /** The most definitions whose dependents are looked for (at most 500). @defaultValue 50 */
  maxImpact?: number;
  /** Time the answer may take, in milliseconds (at most 120,000). @defaultValue 30,000 */
  timeoutMs?: number;
  /** Stops the work; the call rejects with the signal's reason. */
  signal?: AbortSignal;
}

/** A use of a definition, in a file that depends on it. */
export interface ImpactUse {
  /** 1-based line of the use. */
  line: number;
  /** 1-based column of the use (UTF-16 code units). */
  column: number;
  /** `call`, `read`, `type`, `import`, ...: as `findReferences` names it. */
  kind: string;
  /** The line of the use. */
  preview: string;
  /**
   * The use names the definition as it was (removed, or its old name) and binds to nothing now: it breaks unless it
   * is changed too.
   */
  unbound?: true;
  /**
   * The use does not bind (a name the language's queries cannot follow: a C file built into another by `#include`),
   * and no other definition has its name: taken to be one, as the call hierarchy takes such calls.
   */
  nameMatch?: true;
}

/** A caller of a changed definition, at a level of the call hierarchy (1: calls it directly). */
export interface ImpactCaller {
  /** The caller's name (`Class.method` for a method). */
  name: string;
  /** Its kind (`function`, `method`, ...). */
  kind: string;
  /** 1-based line of its name. */
  line: number;
  /** 1: it calls the definition; 2: it calls a caller of it; ... */
  level: number;
}

/** A file that depends on a changed definition. */
export interface ImpactFile {
  /** Root-relative path. */
  file: string;
  /** Under a test folder, or named as its language names tests. */
  test: boolean;
  /** Its uses of the definition: bound references (for a definition removed, uses of its name that now bind to nothing). */
  uses: ImpactUse[];
  /** The functions in it that call the definition, directly (level 1) or through others (level 2 and on). */
  callers: ImpactCaller[];
}

/** Who depends on a changed or removed definition. */
export interface ChangeImpact {
  /** The files, in path order. */
  files: ImpactFile[];
  /** Uses listed, across files. */
  uses: number;
  /** Callers listed, across files and levels. */
  callers: number;
  /** Test files among the files. */
  tests: number;
  /** The search stopped early (its time, or the call hierarchy's item limit): there may be more. */
  partial?: true;
}

/** One definition that differs between the two versions. */
export interface DefinitionChange {
  /** How it changed. */
  change: DefinitionChangeKind;
  /** Qualified name (`Class.method`). */
  name: string;
  /** Its kind (`function`, `method`, `class`, ...). */
  kind: string;
  /** The 1-based line of its name in the newer version, when it is there. */
  line?: number;
  /** The 1-based column of its name in the newer version. */
  column?: number;
  /** Where it was in the older version. */
  previousLine?: number;
  /** The older name, for a rename. */
  previousName?: string;
  /** A rename whose text changed too: paired with the removed definition its text is most like, not equal to. */
  edited?: true;
  /** The file it came from, for a definition moved from another file. */
  previousFile?: string;
  /** Its signature (or first line) in the newer version. */
  signature?: string;
  /** Its signature in the older version, when it changed. */
  previousSignature?: string;
  /** Who depends on it (changed, renamed, moved and removed definitions), when looked for. */
  impact?: ChangeImpact;
}

/** A file that differs between the two versions. */
export interface ChangedFile {
  /** Root-relative path (the newer one for a move). */
  file: string;
  /** How the file changed (`moved`: a deleted and an added file with the same or mostly the same content). */
  status: 'added' | 'deleted' | 'modified' | 'moved';
  /** The older path, for a move. */
  previousFile?: string;
  /** The language it is analyzed as, when one is. */
  language?: string;
  /** Under a test folder, or named as its language names tests. */
  test: boolean;
  /** Not tracked by git yet (working tree only). */
  untracked?: true;
  /** Lines the newer version adds. */
  linesAdded: number;
  /** Lines the newer version removes. */
  linesRemoved: number;
  /** The definitions that differ, in the newer version's order, then those removed. */
  definitions: DefinitionChange[];
  /** Its unified diff, when asked for. */
  diff?: string;
  /**
   * For a file moved: the uses of its definitions still made through its older path (an import not updated), which
   * bind to nothing now.
   */
  impact?: ChangeImpact;
  /** Why its definitions were not compared (binary, too large, no language, past `maxFiles` or the time limit). */
  skipped?: string;
}

/** What `CodeIndex.changes` found. */
export interface ChangesResult {
  /** The older version: as named, and its commit. */
  base: { revision: string; commit: string };
  /** The newer version: a commit, or `index` / `working tree`. */
  head: { revision: string; commit?: string };
  /** The files that differ, in path order. */
  files: ChangedFile[];
  /** Definitions by change, across files. */
  counts: Record<DefinitionChangeKind, number>;
  /** Definitions whose dependents were not looked for (past `maxImpact` or the time limit). */
  impactsLeft: number;
  /** How to read the answer. */
  note: string;
}
