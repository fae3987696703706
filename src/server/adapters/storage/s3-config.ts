import { z } from 'zod';
import { describeEnvIssues, presentEnv } from '../../env';
import { assertSafeKey } from './index';

/** Where files go: the embedded folder (`DATA_DIR/storage`) or one S3-compatible bucket. */
export type StorageConfig =
  | { provider: 'local' }
  | {
      provider: 's3';
      bucket: string;
      region: string;
      endpoint: string | undefined;
      forcePathStyle: boolean;
      /** Both or neither; neither means the AWS SDK's default chain (environment, profile, role). */
      accessKeyId: string | undefined;
      secretAccessKey: string | undefined;
      keyPrefix: string | undefined;
    };

export type StorageConfigResult =
  | { success: true; data: StorageConfig }
  | { success: false; problems: string[] };

const StorageEnvSchema = z
  .object({
    STORAGE: z.enum(['local', 's3'], { message: 'expected local or s3' }).default('local'),
    S3_BUCKET: z
      .string()
      .regex(
        /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
        'expected a bucket name: 3 to 63 lowercase letters, digits, dots and hyphens',
      )
      .optional(),
    S3_REGION: z
      .string()
      .regex(/^[a-z0-9-]+$/, 'expected a region such as eu-central-1 (us-east-1 for MinIO, auto for R2)')
      .default('us-east-1'),
    S3_ENDPOINT: z
      .string()
      .refine(isPlainHttpUrl, {
        message:
          'expected an http(s) URL without credentials, such as http://localhost:9000 or https://s3.fr-par.scw.cloud',
      })
      .transform((value) => value.replace(/\/+$/, ''))
      .optional(),
    S3_FORCE_PATH_STYLE: z
      .enum(['true', 'false', '1', '0'], { message: 'expected true or false' })
      .transform((value) => value === 'true' || value === '1')
      .default(false),
    S3_ACCESS_KEY_ID: z.string().regex(/^\S+$/, 'expected an access key id without spaces').optional(),
    S3_SECRET_ACCESS_KEY: z.string().regex(/^\S+$/, 'expected a secret access key without spaces').optional(),
    S3_KEY_PREFIX: z
      .string()
      .refine(
        (value) => {
          try {
            assertSafeKey(value.replace(/^\/+|\/+$/g, ''), { allowEmpty: true });
            return true;
          } catch {
            return false;
          }
        },
        { message: 'expected a folder such as shop/ (letters, digits, dots, dashes, underscores; no ..)' },
      )
      .transform((value) => value.replace(/^\/+|\/+$/g, ''))
      .optional(),
  })
  .superRefine((e, context) => {
    if (e.STORAGE === 's3' && !e.S3_BUCKET) {
      context.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'expected with STORAGE=s3' });
    }
    // One half of a key pair is a mistake worth stopping for; none means the SDK's default chain.
    if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
      const missing = e.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID';
      const given = e.S3_ACCESS_KEY_ID ? 'S3_ACCESS_KEY_ID' : 'S3_SECRET_ACCESS_KEY';
      context.addIssue({ code: 'custom', path: [missing], message: `expected together with ${given}` });
    }
  });

/**
 * Reads the storage variables (STORAGE, S3_*) of an environment; empty values count as unset.
 * Problems name the variable and what it expects, and never repeat a key or secret.
 */
export function parseStorageConfig(env: Record<string, string | undefined>): StorageConfigResult {
  const present = presentEnv(Object.keys(StorageEnvSchema.shape), env);
  const parsed = StorageEnvSchema.safeParse(present);
  if (!parsed.success) {
    return {
      success: false,
      // An endpoint typed with `user:password@` in it is shown without them.
      problems: describeEnvIssues(parsed.error.issues, present),
    };
  }
  const e = parsed.data;
  if (e.STORAGE === 'local') return { success: true, data: { provider: 'local' } };
  return {
    success: true,
    data: {
      provider: 's3',
      bucket: e.S3_BUCKET!,
      region: e.S3_REGION,
      endpoint: e.S3_ENDPOINT,
      forcePathStyle: e.S3_FORCE_PATH_STYLE,
      accessKeyId: e.S3_ACCESS_KEY_ID,
      secretAccessKey: e.S3_SECRET_ACCESS_KEY,
      keyPrefix: e.S3_KEY_PREFIX || undefined,
    },
  };
}

function isPlainHttpUrl(value: string): boolean {
  if (!/^https?:\/\/\S+$/.test(value) || value.includes('@')) return false;
  try {
    const url = new URL(value);
    return url.search === '' && url.hash === '';
  } catch {
    return false;
  }
}
