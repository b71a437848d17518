import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { RequestMethod } from '@nestjs/common';
import type { Params } from 'nestjs-pino';
import { stdSerializers, type DestinationStream } from 'pino';
import type { Options } from 'pino-http';
import { AppConfig } from '@fabquote/config';
import { redactUrl } from './redact-url';

/** A request line's fields with the request's organization first, when it has one (pino leaves an undefined field out). */
function withOrganization(request: IncomingMessage, fields: object): object {
  const organization = (request as IncomingMessage & { organization?: { slug: string } }).organization?.slug;
  return organization === undefined ? fields : { organization, ...fields };
}

/**
 * Structured JSON logs, each request line with its request id and organization. No line carries a
 * secret: the request's address is logged with its query's tokens, keys and codes redacted
 * (`redactUrl`), and no header is logged. `destination`: where the lines go (standard output unless a
 * test reads them).
 */
export function loggerOptions(config: AppConfig, app: 'api' | 'worker', destination?: DestinationStream): Params {
  const options: Options = {
    level: config.LOG_LEVEL,
    base: { app },
    genReqId: (request: IncomingMessage, response: ServerResponse) => {
      const given = request.headers['x-request-id'];
      const id = typeof given === 'string' && /^[\w.-]{1,100}$/.test(given) ? given : randomUUID();
      response.setHeader('X-Request-Id', id);
      return id;
    },
    // The organization is known only once the request has been answered (the middleware that finds it runs after
    // pino-http's), so it is written into the request's line rather than bound to a child logger: the line is the
    // same, `organization` right after the request's bindings, but pino-http's `customProps` made two child loggers a
    // request for it (one, at the start, for an organization still undefined).
    customSuccessObject: (request: IncomingMessage, _response: ServerResponse, fields: object) => withOrganization(request, fields),
    customErrorObject: (request: IncomingMessage, _response: ServerResponse, _error: Error, fields: object) => withOrganization(request, fields),
    // Headers are not logged (the serializer below); should one ever be, these stay hidden.
    redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    // The serializers read the request and the response themselves: wrapped (pino-http's default), each request
    // first had a full copy made of it, its headers included, only for these three fields to be taken from it.
    wrapSerializers: false,
    serializers: {
      req: (request: { id: string; method: string; url: string; originalUrl?: string }) => ({
        id: request.id,
        method: request.method,
        url: redactUrl(request.originalUrl ?? request.url),
      }),
      res: (response: { statusCode: number }) => ({ statusCode: response.statusCode }),
      err: stdSerializers.err,
    },
    autoLogging: { ignore: (request: IncomingMessage) => request.url === '/api/v1/health' },
  };
  return {
    forRoutes: [{ path: '{*path}', method: RequestMethod.ALL }],
    pinoHttp: destination ? [options, destination] : options,
  };
}
