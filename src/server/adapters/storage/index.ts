import { randomUUID } from 'node:crypto';

/**
 * The buckets of docs/spec.md section 3: `instances` (one folder per book instance), `wizard-temp`
 * (uploads during the wizard) and `public` (catalogue artwork only; nothing of a child).
 */
const BUCKETS = ['instances', 'wizard-temp', 'public'] as const;
export type Bucket = (typeof BUCKETS)[number];

type StoredObject = { data: Buffer; contentType: string | undefined; size: number };

/** Where the shop keeps files. Keys are made by the server (see `newObjectName`), never by a user. */
export interface Storage {
  put(bucket: Bucket, key: string, data: Uint8Array, options?: { contentType?: string }): Promise<void>;
  /** The object, or null when there is none. */
  get(bucket: Bucket, key: string): Promise<StoredObject | null>;
  exists(bucket: Bucket, key: string): Promise<boolean>;
  delete(bucket: Bucket, key: string): Promise<void>;
  /** Keys under a prefix (a folder such as `abc/photos/`), sorted. */
  list(bucket: Bucket, prefix: string): Promise<string[]>;
  /** Deletes every object under a prefix; returns how many were removed. */
  deletePrefix(bucket: Bucket, prefix: string): Promise<number>;
  /**
   * Removes the half-written temporary files a crash left (a store that writes none has no such
   * method): those of processes no longer running, and any older than an hour (or `olderThanMs`).
   * At start and in the retention run (docs/decisions/019). Returns how many were removed.
   */
  removeLeftovers?(options?: { olderThanMs?: number; ownToo?: boolean }): Promise<number>;
}

const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/**
 * Checks a key is made of safe path segments (letters, digits, dot, dash, underscore; no `..`,
 * no leading slash), so that no key can reach outside its bucket.
 */
export function assertSafeKey(key: string, { allowEmpty = false }: { allowEmpty?: boolean } = {}): void {
  if (allowEmpty && key === '') return;
  const segments = key.replace(/\/$/, '').split('/');
  const ok =
    key.length <= 512 && segments.every((segment) => SEGMENT.test(segment) && !segment.includes('..'));
  if (!ok) throw new Error(`Unsafe storage key: ${JSON.stringify(key.slice(0, 80))}`);
}

/** A fresh, unguessable object name with the given extension, e.g. `3f2a….jpg`. */
export function newObjectName(extension: 'jpg' | 'png' | 'webp' | 'pdf' | 'json' | 'zip'): string {
  return `${randomUUID()}.${extension}`;
}
