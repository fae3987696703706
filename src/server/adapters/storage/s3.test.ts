import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { inspect } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { describeStorageContract } from './contract';
import type { Storage } from './index';
import { createS3Storage, type S3StorageOptions } from './s3';
import { type FakeS3, startFakeS3 } from './test-fakes/fake-s3';

const BUCKET = 'cuddle-tales-test';
const ACCESS_KEY_ID = 'AKIAFAKESHOPKEY12345';
const SECRET_ACCESS_KEY = 'fakeSecret/0123456789abcdefghijklmnopqrstuv';
const REGION = 'eu-central-2';

let fake: FakeS3;
let storage: Storage;

function s3Storage(overrides: Partial<S3StorageOptions> = {}): Storage {
  return createS3Storage({
    bucket: BUCKET,
    region: REGION,
    endpoint: fake.url,
    forcePathStyle: true,
    accessKeyId: ACCESS_KEY_ID,
    secretAccessKey: SECRET_ACCESS_KEY,
    ...overrides,
  });
}

beforeEach(async () => {
  fake = await startFakeS3({
    bucket: BUCKET,
    accessKeyId: ACCESS_KEY_ID,
    secretAccessKey: SECRET_ACCESS_KEY,
    region: REGION,
  });
  storage = s3Storage();
});

afterEach(async () => {
  await fake.close();
  // The fake plays only the six object calls; any other request fails the test.
  expect(fake.unexpected).toEqual([]);
});

describeStorageContract('S3 storage', () => storage);

/** Error message and everything `inspect` shows of it (what a logger would print). */
async function failure(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(Error);
  return `${(error as Error).message}\n${inspect(error, { depth: 5 })}`;
}

describe('S3 storage', () => {
  it('keeps the three buckets as folders of one bucket, signed, without any ACL', async () => {
    await storage.put('instances', 'abc/photos/photo.jpg', Buffer.from('jpeg'), {
      contentType: 'image/jpeg',
    });
    await storage.put('wizard-temp', 'abc.jpg', Buffer.from('tmp'));
    await storage.put('public', 'books/b1/display/main.jpg', Buffer.from('art'));
    expect([...fake.objects.keys()].sort()).toEqual([
      'instances/abc/photos/photo.jpg',
      'public/books/b1/display/main.jpg',
      'wizard-temp/abc.jpg',
    ]);
    expect(fake.objects.get('instances/abc/photos/photo.jpg')?.contentType).toBe('image/jpeg');
    for (const request of fake.requests) {
      expect(request.path.startsWith(`/${BUCKET}/`)).toBe(true);
      expect(request.headers.authorization).toMatch(
        new RegExp(`^AWS4-HMAC-SHA256 Credential=${ACCESS_KEY_ID}/\\d{8}/${REGION}/s3/aws4_request,`),
      );
      // Child photos stay private: no canned ACL, no grants, whatever the bucket allows.
      expect(Object.keys(request.headers).filter((name) => /acl|grant/.test(name))).toEqual([]);
    }
  });

  it('puts everything under a key prefix when one is given', async () => {
    const prefixed = s3Storage({ keyPrefix: '/shop/eu/' });
    await prefixed.put('instances', 'a/b.png', Buffer.from('x'), { contentType: 'image/png' });
    expect([...fake.objects.keys()]).toEqual(['shop/eu/instances/a/b.png']);
    expect(await prefixed.list('instances', 'a/')).toEqual(['a/b.png']);
    expect(await storage.list('instances', '')).toEqual([]);
    expect(await prefixed.deletePrefix('instances', 'a/')).toBe(1);
    expect(() => s3Storage({ keyPrefix: '../other' })).toThrow(/Unsafe storage key/);
  });

  it('reads an object stored by another tool without a content type as having none', async () => {
    fake.seed('instances/old/file.bin', Buffer.from('raw'));
    const object = await storage.get('instances', 'old/file.bin');
    expect(object?.data.toString()).toBe('raw');
    expect(object?.contentType).toBeUndefined();
  });

  it('lists more than one page of keys, following continuation tokens', async () => {
    for (let i = 0; i < 2_345; i++) fake.seed(`instances/big/${String(i).padStart(5, '0')}.png`);
    fake.seed('instances/bigger/0.png');
    const keys = await storage.list('instances', 'big/');
    expect(keys).toHaveLength(2_345);
    expect(keys[0]).toBe('big/00000.png');
    expect(keys.at(-1)).toBe('big/02344.png');
    const lists = fake.requests.filter((request) => request.query['list-type'] === '2');
    expect(lists).toHaveLength(3);
    expect(lists[0]?.query['continuation-token']).toBeUndefined();
    expect(lists[1]?.query['continuation-token']).toBeTruthy();
    expect(lists.every((request) => request.query.prefix === 'instances/big/')).toBe(true);
  });

  it('follows continuation tokens of a store with small pages', async () => {
    await fake.close();
    fake = await startFakeS3({
      bucket: BUCKET,
      accessKeyId: ACCESS_KEY_ID,
      secretAccessKey: SECRET_ACCESS_KEY,
      region: REGION,
      maxKeys: 2,
    });
    storage = s3Storage();
    for (const key of ['e', 'a', 'd', 'b', 'c'])
      await storage.put('wizard-temp', `s/${key}.jpg`, Buffer.from(key));
    expect(await storage.list('wizard-temp', 's/')).toEqual([
      's/a.jpg',
      's/b.jpg',
      's/c.jpg',
      's/d.jpg',
      's/e.jpg',
    ]);
    expect(fake.requests.filter((request) => request.query['list-type'] === '2')).toHaveLength(3);
  });

  it('deletes a folder of more than 1000 objects in batches of at most 1000', async () => {
    for (let i = 0; i < 2_500; i++) fake.seed(`instances/gone/${i}.png`);
    fake.seed('instances/kept/0.png');
    expect(await storage.deletePrefix('instances', 'gone/')).toBe(2_500);
    expect([...fake.objects.keys()]).toEqual(['instances/kept/0.png']);
    const batches = fake.requests.filter((request) => request.method === 'POST' && 'delete' in request.query);
    const sizes = batches.map((request) => request.body.toString().match(/<Object>/g)?.length);
    expect(sizes).toEqual([1000, 1000, 500]);
  });

  it('refuses an unsafe key before sending any request', async () => {
    await expect(storage.put('instances', '../escape.jpg', Buffer.from('x'))).rejects.toThrow(
      /Unsafe storage key/,
    );
    await expect(storage.get('instances', 'a/../../b')).rejects.toThrow(/Unsafe storage key/);
    await expect(storage.exists('instances', '/etc/passwd')).rejects.toThrow(/Unsafe storage key/);
    await expect(storage.delete('instances', '.hidden')).rejects.toThrow(/Unsafe storage key/);
    await expect(storage.list('instances', '../')).rejects.toThrow(/Unsafe storage key/);
    await expect(storage.deletePrefix('instances', '')).rejects.toThrow(/whole bucket/);
    expect(fake.requests).toEqual([]);
  });

  it('never shows the credentials in an error, even when the store echoes them', async () => {
    const wrongSecret = s3Storage({ secretAccessKey: 'anotherSecret/ABCDEFGHIJKLMNOPQRSTUVWXYZ012345' });
    const text = await failure(wrongSecret.put('instances', 'a.jpg', Buffer.from('x')));
    expect(text).toMatch(/S3 storage: put instances\/a\.jpg failed: SignatureDoesNotMatch \(HTTP 403\)/);
    expect(text).not.toContain('anotherSecret');
    expect(text).not.toContain(ACCESS_KEY_ID);
    // The fake did answer with the access key id and the string to sign, as S3 does.
    expect(fake.requests).toHaveLength(1);

    const wrongKey = s3Storage({ accessKeyId: 'AKIAWRONGKEY00000000' });
    const text2 = await failure(wrongKey.get('instances', 'a.jpg'));
    expect(text2).toMatch(/InvalidAccessKeyId \(HTTP 403\)/);
    expect(text2).not.toContain('AKIAWRONGKEY00000000');
    expect(text2).not.toContain(SECRET_ACCESS_KEY);
  });

  it('throws other store errors with their code, after the SDK retries', async () => {
    fake.failNext(503, 'SlowDown', 'Please reduce your request rate.', 1);
    await storage.put('instances', 'retry.jpg', Buffer.from('x'));
    expect(await storage.exists('instances', 'retry.jpg')).toBe(true);

    fake.failNext(500, 'InternalError', 'We encountered an internal error. Please try again.', 3);
    const text = await failure(storage.get('instances', 'retry.jpg'));
    expect(text).toMatch(/S3 storage: get instances\/retry\.jpg failed: InternalError \(HTTP 500\)/);

    fake.failNext(403, 'AccessDenied', 'Access Denied');
    expect(await failure(storage.exists('instances', 'retry.jpg'))).toMatch(
      /exists instances\/retry\.jpg failed.*HTTP 403/,
    );
  });

  it('names a bucket that does not exist', async () => {
    const text = await failure(s3Storage({ bucket: 'no-such-bucket' }).list('instances', ''));
    expect(text).toMatch(/NoSuchBucket \(HTTP 404\).*does the bucket "no-such-bucket" exist\?/);
  });

  it('gives a clear error when the endpoint cannot be reached', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const unreachable = s3Storage({ endpoint: `http://127.0.0.1:${port}`, maxAttempts: 1 });
    const text = await failure(unreachable.get('instances', 'a.jpg'));
    expect(text).toMatch(/S3 storage: get instances\/a\.jpg failed: ECONNREFUSED/);
    expect(text).toContain(`is the storage endpoint http://127.0.0.1:${port} reachable?`);
    expect(text).not.toContain(SECRET_ACCESS_KEY);
  });

  it('refuses half a pair of credentials', () => {
    expect(() => s3Storage({ secretAccessKey: undefined })).toThrow(/both an access key id and a secret/);
  });
});
