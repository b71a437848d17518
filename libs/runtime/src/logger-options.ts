import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { RequestMethod } from '@nestjs/common';
import type { Params } from 'nestjs-pino';
import { AppConfig } from '@fabquote/config';

/** Structured JSON logs, each request line with its request id and organization. */
export function loggerOptions(config: AppConfig, app: 'api' | 'worker'): Params {
  return {
    forRoutes: [{ path: '{*path}', method: RequestMethod.ALL }],
    pinoHttp: {
      level: config.LOG_LEVEL,
      base: { app },
      genReqId: (request: IncomingMessage, response: ServerResponse) => {
        const given = request.headers['x-request-id'];
        const id = typeof given === 'string' && /^[\w.-]{1,100}$/.test(given) ? given : randomUUID();
        response.setHeader('X-Request-Id', id);
        return id;
      },
      customProps: (request: IncomingMessage) => ({
        organization: (request as IncomingMessage & { organization?: { slug: string } }).organization?.slug,
      }),
      redact: ['req.headers.authorization', 'req.headers.cookie', 'req.query.token'],
      serializers: {
        req: (request: { id: string; method: string; url: string }) => ({ id: request.id, method: request.method, url: request.url }),
        res: (response: { statusCode: number }) => ({ statusCode: response.statusCode }),
      },
      autoLogging: { ignore: (request: IncomingMessage) => request.url === '/api/v1/health' },
    },
  };
}
