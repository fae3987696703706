import type { Storage } from './index';
import { createLocalStorage } from './local';
import { createS3Storage } from './s3';
import type { StorageConfig } from './s3-config';

/**
 * The storage of the configured provider: the local folder `localRoot` (the embedded default) or the
 * S3-compatible bucket. The server and every worker must choose the same.
 */
export function selectStorage(config: StorageConfig, localRoot: string): Storage {
  switch (config.provider) {
    case 's3':
      return createS3Storage(config);
    case 'local':
      return createLocalStorage(localRoot);
  }
}
