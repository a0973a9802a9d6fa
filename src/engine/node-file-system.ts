/**
 * The engine's file system on Node: `node:fs`, with the one read that opens first and verifies after. It opens the
 * path without following a final symbolic link, then proves the descriptor it got is that file (on Linux the kernel's
 * own record of the opened path, `/proc/self/fd/N`; elsewhere device and inode against a fresh look-up), and reads
 * only from that descriptor: a path swapped for a symbolic link between the root check and the read is refused,
 * never followed.
 *
 * @module
 */
import { type BigIntStats, closeSync, constants, existsSync, fstatSync, lstatSync, openSync, readdirSync, readlinkSync, readSync, realpathSync, statSync, watch } from 'node:fs';
import { type FileBytes, type FileSystem, FileSystemError } from './file-system.js';

// O_NOFOLLOW: a final component swapped for a symlink fails with ELOOP instead of being followed. O_NONBLOCK: a
// FIFO opens at once (and is then refused as not a regular file) instead of blocking the thread for a writer.
// O_NOCTTY: a terminal device never becomes our controlling terminal. (All three are 0 where they do not exist.)
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0) | (constants.O_NOCTTY ?? 0);
let procFd: boolean | undefined;

/** Proves that descriptor `fd` is the file `path` names: the kernel's record of it, or the same device and inode. */
function verifyDescriptor(fd: number, path: string): void {
  procFd ??= existsSync('/proc/self/fd');
  if (procFd) {
    let link: string | undefined;
    try {
      link = readlinkSync(`/proc/self/fd/${fd}`);
    } catch {
      link = undefined;
    }
    if (link !== undefined) {
      if (link !== path) throw new FileSystemError('ECHANGED', path);
      return;
    }
  }
  // No procfs: the checked path must still be its own real path and name the very inode we opened.
  let now: BigIntStats;
  let opened: BigIntStats;
  try {
    if (realpathSync.native(path) !== path) throw new FileSystemError('ECHANGED', path);
    now = statSync(path, { bigint: true });
    opened = fstatSync(fd, { bigint: true });
  } catch {
    throw new FileSystemError('ECHANGED', path);
  }
  if (now.dev !== opened.dev || now.ino !== opened.ino) throw new FileSystemError('ECHANGED', path);
}

/** Opens, verifies and reads a regular file (see the module's note). */
function readVerifiedFile(path: string, maxBytes: number): FileBytes {
  const fd = openSync(path, OPEN_FLAGS);
  try {
    verifyDescriptor(fd, path);
    const info = fstatSync(fd);
    if (!info.isFile()) throw new FileSystemError(info.isDirectory() ? 'EISDIR' : 'ENOTREG', path);
    const size = info.size;
    if (size > maxBytes) throw new FileSystemError('EFBIG', path, size);
    const bytes = Buffer.allocUnsafe(size);
    let filled = 0;
    while (filled < size) {
      const read = readSync(fd, bytes, filled, size - filled, null);
      if (read === 0) break;
      filled += read;
    }
    return { bytes: bytes.subarray(0, filled), size: filled, mtimeMs: info.mtimeMs };
  } finally {
    closeSync(fd);
  }
}

/** The file system of this machine, through `node:fs`. */
export const nodeFileSystem: FileSystem = {
  realpath: (path) => realpathSync.native(path),
  stat: (path) => statSync(path),
  lstat: (path) => lstatSync(path),
  readdir: (path) => readdirSync(path, { withFileTypes: true }),
  readFile: readVerifiedFile,
  watch(folder, recursive, onChange, onError) {
    // Not persistent: a watching index never keeps its process alive (the host's own handles do).
    const watcher = watch(folder, { recursive, persistent: false }, (_event, name) => onChange(name === null ? undefined : String(name)));
    watcher.on('error', onError);
    return { close: () => watcher.close() };
  },
};
