import { AppConfig, loadConfig } from '@fabquote/config';
import { EXTRACTION_SCHEMA, extractionPrompt } from '@fabquote/extraction';
import { OPENAI_DEFAULT_REPLY, OpenAiServer, startOpenAiServer } from '@fabquote/testing';
import { pdfOfPages } from '../../../libs/testing/src/pdf-pages';
import { AiProvider, AiProviderError } from '../src/surveys/ai';
import { MAX_RETRY_AFTER_MS, retryAfter } from '../src/surveys/ai/ai-provider';

/**
 * The provider against a local server speaking the OpenAI API, through the real
 * `openai` SDK (HTTP, JSON, multipart, its error classes and timeout). No database: the provider
 * only needs its configuration.
 */

const SURE = { name: 1, number: 1, quantity: 1, material: 1, thickness: 1, width: 1, length: 1, height: 1, bends: 1, holes: 1, operations: 1 };

const bracket = (overrides: Record<string, unknown> = {}) => ({
  name: 'Bracket',
  number: 'BR-7',
  quantity: 50,
  material: 'S235JR',
  thickness: 3,
  width: 80,
  length: 120,
  height: 40,
  bends: [{ length: 80, angle: 90, count: 2 }],
  holes: [{ diameter: 8.5, count: 4 }],
  operations: ['laser cutting'],
  confidence: { ...SURE, material: 0.4 },
  ...overrides,
});

/** A tiny but real PDF and PNG: what goes over the wire is their bytes as a data URL. */
const PDF_BYTES = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const PNG_BYTES = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4f10000000049454e44ae426082', 'hex');

/** The AiProviderError `work` rejects with. */
async function failure(work: Promise<unknown>): Promise<AiProviderError> {
  const error = await work.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof AiProviderError)) throw new Error(`expected an AiProviderError, got ${String(error)}`);
  return error;
}

describe('AiProvider against a local OpenAI-compatible server', () => {
  let server: OpenAiServer;

  const configFor = (overrides: Record<string, string> = {}): AppConfig =>
    loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...server.environment, ...overrides });
  const provider = (overrides: Record<string, string> = {}) => new AiProvider(configFor(overrides));

  beforeEach(async () => {
    server = await startOpenAiServer();
  });

  afterEach(async () => {
    await server.close();
  });

  describe('extraction', () => {
    it('reads products from a text with the strict JSON schema, the system prompt and the configured model', async () => {
      server.script({ endpoint: 'chat', reply: { products: [bracket(), bracket({ name: ' Cover ', number: null, bends: [], holes: [] })] } });
      const text = 'Please quote 50 brackets BR-7, 3 mm S235JR, and a cover.';

      const products = await provider({ OPENAI_MODEL: 'gpt-test-extractor' }).extract({ text });

      expect(products.map((product) => [product.name, product.number, product.thickness])).toEqual([
        ['Bracket', 'BR-7', 3],
        ['Cover', null, 3],
      ]);
      expect(products[0].decimals).toEqual({ quantity: '50', thickness: '3', width: '80', length: '120', height: '40' });
      expect(server.requests).toHaveLength(1);
      const [sent] = server.requests;
      expect(sent.path).toBe('/v1/chat/completions');
      expect(sent.authorization).toBe(`Bearer ${server.environment.OPENAI_API_KEY}`);
      expect(sent.body.model).toBe('gpt-test-extractor');
      expect(sent.body.messages).toEqual([
        { role: 'system', content: extractionPrompt('text') },
        { role: 'user', content: text },
      ]);
      expect(sent.body.response_format).toEqual({ type: 'json_schema', json_schema: { name: 'survey_products', strict: true, schema: EXTRACTION_SCHEMA } });
    });

    it('sends a PDF as its pages rendered as PNG images with its text by default (what vLLM and Ollama take)', async () => {
      server.script({ endpoint: 'chat', reply: { products: [bracket()] } });
      const pdf = await pdfOfPages(['Bracket BR-7, 3 mm S235JR, 50 pieces', 'Notes: deburr all edges', 'Page three']);

      const products = await provider({ OPENAI_DOCUMENT_MAX_PAGES: '2' }).extract({ file: { content: pdf, fileName: 'bracket.pdf', contentType: 'application/pdf' } });

      expect(products).toHaveLength(1);
      const [caption, text, ...images] = server.requests[0].body.messages[1].content;
      expect(caption).toEqual({ type: 'text', text: 'The customer\'s file "bracket.pdf":' });
      expect(text.type).toBe('text');
      expect(text.text).toContain('pages 1 to 2 of 3 as images');
      expect(text.text).toContain('--- Page 1 ---\nBracket BR-7, 3 mm S235JR, 50 pieces');
      expect(text.text).toContain('--- Page 3 ---\nPage three');
      expect(images).toHaveLength(2);
      for (const image of images) {
        expect(image.type).toBe('image_url');
        const png = Buffer.from(image.image_url.url.replace(/^data:image\/png;base64,/, ''), 'base64');
        // A PNG of an A4 page at 150 dpi: 1241 × 1754 pixels.
        expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
        expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1241, 1754]);
      }
    });

    it('refuses a PDF pdf.js cannot open in the images mode, without calling the provider', async () => {
      const error = await failure(provider().extract({ file: { content: PDF_BYTES, fileName: 'broken.pdf', contentType: 'application/pdf' } }));
      expect(error.retryable).toBe(false);
      expect(error.reason).toMatch(/^the PDF could not be read: /);
      expect(server.requests).toHaveLength(0);
    });

    it('sends a PDF as a file part with its bytes as a data URL (OPENAI_DOCUMENT_MODE=file)', async () => {
      server.script({ endpoint: 'chat', reply: { products: [bracket()] } });

      const products = await provider({ OPENAI_DOCUMENT_MODE: 'file' }).extract({ file: { content: PDF_BYTES, fileName: 'bracket.pdf', contentType: 'application/pdf' } });

      expect(products).toHaveLength(1);
      const { body } = server.requests[0];
      expect(body.model).toBe('gpt-4.1-mini');
      expect(body.messages[0]).toEqual({ role: 'system', content: extractionPrompt('file') });
      const [caption, part] = body.messages[1].content;
      expect(caption).toEqual({ type: 'text', text: 'The customer\'s file "bracket.pdf":' });
      expect(part).toEqual({ type: 'file', file: { filename: 'bracket.pdf', file_data: `data:application/pdf;base64,${PDF_BYTES.toString('base64')}` } });
    });

    it('sends an image as an image_url part with a data URL', async () => {
      const products = await provider().extract({ file: { content: PNG_BYTES, fileName: 'sketch.png', contentType: 'image/png' } });

      // No step scripted: the server's default answer.
      expect(products.map((product) => product.name)).toEqual([OPENAI_DEFAULT_REPLY.products[0].name]);
      const part = server.requests[0].body.messages[1].content[1];
      expect(part).toEqual({ type: 'image_url', image_url: { url: `data:image/png;base64,${PNG_BYTES.toString('base64')}` } });
    });

    it('refuses a file type the model cannot read, without calling the provider', async () => {
      const error = await failure(provider().extract({ file: { content: Buffer.from('0\nSECTION'), fileName: 'plate.dxf', contentType: 'image/vnd.dxf' } }));
      expect(error).toMatchObject({ retryable: false, reason: 'file type image/vnd.dxf cannot be read by the model' });
      expect(server.requests).toHaveLength(0);
    });
  });

  describe('transcription', () => {
    it('sends the recording as multipart with the transcription model and gives the text', async () => {
      server.script({ endpoint: 'transcription', text: '  Fifty brackets in three millimetre steel.  ' });
      const recording = Buffer.from('1a45dfa3' + '00'.repeat(64), 'hex');

      const text = await provider({ OPENAI_TRANSCRIPTION_MODEL: 'whisper-test' }).transcribe({ content: recording, fileName: 'call.webm', contentType: 'audio/webm' });

      expect(text).toBe('Fifty brackets in three millimetre steel.');
      expect(server.requests).toHaveLength(1);
      const [sent] = server.requests;
      expect(sent.path).toBe('/v1/audio/transcriptions');
      expect(sent.body.model).toBe('whisper-test');
      expect(sent.body.response_format).toBe('json');
      expect(sent.body.file).toEqual({ fileName: 'call.webm', contentType: 'audio/webm', size: recording.length });
    });

    it('takes an empty transcript as a failure no retry mends', async () => {
      server.script({ endpoint: 'transcription', text: '   ' });
      const error = await failure(provider().transcribe({ content: Buffer.from('RIFF'), fileName: 'silence.wav', contentType: 'audio/wav' }));
      expect(error).toMatchObject({ retryable: false, reason: 'empty transcript' });
    });

    it('retries a transcription the provider could not do (503)', async () => {
      server.script({ endpoint: 'transcription', status: 503 });
      const error = await failure(provider().transcribe({ content: Buffer.from('RIFF'), fileName: 'call.wav', contentType: 'audio/wav' }));
      expect(error).toMatchObject({ retryable: true, status: 503 });
    });
  });

  describe('answers of local models', () => {
    it('takes an answer inside a ```json code fence', async () => {
      server.script({ endpoint: 'chat', raw: '```json\n' + JSON.stringify({ products: [bracket()] }, null, 2) + '\n```' });
      expect((await provider().extract({ text: '50 brackets' })).map((product) => product.name)).toEqual(['Bracket']);
    });

    it('takes an empty list of products as an answer: no parts found', async () => {
      server.script({ endpoint: 'chat', reply: { products: [] } });
      await expect(provider().extract({ text: 'Thanks for the delivery!' })).resolves.toEqual([]);
    });
  });

  describe('an answer that breaks the schema fails at once (not retryable)', () => {
    it.each([
      ['text that is not JSON', { raw: 'Here are your products: a bracket.' }, 'answer breaks the schema: answer: not valid JSON'],
      ['a size of zero', { reply: { products: [bracket({ thickness: 0 })] } }, 'answer breaks the schema: products[0].thickness: not a positive number'],
      ['a product without its confidence', { reply: { products: [bracket({ confidence: undefined })] } }, 'answer breaks the schema: products[0].confidence: missing'],
      ['an empty answer', { raw: '' }, 'empty answer'],
      ['a refusal', { refusal: 'I cannot help with that.' }, 'refused: I cannot help with that.'],
      ['an answer cut off at the token limit', { raw: '{"products":[{"name":"Bra', finishReason: 'length' as const }, 'answer cut off at the token limit'],
    ])('%s', async (_title, step, reason) => {
      server.script({ endpoint: 'chat', ...step });
      const error = await failure(provider().extract({ text: '50 brackets' }));
      expect(error).toMatchObject({ retryable: false, reason, status: null });
      expect(server.requests).toHaveLength(1);
    });
  });

  describe('provider errors', () => {
    it('429: retryable, and the SDK does not retry on its own (one request); the next try succeeds', async () => {
      server.script({ endpoint: 'chat', status: 429 });
      const ai = provider();

      const error = await failure(ai.extract({ text: '50 brackets' }));
      expect(error).toMatchObject({ retryable: true, status: 429 });
      expect(error.reason).toMatch(/^rate limited \(429\)/);
      expect(server.requests).toHaveLength(1);

      await expect(ai.extract({ text: '50 brackets' })).resolves.toHaveLength(1);
      expect(server.requests).toHaveLength(2);
    });

    it('429 with Retry-After: retryable, with how long the provider asked to wait', async () => {
      server.script(
        { endpoint: 'chat', status: 429, headers: { 'retry-after': '60' } },
        { endpoint: 'chat', status: 429, headers: { 'retry-after-ms': '1500.5', 'retry-after': '60' } },
        { endpoint: 'chat', status: 503, headers: { 'retry-after': '7' } },
        { endpoint: 'chat', status: 429, headers: { 'retry-after': String(24 * 3600) } },
      );
      const ai = provider();
      expect(await failure(ai.extract({ text: '50 brackets' }))).toMatchObject({ retryable: true, status: 429, retryAfterMs: 60_000 });
      expect(await failure(ai.extract({ text: '50 brackets' }))).toMatchObject({ retryable: true, status: 429, retryAfterMs: 1501 });
      expect(await failure(ai.extract({ text: '50 brackets' }))).toMatchObject({ retryable: true, status: 503, retryAfterMs: 7000 });
      // A day (a quota used up): not waited for, the input ends in error saying so.
      const quota = await failure(ai.extract({ text: '50 brackets' }));
      expect(quota).toMatchObject({ retryable: false, status: 429 });
      expect(quota.reason).toMatch(/^the provider asks to wait 86400 s \(429\), longer than 15 minutes/);
      expect(MAX_RETRY_AFTER_MS).toBe(900_000);
      // Without the header, nothing is said.
      server.script({ endpoint: 'chat', status: 429 });
      expect(await failure(ai.extract({ text: '50 brackets' }))).toMatchObject({ retryable: true, retryAfterMs: null });
    });

    it('reads Retry-After as seconds or as an HTTP date, retry-after-ms first', () => {
      const now = Date.parse('2026-11-26T09:00:00Z');
      expect(retryAfter(new Headers({ 'retry-after': '60' }), now)).toBe(60_000);
      expect(retryAfter(new Headers({ 'retry-after': 'Thu, 26 Nov 2026 09:00:30 GMT' }), now)).toBe(30_000);
      expect(retryAfter(new Headers({ 'retry-after': 'Thu, 26 Nov 2026 08:59:00 GMT' }), now)).toBe(0);
      expect(retryAfter(new Headers({ 'retry-after-ms': '250', 'retry-after': '60' }), now)).toBe(250);
      expect(retryAfter(new Headers({ 'retry-after': 'soon' }), now)).toBeNull();
      expect(retryAfter(new Headers(), now)).toBeNull();
      expect(retryAfter(undefined, now)).toBeNull();
    });

    it('500: retryable, one request per try', async () => {
      server.script({ status: 500 }, { status: 500 });
      const ai = provider();
      for (const _try of [1, 2]) expect(await failure(ai.extract({ text: '50 brackets' }))).toMatchObject({ retryable: true, status: 500 });
      expect(server.requests).toHaveLength(2);
    });

    it('a timeout (OPENAI_TIMEOUT_MS=300, an answer after 1 s): retryable, given up after about 300 ms', async () => {
      server.script({ endpoint: 'chat', delayMs: 1000, reply: { products: [bracket()] } });
      const started = Date.now();

      const error = await failure(provider({ OPENAI_TIMEOUT_MS: '300' }).extract({ text: '50 brackets' }));

      const elapsed = Date.now() - started;
      expect(error).toMatchObject({ retryable: true, reason: 'no answer within 300 ms', status: null });
      expect(elapsed).toBeGreaterThanOrEqual(250);
      expect(elapsed).toBeLessThan(900);
      expect(server.requests).toHaveLength(1);
    });

    it('a server that is not there: retryable connection error', async () => {
      const environment = server.environment;
      await server.close();
      const error = await failure(new AiProvider(loadConfig({ NODE_ENV: 'test', ...environment })).extract({ text: '50 brackets' }));
      expect(error).toMatchObject({ retryable: true, status: null });
      expect(error.reason).toBe('connection failed: ECONNREFUSED');
      server = await startOpenAiServer();
    });

    it.each([
      [400, 'request refused (400)'],
      [401, 'request refused (401)'],
      [404, 'request refused (404)'],
    ])('%i: not retryable', async (status, reason) => {
      server.script({ endpoint: 'chat', status });
      const error = await failure(provider().extract({ text: '50 brackets' }));
      expect(error).toMatchObject({ retryable: false, status });
      expect(error.reason.startsWith(reason)).toBe(true);
    });
  });

  describe('without a key', () => {
    it('is not configured and refuses every call without a request', async () => {
      const ai = new AiProvider(loadConfig({ NODE_ENV: 'test', OPENAI_BASE_URL: server.url }));

      expect(ai.configured()).toBe(false);
      expect(await failure(ai.extract({ text: '50 brackets' }))).toMatchObject({ retryable: false, reason: 'not configured', message: AiProviderError.NOT_CONFIGURED });
      expect(await failure(ai.transcribe({ content: Buffer.from('RIFF'), fileName: 'call.wav', contentType: 'audio/wav' }))).toMatchObject({ retryable: false, reason: 'not configured' });
      expect(server.requests).toHaveLength(0);
    });

    it('is configured once a key is set', () => {
      expect(provider().configured()).toBe(true);
    });
  });
});
