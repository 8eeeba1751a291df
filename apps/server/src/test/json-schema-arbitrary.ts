import fc from 'fast-check';

/** The part of JSON Schema (as `z.toJSONSchema` writes it) that the fuzzer reads. */
export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minItems?: number;
  maxItems?: number;
  additionalProperties?: JsonSchema | boolean;
};

/** What to mix into generated leaves: hostile text and numbers (NUL, surrogates, overflowing ids). */
export type Hostile = { text: fc.Arbitrary<string>; number: fc.Arbitrary<number> };

/**
 * Values shaped like a route's body (from its JSON Schema), so fuzzed input gets past validation and
 * reaches the handlers and the database, with hostile text and numbers mixed into some leaves.
 * Ids stay small so they hit rows the test created.
 */
export function arbitraryFromSchema(schema: JsonSchema, hostile: Hostile, depth = 0): fc.Arbitrary<unknown> {
  if (depth > 6) return fc.constant(null);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives && alternatives.length > 0) return fc.oneof(...alternatives.map((s) => arbitraryFromSchema(s, hostile, depth + 1)));
  if (schema.allOf && schema.allOf.length > 0) return arbitraryFromSchema(schema.allOf[0]!, hostile, depth + 1);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return fc.oneof({ weight: 7, arbitrary: plainString(schema) }, { weight: 3, arbitrary: hostile.text });
    case 'integer': {
      const min = Math.max(schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 0), -1000);
      const max = Math.min(schema.maximum ?? 50, Math.max(min, 50));
      return fc.oneof({ weight: 8, arbitrary: fc.integer({ min, max }) }, { weight: 2, arbitrary: hostile.number });
    }
    case 'number':
      return fc.oneof(fc.double({ min: schema.minimum ?? -1000, max: schema.maximum ?? 1000, noNaN: true }), hostile.number);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(schema.items ? arbitraryFromSchema(schema.items, hostile, depth + 1) : fc.jsonValue({ maxDepth: 1 }), { minLength: Math.min(schema.minItems ?? 0, 3), maxLength: Math.max(Math.min(schema.maxItems ?? 4, 4), Math.min(schema.minItems ?? 0, 3)) });
    case 'object': {
      const props = schema.properties ?? {};
      const keys = Object.keys(props);
      if (keys.length === 0) return fc.dictionary(fc.string({ maxLength: 8 }), fc.oneof(fc.string({ maxLength: 8 }), hostile.text), { maxKeys: 3 });
      const record = Object.fromEntries(keys.map((k) => [k, arbitraryFromSchema(props[k]!, hostile, depth + 1)]));
      return fc.record(record, { requiredKeys: (schema.required ?? []).filter((k) => k in props) });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function plainString(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.format === 'email') return fc.nat({ max: 9999 }).map((n) => `fuzz${n}@example.com`);
  if (schema.format === 'uri' || schema.format === 'url') return fc.constantFrom('https://example.com/hook', 'http://[::127.0.0.1]:1/', 'http://169.254.169.254/latest');
  if (schema.format === 'date-time') return fc.date({ min: new Date('2020-01-01'), max: new Date('2030-01-01'), noInvalidDate: true }).map((d) => d.toISOString());
  if (schema.pattern) {
    try {
      return fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length <= (schema.maxLength ?? 200));
    } catch {
      // A pattern fast-check cannot read: plain strings still exercise validation.
    }
  }
  const minLength = Math.min(schema.minLength ?? 0, 20);
  return fc.string({ minLength, maxLength: Math.max(minLength, Math.min(schema.maxLength ?? 24, 24)) });
}
