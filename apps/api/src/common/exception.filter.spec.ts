import { ArgumentsHost, Logger } from '@nestjs/common';
import { QueryFailedError } from 'typeorm';
import { ExceptionsFilter } from './exception.filter';

function answer(exception: unknown) {
  const sent: { status?: number; body?: Record<string, unknown>; headers: Record<string, string> } = { headers: {} };
  const response = {
    headersSent: false,
    setHeader(name: string, value: string) {
      sent.headers[name] = value;
    },
    status(code: number) {
      sent.status = code;
      return this;
    },
    json(body: Record<string, unknown>) {
      sent.body = body;
    },
  };
  const request = { locale: 'de', method: 'GET', originalUrl: '/api/v1/settings' };
  const host = { switchToHttp: () => ({ getRequest: () => request, getResponse: () => response }) } as unknown as ArgumentsHost;
  new ExceptionsFilter().catch(exception, host);
  return sent;
}

describe('ExceptionsFilter', () => {
  it('answers an unexpected error with 500, a translated message and an errorId that is also logged, never the stack', () => {
    const logged: unknown[] = [];
    const spy = jest.spyOn(Logger.prototype, 'error').mockImplementation((entry: unknown) => void logged.push(entry));
    const { status, body } = answer(new TypeError('Cannot read properties of undefined (reading "price")'));
    spy.mockRestore();
    expect(status).toBe(500);
    expect(body).toEqual({ message: 'Bei der Ausführung der Anfrage ist ein Serverfehler aufgetreten', errorId: expect.any(String) });
    expect(JSON.stringify(body)).not.toContain('price');
    expect(logged).toEqual([expect.objectContaining({ errorId: body?.errorId, err: expect.any(TypeError) })]);
  });

  it('answers a transaction PostgreSQL cancelled for a deadlock with 409: nothing was written, trying again succeeds', () => {
    const deadlock = new QueryFailedError('UPDATE products …', [], Object.assign(new Error('deadlock detected'), { code: '40P01' }));
    expect(answer(deadlock)).toMatchObject({ status: 409, body: { code: 'concurrent_change' } });
  });

  it('answers an unreachable PostgreSQL or Redis with 503 and Retry-After, without logging an error', () => {
    const spy = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    for (const unreachable of [
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      new Error('timeout exceeded when trying to connect'),
      new QueryFailedError('SELECT 1', [], new Error('Connection terminated unexpectedly')),
      new QueryFailedError('SELECT 1', [], Object.assign(new Error('the database system is shutting down'), { code: '57P03' })),
      Object.assign(new Error('Reached the max retries per request limit (which is 1).'), { name: 'MaxRetriesPerRequestError' }),
    ]) {
      expect(answer(unreachable)).toMatchObject({ status: 503, body: { code: 'service_unavailable' }, headers: { 'Retry-After': '5' } });
    }
    spy.mockRestore();
  });
});
