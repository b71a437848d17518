import type { IncomingMessage } from 'node:http';
import { MAX_DEPTH } from './validation';

/** A body nested deeper than {@link MAX_DEPTH}: the body parser's refusal, said by the exception filter as 400 `too_deep`. */
export class JsonTooDeep extends Error {
  readonly status = 400;
  readonly type = 'entity.too.deep';

  constructor() {
    super(`The JSON body is nested deeper than ${MAX_DEPTH} levels`);
  }
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN = new Set([0x5b, 0x7b]);
const CLOSE = new Set([0x5d, 0x7d]);

/**
 * How deep the JSON text in these bytes nests, counted up to `limit + 1` (a look at each byte, no parsing):
 * brackets inside strings do not count. UTF-8 never uses an ASCII byte inside a longer character, so the
 * bytes can be read one by one.
 */
export function jsonDepth(bytes: Uint8Array, limit = MAX_DEPTH): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let index = 0; index < bytes.length; index++) {
    const byte = bytes[index];
    if (inString) {
      if (byte === BACKSLASH) index++;
      else if (byte === QUOTE) inString = false;
    } else if (byte === QUOTE) {
      inString = true;
    } else if (OPEN.has(byte)) {
      depth++;
      if (depth > deepest) deepest = depth;
      if (deepest > limit) return deepest;
    } else if (CLOSE.has(byte)) {
      depth--;
    }
  }
  return deepest;
}

/**
 * The JSON body parser's options: 1 MB at most (413 `payload_too_large`), and nested at most `MAX_DEPTH`
 * levels, checked on the bytes before they are parsed (400 `too_deep`). The validation pipe checks the depth
 * of every parsed value again, whatever parser made it.
 */
export const JSON_BODY = {
  limit: '1mb',
  verify: (_request: IncomingMessage, _response: unknown, body: Buffer, encoding: string | null) => {
    // Another charset than UTF-8 (UTF-16, say) is left to the validation pipe's walk of the parsed value.
    if (encoding && !/^utf-?8$/i.test(encoding)) return;
    if (jsonDepth(body) > MAX_DEPTH) throw new JsonTooDeep();
  },
};
