// TEMPORARY development stub: replaced by the generated samples.
import type { LegacySample } from './types.js';

export const legacySamples: Readonly<Record<string, LegacySample>> = {};
