import { ArgumentsHost, Logger } from '@nestjs/common';
import { ExceptionsFilter } from './exception.filter';

function answer(exception: unknown) {
  const sent: { status?: number; body?: Record<string, unknown> } = {};
  const response = {
    headersSent: false,
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
});
