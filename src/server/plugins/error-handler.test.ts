import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '../errors';
import { registerErrorHandler } from './error-handler';

const logLines: string[] = [];
const app = Fastify({
  logger: {
    level: 'info',
    stream: new Writable({
      write(chunk, _encoding, done) {
        logLines.push(chunk.toString());
        done();
      },
    }),
  },
}).withTypeProvider<ZodTypeProvider>();

beforeAll(async () => {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  app.get('/boom', async () => {
    throw new Error('connection to db-internal.example:5432 refused');
  });
  app.get('/app-error', async () => {
    throw new AppError('JOB_INVALID_STATE', 'This book is already being made.');
  });
  app.post(
    '/validated',
    { schema: { body: z.object({ age: z.number().int().min(1).max(18) }) } },
    async () => ({ ok: true }),
  );
  await app.ready();
});

afterAll(async () => {
  await app.close();
});

describe('the error handler', () => {
  it('hides the details of a server fault from the caller and logs them', async () => {
    const response = await app.inject({ method: 'GET', url: '/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      error: { code: 'INTERNAL_ERROR', message: 'An unexpected error occurred. Please try again.' },
    });
    expect(response.body).not.toContain('db-internal');
    expect(logLines.join('')).toContain('db-internal.example:5432 refused');
  });

  it('answers an AppError with its code, message and mapped status', async () => {
    const response = await app.inject({ method: 'GET', url: '/app-error' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error: { code: 'JOB_INVALID_STATE', message: 'This book is already being made.' },
    });
  });

  it('answers a body that fails its schema with 400 and says where', async () => {
    const response = await app.inject({ method: 'POST', url: '/validated', payload: { age: 40 } });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('VALIDATION_INVALID_PARAM');
    expect(response.json().error.message).toContain('age');
  });

  it('answers malformed JSON with 400 in the same shape', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/validated',
      headers: { 'content-type': 'application/json' },
      payload: '{"age":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('VALIDATION_INVALID_PARAM');
  });
});
