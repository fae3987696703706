import { describe, expect, it } from 'vitest';
import { actionForError, isServiceUnavailable } from './errors';

describe('actionForError', () => {
  it('asks for a different photo when no person or toy was found', () => {
    expect(actionForError('AI_INVALID_IMAGE_NO_PERSON')).toBe('upload_different');
    expect(actionForError('AI_INVALID_IMAGE_NO_TOY')).toBe('upload_different');
  });

  it('maps job errors to start over and database errors to contact support', () => {
    expect(actionForError('JOB_NOT_FOUND')).toBe('start_over');
    expect(actionForError('DB_INSERT_FAILED')).toBe('contact_support');
    expect(actionForError('AI_API_KEY_MISSING')).toBe('contact_support');
  });

  it('treats an unknown code as retry', () => {
    expect(actionForError('SOMETHING_NEW')).toBe('retry');
    expect(actionForError(undefined)).toBe('retry');
    expect(actionForError('toString')).toBe('retry');
  });

  it('says the service is unavailable only for a missing API key or an unavailable service', () => {
    expect(isServiceUnavailable('AI_API_KEY_MISSING')).toBe(true);
    expect(isServiceUnavailable('AI_TIMEOUT')).toBe(false);
  });
});
