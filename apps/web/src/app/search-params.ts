/*
 * Query parameter readers of the route table. Plain functions rather than zod: the route table is part of
 * the entry chunk, and zod would add ~25 KB gzipped to every first page, /signin included. Each reader
 * behaves exactly like the zod schema it replaced (search-params.test.ts compares them on random input).
 */

/** Reads one query parameter; anything unusable becomes undefined instead of breaking the page. */
export type SearchField = (value: unknown) => unknown;

/** The query parameters of a route: their readers by name; unknown keys are dropped. */
export type SearchSchema<K extends string = string> = {
  readonly shape: Readonly<Record<K, SearchField>>;
  /** The same schema with more (or replaced) parameters. */
  extend<L extends string>(shape: Record<L, SearchField>): SearchSchema<K | L>;
  /** The validated query: only known keys; a key given with an unusable value stays, as undefined. */
  parse(raw: unknown): Record<string, unknown>;
};

/** An optional text query parameter (was `z.string().optional().catch(undefined)`). */
export const text: SearchField = (value) => (typeof value === 'string' ? value : undefined);

/** A whole number >= 0, from text (was `z.coerce.number().int().min(0).optional().catch(undefined)`). */
export const whole: SearchField = (value) => {
  if (value === undefined) return undefined;
  let number: unknown;
  try {
    number = Number(value);
  } catch {
    return undefined;
  }
  return typeof number === 'number' && Number.isSafeInteger(number) && number >= 0 ? number : undefined;
};

/** `whole`, or `fallback` when the parameter is absent or unusable (was `whole.default(fallback)`). */
export function wholeOr(fallback: number): SearchField {
  return (value) => whole(value) ?? fallback;
}

/** A query parameter schema from a shape (was `z.object(shape)`). */
export function query<K extends string>(shape: Record<K, SearchField>): SearchSchema<K> {
  const entries = Object.entries<SearchField>(shape);
  return {
    shape,
    extend: (more) => query({ ...shape, ...more }),
    parse: (raw) => {
      const out: Record<string, unknown> = {};
      if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return out;
      const input = raw as Record<string, unknown>;
      for (const [key, read] of entries) {
        const value = read(input[key]);
        if (value !== undefined || key in input) out[key] = value;
      }
      return out;
    },
  };
}

/** Text query parameters by name. */
export function texts<const K extends string>(...names: K[]): SearchSchema<K> {
  return query(Object.fromEntries(names.map((name) => [name, text])) as Record<K, SearchField>);
}
