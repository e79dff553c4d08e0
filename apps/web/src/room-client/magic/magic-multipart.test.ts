import { describe, expect, test } from 'vitest';
import { MultipartParser, boundaryOf } from './magic-multipart';

const encoder = new TextEncoder();
const bytes = (...pieces: (string | Uint8Array)[]) => {
  const arrays = pieces.map((p) => (typeof p === 'string' ? encoder.encode(p) : p));
  const out = new Uint8Array(arrays.reduce((n, a) => n + a.length, 0));
  let at = 0;
  for (const a of arrays) {
    out.set(a, at);
    at += a.length;
  }
  return out;
};
/** A JPEG-like body that contains CRLFs and dashes, as real image bytes can. */
const jpeg = (n: number, fill: number) => {
  const body = new Uint8Array(n).fill(fill);
  body.set([0xff, 0xd8, 0x0d, 0x0a, 0x2d, 0x2d], 0);
  return body;
};
const part = (body: Uint8Array, withLength = true) =>
  bytes(
    '--magicframe\r\nContent-Type: image/jpeg\r\n',
    withLength ? `Content-Length: ${body.length}\r\n` : '',
    '\r\n',
    body,
    '\r\n',
  );

/** Feeds `stream` in pieces of `size` bytes and collects the parts. */
function feed(stream: Uint8Array, size: number, boundary = 'magicframe'): Uint8Array[] {
  const parser = new MultipartParser(boundary);
  const parts: Uint8Array[] = [];
  for (let i = 0; i < stream.length; i += size)
    parts.push(...parser.push(stream.slice(i, i + size)));
  return parts;
}

describe('the stylised frames stream: multipart/x-mixed-replace parts', () => {
  const a = jpeg(5000, 1);
  const b = jpeg(7000, 2);
  const c = jpeg(300, 3);

  test.each([1, 7, 64, 4096, 100_000])(
    'parts with Content-Length come out whole and in order, in chunks of %i bytes',
    (size) => {
      const parts = feed(bytes(part(a), part(b), part(c)), size);
      expect(parts).toEqual([a, b, c]);
    },
  );

  test.each([1, 13, 5000])(
    'parts without Content-Length end at the next boundary (chunks of %i bytes)',
    (size) => {
      // The last one is complete only once the next delimiter arrives.
      const parts = feed(bytes(part(a, false), part(b, false), '--magicframe--\r\n'), size);
      expect(parts).toEqual([a, b]);
    },
  );

  test('a preamble before the first boundary is skipped', () => {
    expect(feed(bytes('preamble text\r\n', part(c)), 10)).toEqual([c]);
  });

  test('a part is not given out before all its bytes are there', () => {
    const parser = new MultipartParser('magicframe');
    const stream = part(a);
    expect(parser.push(stream.slice(0, stream.length - 10))).toEqual([]);
    expect(parser.push(stream.slice(stream.length - 10))).toEqual([a]);
  });

  test('a part claiming more than 8 MB is refused', () => {
    const parser = new MultipartParser('magicframe');
    expect(() => parser.push(bytes('--magicframe\r\nContent-Length: 99999999\r\n\r\n'))).toThrow();
  });

  test.each([
    ['multipart/x-mixed-replace; boundary=magicframe', 'magicframe'],
    ['multipart/x-mixed-replace; boundary="other one"', 'other one'],
    ['multipart/x-mixed-replace;boundary=abc; charset=x', 'abc'],
    [null, 'magicframe'],
    ['image/jpeg', 'magicframe'],
  ])('the boundary of %j is %j', (contentType, boundary) => {
    expect(boundaryOf(contentType)).toBe(boundary);
  });

  test('another boundary from the Content-Type is followed', () => {
    const stream = bytes(
      `--zz\r\nContent-Length: ${c.length}\r\n\r\n`,
      c,
      '\r\n--zz\r\nContent-Length: 3\r\n\r\nabc\r\n',
    );
    expect(feed(stream, 50, 'zz').map((p) => [...p])).toEqual([[...c], [97, 98, 99]]);
  });
});
