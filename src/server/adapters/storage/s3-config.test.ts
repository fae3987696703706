import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseStorageConfig, type StorageConfigResult } from './s3-config';
import { selectStorage } from './select';

const SECRET = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';
const KEY_ID = 'AKIAIOSFODNN7EXAMPLE';

function problems(result: StorageConfigResult): string[] {
  if (result.success) throw new Error('expected problems');
  return result.problems;
}

describe('parseStorageConfig', () => {
  it('defaults to the local folder', () => {
    expect(parseStorageConfig({})).toEqual({ success: true, data: { provider: 'local' } });
    expect(parseStorageConfig({ STORAGE: '  ', S3_BUCKET: '' })).toEqual({
      success: true,
      data: { provider: 'local' },
    });
  });

  it('reads an AWS bucket with the SDK default credentials and region', () => {
    expect(parseStorageConfig({ STORAGE: 's3', S3_BUCKET: 'cuddle-tales-prod' })).toEqual({
      success: true,
      data: {
        provider: 's3',
        bucket: 'cuddle-tales-prod',
        region: 'us-east-1',
        endpoint: undefined,
        forcePathStyle: false,
        accessKeyId: undefined,
        secretAccessKey: undefined,
        keyPrefix: undefined,
      },
    });
  });

  it('reads a MinIO set-up with an endpoint, path-style addresses, keys and a key prefix', () => {
    expect(
      parseStorageConfig({
        STORAGE: 's3',
        S3_BUCKET: 'shop',
        S3_REGION: 'eu-central-2',
        S3_ENDPOINT: 'http://localhost:9000/',
        S3_FORCE_PATH_STYLE: 'true',
        S3_ACCESS_KEY_ID: KEY_ID,
        S3_SECRET_ACCESS_KEY: SECRET,
        S3_KEY_PREFIX: '/cuddle-tales/',
      }),
    ).toEqual({
      success: true,
      data: {
        provider: 's3',
        bucket: 'shop',
        region: 'eu-central-2',
        endpoint: 'http://localhost:9000',
        forcePathStyle: true,
        accessKeyId: KEY_ID,
        secretAccessKey: SECRET,
        keyPrefix: 'cuddle-tales',
      },
    });
  });

  it('asks for a bucket with STORAGE=s3', () => {
    expect(problems(parseStorageConfig({ STORAGE: 's3' }))).toEqual(['S3_BUCKET: expected with STORAGE=s3']);
  });

  it('names each bad variable and what it expects', () => {
    expect(
      problems(
        parseStorageConfig({
          STORAGE: 'gcs',
          S3_BUCKET: 'My_Bucket',
          S3_REGION: 'EU West',
          S3_ENDPOINT: 'localhost:9000',
          S3_FORCE_PATH_STYLE: 'yes',
          S3_KEY_PREFIX: '../up',
        }),
      ),
    ).toEqual([
      'STORAGE: expected local or s3 (got "gcs")',
      'S3_BUCKET: expected a bucket name: 3 to 63 lowercase letters, digits, dots and hyphens (got "My_Bucket")',
      'S3_REGION: expected a region such as eu-central-1 (us-east-1 for MinIO, auto for R2) (got "EU West")',
      'S3_ENDPOINT: expected an http(s) URL without credentials, such as http://localhost:9000 or https://s3.fr-par.scw.cloud (got "localhost:9000")',
      'S3_FORCE_PATH_STYLE: expected true or false (got "yes")',
      'S3_KEY_PREFIX: expected a folder such as shop/ (letters, digits, dots, dashes, underscores; no ..) (got "../up")',
    ]);
  });

  it('refuses an endpoint with credentials in it, without repeating them', () => {
    const [problem] = problems(
      parseStorageConfig({ S3_ENDPOINT: `https://${KEY_ID}:${SECRET}@s3.example.com` }),
    );
    expect(problem).toMatch(/^S3_ENDPOINT: expected an http\(s\) URL without credentials/);
    // The value is shown (it is what the operator typed) only without the userinfo.
    expect(problem).toContain('(got "https://***@s3.example.com")');
    expect(problem).not.toContain(SECRET);
    expect(problem).not.toContain(KEY_ID);
  });

  it('wants both halves of a key pair, and never echoes them', () => {
    const onlySecret = problems(
      parseStorageConfig({ STORAGE: 's3', S3_BUCKET: 'shop', S3_SECRET_ACCESS_KEY: SECRET }),
    );
    expect(onlySecret).toEqual(['S3_ACCESS_KEY_ID: expected together with S3_SECRET_ACCESS_KEY']);
    const onlyKey = problems(parseStorageConfig({ S3_ACCESS_KEY_ID: KEY_ID }));
    expect(onlyKey).toEqual(['S3_SECRET_ACCESS_KEY: expected together with S3_ACCESS_KEY_ID']);
    const spaced = problems(
      parseStorageConfig({ S3_ACCESS_KEY_ID: `${KEY_ID} x`, S3_SECRET_ACCESS_KEY: `${SECRET} y` }),
    );
    expect(spaced).toEqual([
      'S3_ACCESS_KEY_ID: expected an access key id without spaces',
      'S3_SECRET_ACCESS_KEY: expected a secret access key without spaces',
    ]);
  });
});

describe('selectStorage', () => {
  it('builds the adapter of the configured provider', async () => {
    const local = selectStorage({ provider: 'local' }, path.join(os.tmpdir(), 'unused-storage-root'));
    expect(await local.exists('instances', 'nothing.jpg')).toBe(false);
    const config = parseStorageConfig({
      STORAGE: 's3',
      S3_BUCKET: 'shop',
      S3_ENDPOINT: 'http://127.0.0.1:9',
    });
    if (!config.success) throw new Error(config.problems.join('\n'));
    // Built without a request: the first call is what reaches the store.
    expect(typeof selectStorage(config.data, '/unused').put).toBe('function');
  });
});
