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
