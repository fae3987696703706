import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { describeStorageContract } from './contract';
import { newObjectName, type Storage } from './index';
import { createLocalStorage } from './local';

let root: string;
let storage: Storage;

beforeEach(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'storage-test-'));
  storage = createLocalStorage(root);
});

afterEach(async () => {
  await fs.rm(root, { recursive: true, force: true });
});

describeStorageContract('local storage', () => storage);

describe('local storage', () => {
  it('keeps each bucket in its own folder', async () => {
    await storage.put('instances', 'abc/photos/photo.jpg', Buffer.from('jpeg bytes'), {
      contentType: 'image/jpeg',
    });
    expect(await fs.readFile(path.join(root, 'instances/abc/photos/photo.jpg'), 'utf8')).toBe('jpeg bytes');
  });

  it('makes object names the server chooses: unguessable and distinct', () => {
    const a = newObjectName('jpg');
    const b = newObjectName('jpg');
    expect(a).toMatch(/^[0-9a-f-]{36}\.jpg$/);
    expect(a).not.toBe(b);
  });
});

// Issue 34, finding 7: a crash while writing a print file left a half-written `….tmp` for good.
describe('temporary files a crash left behind', () => {
  /** A process that starts writing `key` and is killed before the file is renamed into place. */
  async function crashWhileWriting(key: string) {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '--input-type=module',
        '-e',
        `import fs from 'node:fs/promises';
         fs.rename = () => new Promise(() => setInterval(() => {}, 1000));
         const { createLocalStorage } = await import(${JSON.stringify(path.resolve(__dirname, 'local.ts'))});
         await createLocalStorage(${JSON.stringify(root)}).put('instances', ${JSON.stringify(key)}, Buffer.alloc(1 << 20, 7));`,
      ],
      { stdio: 'ignore' },
    );
    const exited = new Promise((resolve) => child.once('exit', resolve));
    const folder = path.join(root, 'instances', path.dirname(key));
    for (let tries = 0; tries < 300; tries += 1) {
      const names = await fs.readdir(folder).catch(() => [] as string[]);
      const temp = names.find((name) => name.endsWith('.tmp'));
      if (temp && (await fs.stat(path.join(folder, temp))).size === 1 << 20) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    child.kill('SIGKILL');
    await exited;
    return folder;
  }

  it('removes the file of a writer that died, never lists it, and keeps one being written', async () => {
    const folder = await crashWhileWriting('book-1/print/interior.pdf');
    const left = (await fs.readdir(folder)).filter((name) => name.endsWith('.tmp'));
    expect(left).toHaveLength(1);
    expect(await storage.list('instances', 'book-1/')).toEqual([]);
    // A file this process is writing right now stays.
    const own = path.join(folder, `cover.pdf.${process.pid}-${crypto.randomUUID()}.tmp`);
    await fs.writeFile(own, 'half');
    expect(await storage.removeLeftovers!()).toBe(1);
    expect((await fs.readdir(folder)).sort()).toEqual([path.basename(own)]);
    // One older than any write is a leftover whoever wrote it.
    const hourAgo = new Date(Date.now() - 61 * 60 * 1000);
    await fs.utimes(own, hourAgo, hourAgo);
    expect(await storage.removeLeftovers!()).toBe(1);
    expect(await fs.readdir(folder)).toEqual([]);
  }, 30_000);
});
