import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { query, text, texts, whole, wholeOr } from './search-params';

// The zod schemas the plain readers replaced (the route table used these until zod left the entry chunk).
const zText = z.string().optional().catch(undefined);
const zWhole = z.coerce.number().int().min(0).optional().catch(undefined);
const zSchema = z.object({ a: zText, b: zWhole, c: zWhole.default(1), d: zText });
const schema = query({ a: text, b: whole, c: wholeOr(1) }).extend(texts('d').shape);

/** What the router's validateSearch made of a query with the zod schema (a failed parse gave {}). */
const viaZod = (raw: unknown) => {
  const parsed = zSchema.safeParse(raw);
  return parsed.success ? parsed.data : {};
};

const value = fc.oneof(
  fc.string(),
  fc.constantFrom('', '0', '-0', '7', '007', ' 12 ', '1e3', '1.5', '-1', 'abc', 'Infinity', 'NaN', '0x10', '9007199254740993', '2147483647'),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
  fc.array(fc.constantFrom('1', '2', 'x'), { maxLength: 2 }),
  fc.object({ maxDepth: 0 }),
  fc.bigInt(),
);

describe('query parameter readers', () => {
  it('read every query exactly as the zod schemas they replaced', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom('a', 'b', 'c', 'd', 'e', 'page'), value), (raw) => {
        expect(schema.parse(raw)).toStrictEqual(viaZod(raw));
      }),
      { numRuns: 2000 },
    );
  });

  it('keep a key given with an unusable value (as undefined) and drop unknown keys', () => {
    expect(schema.parse({ a: 'x', b: 'nope', c: 'nope', e: 'unknown' })).toStrictEqual({ a: 'x', b: undefined, c: 1 });
    expect(schema.parse({ b: '007', c: '' })).toStrictEqual({ b: 7, c: 0 });
    expect(schema.parse({ b: Symbol('s'), c: undefined })).toStrictEqual(viaZod({ b: Symbol('s'), c: undefined }));
  });

  it('give an empty query for anything but an object', () => {
    for (const raw of [null, undefined, 'a=1', 3, ['x']]) expect(schema.parse(raw)).toStrictEqual(viaZod(raw));
  });
});
