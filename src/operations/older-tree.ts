/**
 * The tree as it was, for the uses a change left behind: binding over the older versions of the files a change
 * removed definitions from (and of the files it deleted), every other file as it is now. A use that binds to nothing
 * now is one a removed definition leaves behind only when, in the older tree, it bound to that definition: an
 * unrelated `x.close()` that never bound to the removed `Cart.close` is not one.
 *
 * @module
 */
import { ModuleResolver } from '../binding/modules.js';
import { Resolver } from '../binding/resolver.js';
import { readConfigText } from '../engine/files.js';
import type { Workspace } from '../engine/workspace.js';
import type { FileFacts } from '../model/facts.js';

/**
 * A resolver over the older tree: `before` holds the older facts of the files that lost definitions (deleted files
 * among them, whose paths `gone` lists so that imports still find them); every other file is read as it is now.
 */
export function olderTree(workspace: Workspace, before: ReadonlyMap<string, FileFacts>, gone: ReadonlySet<string>): Resolver {
  const facts = (file: string): Promise<FileFacts | undefined> => (before.has(file) ? Promise.resolve(before.get(file)) : workspace.factsOf(file));
  let files: ReadonlySet<string> | undefined;
  const modules = new ModuleResolver({
    readText: (file) => readConfigText(workspace.root, file),
    files: () => (files ??= new Set([...workspace.knownFiles(), ...gone])),
    // The older tree does not change while it is asked.
    membership: () => 0,
    language: (file) => {
      const id = workspace.languageOf(file);
      return id ? workspace.registry.get(id) : undefined;
    },
    languageNamed: (id) => workspace.registry.get(id),
    facts,
  });
  return new Resolver({
    facts,
    modules,
    filesDefining: async (name, kinds) => {
      await workspace.indexFolder('');
      const found = new Set<string>();
      for (const entry of workspace.names.definitionsNamed(name)) {
        if (!before.has(entry.file) && (!kinds || kinds(entry.definition.kind))) found.add(entry.file);
      }
      for (const [file, older] of before) {
        if (older.definitions.some((def) => !def.local && def.name === name && (!kinds || kinds(def.kind)))) found.add(file);
      }
      return [...found];
    },
  });
}
