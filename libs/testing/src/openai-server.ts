import { randomBytes } from 'node:crypto';
import { createServer, IncomingMessage, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';

/** The two endpoints Fabquote calls. */
export type OpenAiEndpoint = 'chat' | 'transcription';

/**
 * What the server answers to one request. Without `endpoint` a step serves whichever endpoint asks
 * next; with it, only that one (steps are taken in script order per endpoint). With none of `status`,
 * `reply`, `raw`, `refusal`, `text` the default answer is given (after `delayMs`, if set).
 */
export interface OpenAiStep {
  endpoint?: OpenAiEndpoint;
  /** Wait this long before answering: longer than the client's timeout makes it give up. */
  delayMs?: number;
  /** Answer with this HTTP status (≥ 400) and an error body as the API gives it. */
  status?: number;
  /** Headers of the answer besides the usual ones (`{ 'retry-after': '60' }` with a 429). */
  headers?: Record<string, string>;
  /** Chat: the message's content is this value as JSON. */
  reply?: unknown;
  /** Chat: the message's content as is (`'not json'`, a cut-off answer). */
  raw?: string;
  /** Chat: the model refuses (`message.refusal`, no content). */
  refusal?: string;
  /** Chat: why the model stopped; default `stop`. */
  finishReason?: 'stop' | 'length' | 'content_filter';
  /** Transcription: the text heard. */
  text?: string;
}

/** A file part of a multipart request. */
export interface RecordedFile {
  fileName: string;
  contentType: string;
  size: number;
}

/**
 * A request as received: the JSON body parsed, or for multipart its fields (text fields as strings,
 * file fields as `RecordedFile`).
 */
export interface RecordedOpenAiRequest {
  endpoint: OpenAiEndpoint | null;
  path: string;
  authorization: string | null;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read into what the SDK sent
  body: any;
}

export interface OpenAiServerOptions {
  /** The chat answer when no step is left (its content as JSON); default `OPENAI_DEFAULT_REPLY`. */
  reply?: unknown;
  /** The transcription when no step is left. */
  text?: string;
}

export interface OpenAiServer {
  /** The base URL for the SDK (`OPENAI_BASE_URL`), ending in `/v1`. */
  url: string;
  /** What a test config needs to use this server: `testConfig(database, { ...server.environment })`. */
  environment: { OPENAI_API_KEY: string; OPENAI_BASE_URL: string };
  /** Adds steps after those not yet used. */
  script(...steps: OpenAiStep[]): void;
  /** Steps not used yet. */
  pending(): number;
  /** Every request, in order of arrival. */
  requests: RecordedOpenAiRequest[];
  close(): Promise<void>;
}

export const OPENAI_TEST_KEY = 'sk-test-fabquote-0123456789';

/** A good extraction answer: one flat plate with holes. */
export const OPENAI_DEFAULT_REPLY = {
  products: [
    {
      name: 'Mounting plate',
      number: 'MP-100',
      quantity: 25,
      material: 'S235JR',
      thickness: 3,
      width: 100,
      length: 200,
      height: null,
      bends: [],
      holes: [{ diameter: 8.5, count: 4 }],
      operations: ['laser cutting'],
      confidence: { name: 0.95, number: 0.9, quantity: 0.9, material: 0.8, thickness: 0.9, width: 0.9, length: 0.9, height: 0.7, bends: 0.8, holes: 0.85, operations: 0.5 },
    },
  ],
};

const ENDPOINTS: Record<string, OpenAiEndpoint> = { '/v1/chat/completions': 'chat', '/v1/audio/transcriptions': 'transcription' };

const ERROR_TYPES: Record<number, [type: string, code: string | null, message: string]> = {
  400: ['invalid_request_error', null, 'Invalid request'],
  401: ['invalid_request_error', 'invalid_api_key', 'Incorrect API key provided'],
  404: ['invalid_request_error', 'model_not_found', 'The model does not exist'],
  429: ['requests', 'rate_limit_exceeded', 'Rate limit reached, please try again later'],
};

/**
 * A real HTTP server on loopback speaking the OpenAI API for chat completions and audio transcriptions,
 * answering from a script, so the real `openai` SDK is tested against it: good answers, broken ones,
 * rate limits, server errors and answers too slow for the client's timeout.
 */
export async function startOpenAiServer(options: OpenAiServerOptions = {}): Promise<OpenAiServer> {
  const steps: OpenAiStep[] = [];
  const requests: RecordedOpenAiRequest[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let served = 0;

  const takeStep = (endpoint: OpenAiEndpoint): OpenAiStep => {
    const index = steps.findIndex((step) => step.endpoint === undefined || step.endpoint === endpoint);
    return index < 0 ? {} : steps.splice(index, 1)[0];
  };

  const answer = (response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    if (response.destroyed || response.writableEnded) return;
    response.writeHead(status, { ...headers, 'content-type': 'application/json', 'x-request-id': `req_${randomBytes(12).toString('hex')}` });
    response.end(JSON.stringify(body));
  };

  const chatCompletion = (model: string, step: OpenAiStep) => {
    served += 1;
    const content = step.refusal !== undefined ? null : step.raw !== undefined ? step.raw : JSON.stringify(step.reply !== undefined ? step.reply : (options.reply ?? OPENAI_DEFAULT_REPLY));
    const completionTokens = Math.ceil((content ?? step.refusal ?? '').length / 4);
    return {
      id: `chatcmpl-${randomBytes(12).toString('hex')}`,
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model,
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content, refusal: step.refusal ?? null, annotations: [] },
          logprobs: null,
          finish_reason: step.finishReason ?? 'stop',
        },
      ],
      usage: {
        prompt_tokens: 100 + served,
        completion_tokens: completionTokens,
        total_tokens: 100 + served + completionTokens,
        prompt_tokens_details: { cached_tokens: 0, audio_tokens: 0 },
        completion_tokens_details: { reasoning_tokens: 0, audio_tokens: 0, accepted_prediction_tokens: 0, rejected_prediction_tokens: 0 },
      },
      service_tier: 'default',
      system_fingerprint: 'fp_fabquote_test',
    };
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const path = (request.url ?? '/').split('?')[0];
    const raw = await readBody(request);
    const endpoint = request.method === 'POST' ? (ENDPOINTS[path] ?? null) : null;
    const contentType = request.headers['content-type'] ?? '';
    let body: unknown = null;
    try {
      body = contentType.startsWith('multipart/form-data') ? readMultipart(raw, contentType) : raw.length > 0 ? JSON.parse(raw.toString('utf8')) : null;
    } catch {
      requests.push({ endpoint, path, authorization: request.headers.authorization ?? null, body: raw.toString('utf8') });
      return answer(response, 400, errorBody(400, 'We could not parse the JSON body of your request.'));
    }
    requests.push({ endpoint, path, authorization: request.headers.authorization ?? null, body });
    if (endpoint === null) return answer(response, 404, errorBody(404, `Invalid URL (${request.method} ${path})`));

    const step = takeStep(endpoint);
    if (step.delayMs) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          timers.delete(timer);
          resolve();
        }, step.delayMs);
        timers.add(timer);
      });
    }
    if (step.status !== undefined && step.status >= 400) return answer(response, step.status, errorBody(step.status), step.headers);
    const fields = (body ?? {}) as Record<string, unknown>;
    const model = typeof fields.model === 'string' ? fields.model : 'unknown';
    if (endpoint === 'chat') return answer(response, 200, chatCompletion(model, step));
    return answer(response, 200, { text: step.text ?? options.text ?? 'Fifty brackets, three millimetre steel, please.', usage: { type: 'duration', seconds: 3 } });
  };

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => answer(response, 500, errorBody(500, String(error))));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;

  return {
    url,
    environment: { OPENAI_API_KEY: OPENAI_TEST_KEY, OPENAI_BASE_URL: url },
    script: (...more) => {
      steps.push(...more);
    },
    pending: () => steps.length,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        timers.forEach((timer) => clearTimeout(timer));
        timers.clear();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function errorBody(status: number, message?: string) {
  const [type, code, text] = ERROR_TYPES[status] ?? (status >= 500 ? ['server_error', null, 'The server had an error while processing your request.'] : ['invalid_request_error', null, `Error ${status}`]);
  return { error: { message: message ?? text, type, param: null, code } };
}

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

/** A multipart/form-data body as `{ field: text | RecordedFile }` (a repeated field keeps its last value). */
function readMultipart(raw: Buffer, contentType: string): Record<string, string | RecordedFile> {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType);
  if (!boundary) throw new Error('multipart without boundary');
  const delimiter = Buffer.from(`--${boundary[1] ?? boundary[2]}`);
  const fields: Record<string, string | RecordedFile> = {};
  let start = raw.indexOf(delimiter);
  while (start >= 0) {
    const partStart = start + delimiter.length;
    if (raw.subarray(partStart, partStart + 2).toString() === '--') break;
    const next = raw.indexOf(delimiter, partStart);
    if (next < 0) throw new Error('multipart not closed');
    // Each part: CRLF, headers, CRLF CRLF, content, CRLF before the next delimiter.
    const part = raw.subarray(partStart + 2, next - 2);
    const headerEnd = part.indexOf('\r\n\r\n');
    const headers = part.subarray(0, headerEnd).toString('utf8');
    const content = part.subarray(headerEnd + 4);
    const name = /;\s*name="([^"]*)"/i.exec(headers)?.[1];
    const fileName = /filename="([^"]*)"/i.exec(headers)?.[1];
    if (name !== undefined) {
      fields[name] =
        fileName !== undefined
          ? { fileName, contentType: /content-type:\s*([^\r\n]+)/i.exec(headers)?.[1].trim() ?? 'application/octet-stream', size: content.length }
          : content.toString('utf8');
    }
    start = next;
  }
  return fields;
}
