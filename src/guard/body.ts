// Reads a response body with its content-encoding undone, stopping at a byte cap (decoded bytes).
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream';
import zlib from 'node:zlib';

export interface CappedBody {
  bytes: Buffer;
  truncated: boolean;
}

// Browsers tolerate a gzip stream cut short; so do we, instead of failing the whole fetch.
const LENIENT = { finishFlush: zlib.constants.Z_SYNC_FLUSH };

/** Reads at most `maxBytes` decoded bytes; the caller destroys `source` afterwards. */
export async function readCappedBody(source: Readable, encoding: string | undefined, maxBytes: number): Promise<CappedBody> {
  const chunks: Buffer[] = [];
  let size = 0;
  let truncated = false;
  for await (const chunk of decoded(source, (encoding ?? '').trim().toLowerCase())) {
    const buf = chunk as Buffer;
    if (size + buf.length > maxBytes) {
      chunks.push(buf.subarray(0, maxBytes - size));
      size = maxBytes;
      truncated = true;
      break; // leaving the loop destroys the decoder, so a compression bomb is never inflated further
    }
    chunks.push(buf);
    size += buf.length;
  }
  return { bytes: Buffer.concat(chunks, size), truncated };
}

async function* decoded(source: Readable, encoding: string): AsyncGenerator<Buffer> {
  if (encoding !== 'gzip' && encoding !== 'x-gzip' && encoding !== 'br' && encoding !== 'deflate') {
    // identity, or an encoding we did not ask for: hand the bytes over as they came
    yield* source as AsyncIterable<Buffer>;
    return;
  }
  const input = source[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const first = await input.next();
  if (first.done) return;
  const decoder = makeDecoder(encoding, first.value);
  async function* replay(): AsyncGenerator<Buffer> {
    yield first.value;
    for (let next = await input.next(); !next.done; next = await input.next()) yield next.value;
  }
  pipeline(replay(), decoder, () => {});
  yield* decoder as AsyncIterable<Buffer>;
}

function makeDecoder(encoding: string, first: Buffer): zlib.Gunzip | zlib.BrotliDecompress | zlib.Inflate | zlib.InflateRaw {
  if (encoding === 'br') return zlib.createBrotliDecompress();
  if (encoding === 'deflate') {
    // "deflate" is meant to be zlib-wrapped, but some servers send raw deflate; the header tells them apart.
    const zlibWrapped = first.length >= 2 && (first[0] & 0x0f) === 8 && ((first[0] << 8) | first[1]) % 31 === 0;
    return zlibWrapped ? zlib.createInflate(LENIENT) : zlib.createInflateRaw(LENIENT);
  }
  return zlib.createGunzip(LENIENT);
}

/** Text of a body in the charset its Content-Type names, UTF-8 when none or unknown. */
export function bodyText(bytes: Buffer, contentType: string | undefined): string {
  const charset = /charset\s*=\s*"?([^";\s]+)/i.exec(contentType ?? '')?.[1];
  try {
    return new TextDecoder(charset ?? 'utf-8').decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}
