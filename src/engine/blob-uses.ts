/**
 * The files that share a facts blob (copies, vendored packages, generated files: the same content), counted, with
 * the summary they share: one summary per blob, however many files hold it.
 *
 * @module
 */
import type { FileSummary } from './store.js';

/** What an entry brings: its blob, and the summary it holds (if any). */
interface BlobHolder {
  blob?: string;
  summary?: FileSummary;
}

export class BlobUses {
  readonly #blobs = new Map<string, { uses: number; summary: FileSummary | undefined }>();

  /** The summary held for a blob by an entry of it. */
  summaryOf(blob: string): FileSummary | undefined {
    return this.#blobs.get(blob)?.summary;
  }

  /** Counts one more entry of its blob; an entry of a blob already held takes that blob's summary (the same facts). */
  link(entry: BlobHolder): void {
    if (!entry.blob) return;
    const blob = this.#blobs.get(entry.blob);
    if (!blob) this.#blobs.set(entry.blob, { uses: 1, summary: entry.summary });
    else {
      blob.uses++;
      if (blob.summary) entry.summary = blob.summary;
      else blob.summary = entry.summary;
    }
  }

  /** Counts one entry of its blob fewer; true when it was the blob's last. */
  unlink(entry: BlobHolder): boolean {
    if (!entry.blob) return false;
    const blob = this.#blobs.get(entry.blob);
    if (blob && --blob.uses > 0) return false;
    this.#blobs.delete(entry.blob);
    return true;
  }

  /** The blobs in use. */
  live(): Set<string> {
    return new Set(this.#blobs.keys());
  }

  clear(): void {
    this.#blobs.clear();
  }
}
