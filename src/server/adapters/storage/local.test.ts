import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
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

describe('local storage', () => {
  it('stores and reads back an object with its content type, in its bucket folder', async () => {
    await storage.put('instances', 'abc/input/child_photo.jpg', Buffer.from('jpeg bytes'), {
      contentType: 'image/jpeg',
    });
    const object = await storage.get('instances', 'abc/input/child_photo.jpg');
    expect(object?.data.toString()).toBe('jpeg bytes');
    expect(object?.contentType).toBe('image/jpeg');
    expect(object?.size).toBe(10);
    expect(await fs.readFile(path.join(root, 'instances/abc/input/child_photo.jpg'), 'utf8')).toBe(
      'jpeg bytes',
    );
  });

  it('answers null and false for a missing object', async () => {
    expect(await storage.get('wizard-temp', 'missing.jpg')).toBeNull();
    expect(await storage.exists('wizard-temp', 'missing.jpg')).toBe(false);
  });

  it('keeps buckets apart', async () => {
    await storage.put('wizard-temp', 'a.jpg', Buffer.from('x'));
    expect(await storage.exists('instances', 'a.jpg')).toBe(false);
  });

  it('lists and deletes a folder without touching its neighbours', async () => {
    await storage.put('instances', 'one/input/child_photo.jpg', Buffer.from('1'));
    await storage.put('instances', 'one/intermediate/hero_cover.png', Buffer.from('2'), {
      contentType: 'image/png',
    });
    await storage.put('instances', 'two/input/child_photo.jpg', Buffer.from('3'));
    expect(await storage.list('instances', 'one/')).toEqual([
      'one/input/child_photo.jpg',
      'one/intermediate/hero_cover.png',
    ]);
    expect(await storage.deletePrefix('instances', 'one/')).toBe(2);
    expect(await storage.list('instances', 'one/')).toEqual([]);
    expect(await storage.list('instances', 'two/')).toEqual(['two/input/child_photo.jpg']);
  });

  it('refuses to empty a whole bucket by accident', async () => {
    await expect(storage.deletePrefix('instances', '')).rejects.toThrow(/whole bucket/);
  });

  it.each([
    ['../secret.txt'],
    ['/etc/passwd'],
    ['a/../../b.jpg'],
    ['a//b.jpg'],
    ['.hidden'],
    ['a b.jpg'],
    [''],
  ])('refuses the unsafe key %j', async (key) => {
    await expect(storage.put('instances', key, Buffer.from('x'))).rejects.toThrow(/Unsafe storage key/);
    await expect(storage.get('instances', key)).rejects.toThrow(/Unsafe storage key/);
  });

  it('overwrites an object in place (upsert)', async () => {
    await storage.put('instances', 'x/a.png', Buffer.from('old'), { contentType: 'image/png' });
    await storage.put('instances', 'x/a.png', Buffer.from('new'));
    const object = await storage.get('instances', 'x/a.png');
    expect(object?.data.toString()).toBe('new');
    expect(object?.contentType).toBeUndefined();
  });

  it('makes object names the server chooses: unguessable and distinct', () => {
    const a = newObjectName('jpg');
    const b = newObjectName('jpg');
    expect(a).toMatch(/^[0-9a-f-]{36}\.jpg$/);
    expect(a).not.toBe(b);
  });
});
