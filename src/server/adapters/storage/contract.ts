import { describe, expect, it } from 'vitest';
import type { Storage } from './index';

/**
 * The behaviour every storage adapter must have, run by each adapter's test file against its own
 * instance (`getStorage` is called inside each test, after the file's `beforeEach`).
 */
export function describeStorageContract(name: string, getStorage: () => Storage): void {
  describe(`${name}: the Storage contract`, () => {
    it('stores and reads back an object with its content type and size', async () => {
      const storage = getStorage();
      await storage.put('instances', 'abc/photos/photo.jpg', Buffer.from('jpeg bytes'), {
        contentType: 'image/jpeg',
      });
      const object = await storage.get('instances', 'abc/photos/photo.jpg');
      expect(object?.data.toString()).toBe('jpeg bytes');
      expect(object?.contentType).toBe('image/jpeg');
      expect(object?.size).toBe(10);
      expect(await storage.exists('instances', 'abc/photos/photo.jpg')).toBe(true);
    });

    it('keeps every byte of a binary object, and an empty one', async () => {
      const storage = getStorage();
      const bytes = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
      await storage.put('public', 'books/b1/display/main.jpg', bytes, { contentType: 'image/jpeg' });
      await storage.put('public', 'empty.json', new Uint8Array());
      expect((await storage.get('public', 'books/b1/display/main.jpg'))?.data.equals(bytes)).toBe(true);
      const empty = await storage.get('public', 'empty.json');
      expect(empty?.size).toBe(0);
      expect(empty?.data.length).toBe(0);
    });

    it('answers null and false for a missing object', async () => {
      const storage = getStorage();
      expect(await storage.get('wizard-temp', 'missing.jpg')).toBeNull();
      expect(await storage.exists('wizard-temp', 'missing.jpg')).toBe(false);
    });

    it('keeps buckets apart', async () => {
      const storage = getStorage();
      await storage.put('wizard-temp', 'a.jpg', Buffer.from('x'));
      expect(await storage.exists('instances', 'a.jpg')).toBe(false);
      expect(await storage.get('public', 'a.jpg')).toBeNull();
      expect(await storage.list('instances', '')).toEqual([]);
      expect(await storage.list('wizard-temp', '')).toEqual(['a.jpg']);
    });

    it('lists and deletes a folder without touching its neighbours', async () => {
      const storage = getStorage();
      await storage.put('instances', 'one/photos/photo.jpg', Buffer.from('1'));
      await storage.put('instances', 'one/covers/cover.png', Buffer.from('2'), {
        contentType: 'image/png',
      });
      await storage.put('instances', 'two/photos/photo.jpg', Buffer.from('3'));
      expect(await storage.list('instances', 'one/')).toEqual([
        'one/covers/cover.png',
        'one/photos/photo.jpg',
      ]);
      expect(await storage.deletePrefix('instances', 'one/')).toBe(2);
      expect(await storage.list('instances', 'one/')).toEqual([]);
      expect(await storage.list('instances', 'two/')).toEqual(['two/photos/photo.jpg']);
    });

    it('lists sorted, by folder or by the start of a name, and a whole bucket with an empty prefix', async () => {
      const storage = getStorage();
      for (const key of ['b/z.png', 'a/page_2.png', 'a/page_10.png', 'a/cover.png', 'c.json']) {
        await storage.put('instances', key, Buffer.from(key));
      }
      expect(await storage.list('instances', '')).toEqual([
        'a/cover.png',
        'a/page_10.png',
        'a/page_2.png',
        'b/z.png',
        'c.json',
      ]);
      expect(await storage.list('instances', 'a/page_')).toEqual(['a/page_10.png', 'a/page_2.png']);
      expect(await storage.list('instances', 'missing/')).toEqual([]);
      expect(await storage.deletePrefix('instances', 'missing/')).toBe(0);
    });

    it('deletes one object, and a missing one without complaint', async () => {
      const storage = getStorage();
      await storage.put('wizard-temp', 'session/photo.jpg', Buffer.from('x'));
      await storage.delete('wizard-temp', 'session/photo.jpg');
      await storage.delete('wizard-temp', 'session/photo.jpg');
      expect(await storage.exists('wizard-temp', 'session/photo.jpg')).toBe(false);
      expect(await storage.get('wizard-temp', 'session/photo.jpg')).toBeNull();
    });

    it('refuses to empty a whole bucket by accident', async () => {
      const storage = getStorage();
      await storage.put('instances', 'keep.json', Buffer.from('{}'));
      await expect(storage.deletePrefix('instances', '')).rejects.toThrow(/whole bucket/);
      expect(await storage.exists('instances', 'keep.json')).toBe(true);
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
      const storage = getStorage();
      await expect(storage.put('instances', key, Buffer.from('x'))).rejects.toThrow(/Unsafe storage key/);
      await expect(storage.get('instances', key)).rejects.toThrow(/Unsafe storage key/);
      await expect(storage.exists('instances', key)).rejects.toThrow(/Unsafe storage key/);
      await expect(storage.delete('instances', key)).rejects.toThrow(/Unsafe storage key/);
    });

    it.each([['../'], ['a/../../'], ['/etc/'], ['a//b/']])(
      'refuses to list the unsafe folder %j',
      async (prefix) => {
        const storage = getStorage();
        await expect(storage.list('instances', prefix)).rejects.toThrow(/Unsafe storage key/);
        await expect(storage.deletePrefix('instances', prefix)).rejects.toThrow(/Unsafe storage key/);
      },
    );

    it('overwrites an object in place (upsert)', async () => {
      const storage = getStorage();
      await storage.put('instances', 'x/a.png', Buffer.from('old'), { contentType: 'image/png' });
      await storage.put('instances', 'x/a.png', Buffer.from('new'));
      const object = await storage.get('instances', 'x/a.png');
      expect(object?.data.toString()).toBe('new');
      expect(object?.contentType).toBeUndefined();
      expect(await storage.list('instances', 'x/')).toEqual(['x/a.png']);
    });
  });
}
