import { AppError } from '../../platform/errors.js';
import type { SpecializedTypeDefinition } from './specialized-type.js';

/** A type's settings parsed with its schema; a bad value names its path under `settings`. */
export function parseTypeSettings(def: SpecializedTypeDefinition, raw: unknown): Record<string, unknown> {
  const parsed = def.settings.safeParse(raw ?? {});
  if (parsed.success) return parsed.data;
  const details = parsed.error.issues.map((i) => ({ path: ['settings', ...i.path.map(String)].join('.'), message: i.message }));
  throw new AppError('VALIDATION_FAILED', `Check the settings: ${details.map((d) => `${d.path}: ${d.message}`).join('; ')}.`, details);
}

/** The stored settings of an instance, with the type's defaults for anything added since they were written. */
export function storedTypeSettings(def: SpecializedTypeDefinition, json: string): Record<string, unknown> {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    raw = {};
  }
  const parsed = def.settings.safeParse(raw);
  return parsed.success ? parsed.data : (def.settings.parse({}));
}
