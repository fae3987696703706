import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { assertSafeKey, type Bucket, type Storage } from './index';

export type S3StorageOptions = {
  /** The one bucket of the shop; it must be private (no public ACL, no public policy). */
  bucket: string;
  region: string;
  /** For S3-compatible stores (MinIO, R2, Scaleway, Exoscale…): e.g. `http://localhost:9000`. */
  endpoint?: string | undefined;
  /** `https://endpoint/bucket/key` instead of `https://bucket.endpoint/key` (MinIO needs it). */
  forcePathStyle?: boolean | undefined;
  /** Both or neither; without them the SDK's default chain (environment, profile, instance role). */
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  /** Optional folder inside the bucket for everything of the shop, e.g. `shop/` (safe key segments). */
  keyPrefix?: string | undefined;
  /** Attempts per request, retries included (SDK default 3). */
  maxAttempts?: number | undefined;
  /** Milliseconds to open a connection and to wait for an answer. */
  connectionTimeoutMs?: number | undefined;
  requestTimeoutMs?: number | undefined;
};

/** DeleteObjects takes at most this many keys per request. */
const DELETE_BATCH = 1000;

/** What S3 and MinIO answer for an object stored without a content type. */
const GENERIC_TYPES = new Set(['binary/octet-stream', 'application/octet-stream']);

/**
 * S3-compatible object storage. The shop's three buckets are folders of one real bucket:
 * `{keyPrefix}{bucket}/{key}`, e.g. `instances/3f2a…/…`. Objects are private:
 * no ACL is ever sent, so they take the bucket's own (private) setting.
 */
export function createS3Storage(options: S3StorageOptions): Storage {
  const keyPrefix = normaliseKeyPrefix(options.keyPrefix);
  if (Boolean(options.accessKeyId) !== Boolean(options.secretAccessKey)) {
    throw new Error('S3 storage needs both an access key id and a secret access key, or neither');
  }
  const client = new S3Client({
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    forcePathStyle: options.forcePathStyle ?? false,
    ...(options.accessKeyId && options.secretAccessKey
      ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } }
      : {}),
    maxAttempts: options.maxAttempts ?? 3,
    requestHandler: {
      connectionTimeout: options.connectionTimeoutMs ?? 5_000,
      requestTimeout: options.requestTimeoutMs ?? 60_000,
    },
    // Since SDK 3.729 every upload carries a CRC32 header that several S3-compatible stores (R2,
    // older MinIO, Backblaze) refuse. The signed SHA-256 of the payload already guards the bytes.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const secrets = [options.accessKeyId, options.secretAccessKey].filter((value): value is string =>
    Boolean(value),
  );

  const objectKey = (bucket: Bucket, key: string) => {
    assertSafeKey(key);
    return `${keyPrefix}${bucket}/${key}`;
  };
  const folderOf = (bucket: Bucket) => `${keyPrefix}${bucket}/`;

  /** Runs one SDK call; an error becomes one with a clear message and no credentials in it. */
  async function send<T>(operation: string, target: string, call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      throw describeError(error, `S3 storage: ${operation} ${target} failed`, options, secrets);
    }
  }

  async function listKeys(bucket: Bucket, prefix: string): Promise<string[]> {
    // Like the local folder: the folder part must be safe, the last part is a plain name prefix.
    assertSafeKey(prefix.replace(/[^/]*$/, ''), { allowEmpty: true });
    const base = folderOf(bucket);
    const keys: string[] = [];
    let continuationToken: string | undefined;
    do {
      const page = await send('list', `${bucket}/${prefix}`, () =>
        client.send(
          new ListObjectsV2Command({
            Bucket: options.bucket,
            Prefix: base + prefix,
            ...(continuationToken ? { ContinuationToken: continuationToken } : {}),
          }),
        ),
      );
      for (const object of page.Contents ?? []) {
        if (object.Key?.startsWith(base)) keys.push(object.Key.slice(base.length));
      }
      continuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (continuationToken);
    return keys.sort();
  }

  return {
    async put(bucket, key, data, putOptions) {
      const Key = objectKey(bucket, key);
      await send('put', `${bucket}/${key}`, () =>
        client.send(
          new PutObjectCommand({
            Bucket: options.bucket,
            Key,
            Body: data,
            ContentLength: data.byteLength,
            ...(putOptions?.contentType ? { ContentType: putOptions.contentType } : {}),
          }),
        ),
      );
    },
    async get(bucket, key) {
      const Key = objectKey(bucket, key);
      return send('get', `${bucket}/${key}`, async () => {
        try {
          const answer = await client.send(new GetObjectCommand({ Bucket: options.bucket, Key }));
          const data = Buffer.from((await answer.Body?.transformToByteArray()) ?? new Uint8Array());
          const contentType =
            answer.ContentType && !GENERIC_TYPES.has(answer.ContentType) ? answer.ContentType : undefined;
          return { data, contentType, size: data.length };
        } catch (error) {
          if (isNotFound(error)) return null;
          throw error;
        }
      });
    },
    async exists(bucket, key) {
      const Key = objectKey(bucket, key);
      return send('exists', `${bucket}/${key}`, async () => {
        try {
          await client.send(new HeadObjectCommand({ Bucket: options.bucket, Key }));
          return true;
        } catch (error) {
          if (isNotFound(error)) return false;
          throw error;
        }
      });
    },
    async delete(bucket, key) {
      const Key = objectKey(bucket, key);
      // S3 answers 204 for a key that is not there, like `rm -f`.
      await send('delete', `${bucket}/${key}`, () =>
        client.send(new DeleteObjectCommand({ Bucket: options.bucket, Key })),
      );
    },
    list: listKeys,
    async deletePrefix(bucket, prefix) {
      if (prefix === '') throw new Error('Refusing to empty a whole bucket');
      const keys = await listKeys(bucket, prefix);
      for (let start = 0; start < keys.length; start += DELETE_BATCH) {
        const batch = keys.slice(start, start + DELETE_BATCH);
        const answer = await send('delete', `${bucket}/${prefix}*`, () =>
          client.send(
            new DeleteObjectsCommand({
              Bucket: options.bucket,
              Delete: { Objects: batch.map((key) => ({ Key: folderOf(bucket) + key })), Quiet: true },
            }),
          ),
        );
        const failed = answer.Errors ?? [];
        if (failed.length > 0) {
          const first = failed[0]!;
          throw new Error(
            scrub(
              `S3 storage: delete ${bucket}/${prefix}* failed for ${failed.length} of ${batch.length} objects ` +
                `(first: ${first.Key ?? '?'}: ${first.Code ?? 'error'}: ${first.Message ?? ''})`,
              secrets,
            ),
          );
        }
      }
      return keys.length;
    },
  };
}

function normaliseKeyPrefix(prefix: string | undefined): string {
  if (!prefix) return '';
  const trimmed = prefix.replace(/^\/+|\/+$/g, '');
  if (trimmed === '') return '';
  assertSafeKey(trimmed);
  return `${trimmed}/`;
}

function isNotFound(error: unknown): boolean {
  const candidate = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return (
    candidate?.name === 'NoSuchKey' ||
    candidate?.name === 'NotFound' ||
    candidate?.$metadata?.httpStatusCode === 404
  );
}

/**
 * A fresh Error naming what failed and why (S3 code, HTTP status, or the network cause). The SDK
 * error is not kept as `cause`: its response fields can carry the access key id, and loggers print
 * causes.
 */
function describeError(error: unknown, context: string, options: S3StorageOptions, secrets: string[]): Error {
  const candidate = error as {
    name?: string;
    message?: string;
    code?: string;
    $metadata?: { httpStatusCode?: number };
  };
  const status = candidate?.$metadata?.httpStatusCode;
  const name = candidate?.code ?? candidate?.name ?? 'Error';
  let reason = `${name}${status ? ` (HTTP ${status})` : ''}: ${candidate?.message ?? String(error)}`;
  if (candidate?.name === 'NoSuchBucket') reason += ` — does the bucket "${options.bucket}" exist?`;
  if (!status && /ECONNREFUSED|ENOTFOUND|EAI_AGAIN|ETIMEDOUT|ECONNRESET|TimeoutError/.test(reason)) {
    reason += ` — is the storage endpoint ${redactEndpoint(options.endpoint) ?? `of region ${options.region}`} reachable?`;
  }
  return new Error(scrub(`${context}: ${reason}`, secrets));
}

function redactEndpoint(endpoint: string | undefined): string | undefined {
  return endpoint?.replace(/\/\/.*@/, '//');
}

function scrub(text: string, secrets: string[]): string {
  return secrets.reduce((result, secret) => result.split(secret).join('***'), text);
}
