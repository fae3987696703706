import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { describeGenerationError } from './generation-error';

const failure = (code: string | undefined, status = 500) => new ApiError(status, code, 'message');

describe('describeGenerationError', () => {
  it('asks for another photo when no person or no toy was found', () => {
    expect(describeGenerationError(failure('AI_INVALID_IMAGE_NO_PERSON', 422))).toMatchObject({
      action: 'upload_different',
      invalidImage: true,
      message: 'noPerson',
    });
    expect(describeGenerationError(failure('AI_INVALID_IMAGE_NO_TOY', 422))).toMatchObject({
      action: 'upload_different',
      message: 'noToy',
    });
  });

  it('follows the shared catalogue for the other codes', () => {
    expect(describeGenerationError(failure('AI_TIMEOUT', 504))).toMatchObject({
      action: 'retry',
      message: 'failed',
    });
    expect(describeGenerationError(failure('GENERATION_LIMIT_REACHED', 429))).toMatchObject({
      action: 'retry',
      message: 'limitReached',
    });
    expect(describeGenerationError(failure('JOB_NOT_FOUND', 409))).toMatchObject({
      action: 'start_over',
      message: 'startOverText',
    });
    expect(describeGenerationError(failure('AI_API_KEY_MISSING', 503))).toMatchObject({
      action: 'contact_support',
      message: 'technical',
      serviceUnavailable: true,
    });
  });

  it('retries an unknown code, and a failure without one', () => {
    expect(describeGenerationError(failure('BRAND_NEW_CODE'))).toMatchObject({
      action: 'retry',
      message: 'failed',
    });
    expect(describeGenerationError(new Error('offline'))).toMatchObject({
      action: 'retry',
      message: 'unexpected',
    });
  });
});
