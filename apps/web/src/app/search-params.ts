import { z } from 'zod';

/** An optional text query parameter; anything unusable is dropped instead of breaking the page. */
export const text = z.string().optional().catch(undefined);

/** An optional whole-number query parameter (query strings carry text, so it is coerced). */
export const whole = z.coerce.number().int().min(0).optional().catch(undefined);

/** A query parameter schema from a shape; unknown keys are dropped. */
export function query<T extends z.ZodRawShape>(shape: T) {
  return z.object(shape);
}

/** Text query parameters by name. */
export function texts<const K extends string>(...names: K[]) {
  return z.object(Object.fromEntries(names.map((name) => [name, text])) as Record<K, typeof text>);
}
