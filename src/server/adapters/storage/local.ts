import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { assertSafeKey, type Bucket, type Storage } from './index';

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

  async function walk(folder: string): Promise<string[]> {
    const entries = await fs.readdir(folder, { withFileTypes: true }).catch(() => []);
    const files = await Promise.all(
      entries.map((entry) => {
        const full = path.join(folder, entry.name);
        if (entry.isDirectory()) return walk(full);
        return entry.name.endsWith('.meta.json') ? [] : [full];
      }),
    );
    return files.flat();
  }

  return {
    async put(bucket, key, data, options) {
      const file = resolve(bucket, key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Write then rename, so a reader never sees half a file.
      const temp = `${file}.${randomUUID()}.tmp`;
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
    async deletePrefix(bucket, prefix) {
      if (prefix === '') throw new Error('Refusing to empty a whole bucket');
      const keys = await this.list(bucket, prefix);
      await Promise.all(keys.map((key) => this.delete(bucket, key)));
      return keys.length;
    },
  };
}
