import type { AppService, SpecializedType } from '@scanbase/contracts';
import type { SpecializedTypeDefinition } from './specialized-type.js';
import { storedTypeSettings } from './type-settings.js';
import { specializedTypeDefinitions } from './types/index.js';

// What the engine and the scanner API read of a specialized service on every scan: the type's definition
// and its parsed settings, cached by the stored JSON (parsing with zod on every scan would cost more than
// the rule it feeds).
const parsedSettings = new Map<string, Record<string, unknown>>();

/** The definition and parsed settings of a service's type, or undefined for an ordinary service (or a type not built). */
export function runtimeType(type: string | null, json: string): { def: SpecializedTypeDefinition; settings: Record<string, unknown> } | undefined {
  if (type === null) return undefined;
  const def = specializedTypeDefinitions[type as SpecializedType];
  if (!def) return undefined;
  const key = `${type}\u0000${json}`;
  let settings = parsedSettings.get(key);
  if (!settings) {
    if (parsedSettings.size > 1_000) parsedSettings.clear();
    settings = storedTypeSettings(def, json);
    parsedSettings.set(key, settings);
  }
  return { def, settings };
}

/** The `specialized` part of a service as the scanner sees it. */
export function scannerSpecialized(type: string | null, json: string): AppService['specialized'] {
  const t = runtimeType(type, json);
  if (!t) return null;
  return { type: t.def.type, options: t.def.scannerOptions?.(t.settings) ?? {} };
}
