/**
 * An in-memory tree behind the engine's `FileSystem` interface: files, folders and symbolic links under absolute
 * POSIX paths, with the codes Node's calls and the verified read throw. For tests that hand the engine a tree without
 * touching the disk.
 */
import { posix } from 'node:path';
import { type FileBytes, type FileInfo, type FileSystem, FileSystemError, type FolderEntry } from '../../src/engine/file-system.js';

type Node = { type: 'file'; bytes: Uint8Array; mtimeMs: number } | { type: 'folder'; mtimeMs: number } | { type: 'link'; target: string };

/** An error as Node's file calls throw them. */
function errno(code: string, path: string): Error {
  return Object.assign(new Error(`${code}: ${path}`), { code });
}

function info(node: Node): FileInfo {
  const size = node.type === 'file' ? node.bytes.length : node.type === 'link' ? node.target.length : 4096;
  return {
    size,
    mtimeMs: node.type === 'link' ? 0 : node.mtimeMs,
    isFile: () => node.type === 'file',
    isDirectory: () => node.type === 'folder',
    isSymbolicLink: () => node.type === 'link',
  };
}

/**
 * A tree in memory that tests can change between calls. A folder's modification time changes when an entry is added
 * to it or removed from it, as on a disk.
 */
export class MemoryFileSystem implements FileSystem {
  readonly #nodes = new Map<string, Node>([['/', { type: 'folder', mtimeMs: 0 }]]);
  #clock = 1_000;
  /** Every call made, as `method path`: what the engine asked. */
  readonly calls: string[] = [];

  /** Writes a file (its folders are made), with a new modification time. */
  write(path: string, text: string | Uint8Array): this {
    const absolute = posix.normalize(path);
    this.#folder(posix.dirname(absolute));
    const bytes = typeof text === 'string' ? new TextEncoder().encode(text) : text;
    if (!this.#nodes.has(absolute)) this.#touch(posix.dirname(absolute));
    this.#nodes.set(absolute, { type: 'file', bytes, mtimeMs: (this.#clock += 1_000) });
    return this;
  }

  /** Writes each file of a tree under `root`. */
  writeTree(root: string, files: Record<string, string>): this {
    for (const [file, text] of Object.entries(files)) this.write(posix.join(root, file), text);
    return this;
  }

  /** Makes a symbolic link at `path` to `target` (absolute, or relative to the link's folder). */
  link(path: string, target: string): this {
    const absolute = posix.normalize(path);
    this.#folder(posix.dirname(absolute));
    if (!this.#nodes.has(absolute)) this.#touch(posix.dirname(absolute));
    this.#nodes.set(absolute, { type: 'link', target });
    return this;
  }

  /** Removes a file, a link or a folder with everything under it. */
  remove(path: string): this {
    const absolute = posix.normalize(path);
    if (this.#nodes.has(absolute)) this.#touch(posix.dirname(absolute));
    for (const key of [...this.#nodes.keys()]) if (key === absolute || key.startsWith(`${absolute}/`)) this.#nodes.delete(key);
    return this;
  }

  realpath(path: string): string {
    this.calls.push(`realpath ${path}`);
    return this.#resolve(path, true).path;
  }

  stat(path: string): FileInfo {
    this.calls.push(`stat ${path}`);
    return info(this.#resolve(path, true).node);
  }

  lstat(path: string): FileInfo {
    this.calls.push(`lstat ${path}`);
    return info(this.#resolve(path, false).node);
  }

  readdir(path: string): FolderEntry[] {
    this.calls.push(`readdir ${path}`);
    const { path: folder, node } = this.#resolve(path, true);
    if (node.type !== 'folder') throw errno('ENOTDIR', path);
    const prefix = folder === '/' ? '/' : `${folder}/`;
    const entries: FolderEntry[] = [];
    for (const [key, child] of this.#nodes) {
      if (key === folder || !key.startsWith(prefix) || key.slice(prefix.length).includes('/')) continue;
      entries.push({ name: key.slice(prefix.length), ...info(child) });
    }
    return entries;
  }

  readFile(path: string, maxBytes: number): FileBytes {
    this.calls.push(`readFile ${path}`);
    const { node } = this.#resolve(path, false);
    if (node.type === 'link') throw new FileSystemError('ELOOP', path);
    if (node.type === 'folder') throw new FileSystemError('EISDIR', path);
    if (node.bytes.length > maxBytes) throw new FileSystemError('EFBIG', path, node.bytes.length);
    return { bytes: node.bytes, size: node.bytes.length, mtimeMs: node.mtimeMs };
  }

  #folder(path: string): void {
    let at = '/';
    for (const part of path.split('/').filter(Boolean)) {
      const parent = at;
      at = posix.join(at, part);
      if (!this.#nodes.has(at)) {
        this.#touch(parent);
        this.#nodes.set(at, { type: 'folder', mtimeMs: (this.#clock += 1_000) });
      }
    }
  }

  /** A new modification time for a folder whose entries changed. */
  #touch(folder: string): void {
    const node = this.#nodes.get(folder);
    if (node?.type === 'folder') node.mtimeMs = this.#clock += 1_000;
  }

  /** The node a path names and its real path, following links on the way (and at the end, with `follow`). */
  #resolve(path: string, follow: boolean, hops = 0): { path: string; node: Node } {
    if (hops > 32) throw errno('ELOOP', path);
    const parts = posix.normalize(path).replace(/\/+$/, '').split('/').filter(Boolean);
    let at = '/';
    for (let i = 0; i < parts.length; i++) {
      const next = posix.join(at, parts[i] as string);
      const node = this.#nodes.get(next);
      if (!node) throw errno('ENOENT', path);
      const last = i === parts.length - 1;
      if (node.type === 'link' && (!last || follow)) {
        const target = posix.resolve(at, node.target);
        const rest = parts.slice(i + 1);
        return this.#resolve(posix.join(target, ...rest), follow, hops + 1);
      }
      if (!last && node.type !== 'folder') throw errno('ENOTDIR', path);
      at = next;
    }
    return { path: at, node: this.#nodes.get(at) as Node };
  }
}
