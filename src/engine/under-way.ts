/**
 * Analyses under way, one per file, each with the stat it began from. A caller that saw the same stat shares the
 * analysis; a caller that saw another (the file was edited meanwhile, and the analysis may have read the old text)
 * gets a new one, run after it, so that no caller is answered with the facts of a version older than the one it saw.
 */

/** A file's size and modification time, as a stat gives them. */
export interface FileStat {
  size: number;
  mtimeMs: number;
}

export class AnalysesUnderWay<T> {
  readonly #jobs = new Map<string, { work: Promise<T>; stat: FileStat }>();

  /**
   * The analysis of `file` from `stat`: the one under way when it began from the same stat, else `start()`, after the
   * one under way ends (whatever its outcome).
   */
  run(file: string, stat: FileStat, start: () => Promise<T>): Promise<T> {
    const pending = this.#jobs.get(file);
    if (pending && pending.stat.size === stat.size && pending.stat.mtimeMs === stat.mtimeMs) return pending.work;
    const work = pending ? pending.work.then(start, start) : start();
    const job = { work, stat: { size: stat.size, mtimeMs: stat.mtimeMs } };
    this.#jobs.set(file, job);
    const done = () => {
      if (this.#jobs.get(file) === job) this.#jobs.delete(file);
    };
    work.then(done, done);
    return work;
  }

  /** Resolves once the analysis of `file` under way (if any) ended, whatever its outcome. */
  async settled(file: string): Promise<void> {
    await this.#jobs.get(file)?.work.catch(() => undefined);
  }
}
