import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { processIsAlive } from '../../process-alive';
import { assertSafeKey, type Bucket, type Storage } from './index';

/** `<object>.<pid>-<uuid>.tmp`, a file being written (or left by a crash); older ones lack the pid. */
const TEMPORARY = /\.(?:(\d+)-)?[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.tmp$/;
/** No write takes this long: a temporary file this old is a leftover whoever wrote it. */
const LEFTOVER_AGE_MS = 60 * 60 * 1000;

/** Files in a folder, one sub-folder per bucket (the embedded default, `DATA_DIR/storage`). */
export function createLocalStorage(root: string): Storage {
  const resolve = (bucket: Bucket, key: string, allowEmpty = false) => {
    assertSafeKey(key, { allowEmpty });
    const base = path.join(root, bucket);
    const full = path.join(base, key);
    if (full !== base && !full.startsWith(base + path.sep)) throw new Error('Storage key leaves its bucket');
    return full;
  };
  // Content types are kept beside the object so that a later read can answer with the right one.
  const metaPath = (file: string) => `${file}.meta.json`;

  async function walk(folder: string, which: 'objects' | 'temporary' = 'objects'): Promise<string[]> {
    const entries = await fs.readdir(folder, { withFileTypes: true }).catch(() => []);
    const files = await Promise.all(
      entries.map((entry) => {
        const full = path.join(folder, entry.name);
        if (entry.isDirectory()) return walk(full, which);
        const temporary = TEMPORARY.test(entry.name);
        if (which === 'temporary') return temporary ? [full] : [];
        return entry.name.endsWith('.meta.json') || temporary ? [] : [full];
      }),
    );
    return files.flat();
  }

  return {
    async put(bucket, key, data, options) {
      const file = resolve(bucket, key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Write then rename, so a reader never sees half a file. The name says which process writes
      // it, so a file a crash left behind can be told from one being written (removeLeftovers).
      const temp = `${file}.${process.pid}-${randomUUID()}.tmp`;
      await fs.writeFile(temp, data);
      await fs.rename(temp, file);
      if (options?.contentType) {
        await fs.writeFile(metaPath(file), JSON.stringify({ contentType: options.contentType }));
      } else {
        await fs.rm(metaPath(file), { force: true });
      }
    },
    async get(bucket, key) {
      const file = resolve(bucket, key);
      try {
        const data = await fs.readFile(file);
        const meta = await fs.readFile(metaPath(file), 'utf8').then(JSON.parse, () => ({}));
        return { data, contentType: meta.contentType, size: data.length };
      } catch (error) {
        if (
          (error as NodeJS.ErrnoException).code === 'ENOENT' ||
          (error as NodeJS.ErrnoException).code === 'EISDIR'
        ) {
          return null;
        }
        throw error;
      }
    },
    async exists(bucket, key) {
      const stat = await fs.stat(resolve(bucket, key)).catch(() => null);
      return stat?.isFile() ?? false;
    },
    async delete(bucket, key) {
      const file = resolve(bucket, key);
      await fs.rm(file, { force: true });
      await fs.rm(metaPath(file), { force: true });
    },
    async list(bucket, prefix) {
      const base = path.join(root, bucket);
      const folder = resolve(bucket, prefix.replace(/[^/]*$/, ''), true);
      const files = await walk(folder);
      return files
        .map((file) => path.relative(base, file).split(path.sep).join('/'))
        .filter((key) => key.startsWith(prefix))
        .sort();
    },
    async removeLeftovers(options = {}) {
      const olderThanMs = options.olderThanMs ?? LEFTOVER_AGE_MS;
      const now = Date.now();
      let removed = 0;
      for (const file of await walk(root, 'temporary')) {
        const pid = Number(TEMPORARY.exec(path.basename(file))?.[1]);
        const stat = await fs.stat(file).catch(() => null);
        if (!stat) continue;
        const old = now - stat.mtimeMs >= olderThanMs;
        // A writer still running keeps its file (another API process or worker on the same
        // folder), unless the file is old enough that no write can still be under way.
        if (!old && pid !== process.pid && processIsAlive(pid)) continue;
        if (!old && pid === process.pid && options.ownToo !== true) continue;
        await fs.rm(file, { force: true });
        removed += 1;
      }
      return removed;
    },
    async deletePrefix(bucket, prefix) {
      if (prefix === '') throw new Error('Refusing to empty a whole bucket');
      const keys = await this.list(bucket, prefix);
      await Promise.all(keys.map((key) => this.delete(bucket, key)));
      return keys.length;
    },
  };
}
