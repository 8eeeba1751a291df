import type { ParamMap, ParamValue } from '../../xml/xml-reader.js';
import { LegacyError } from './legacy-error.js';

/** The merged parameters of a legacy call with typed accessors. */
export class LegacyParams {
  constructor(readonly raw: ParamMap) {}

  /** A text parameter; lists give their first item, maps are ignored. */
  get(name: string): string | undefined {
    const value: ParamValue | undefined = this.raw[name];
    if (typeof value === 'string') return value;
    if (Array.isArray(value) && typeof value[0] === 'string') return value[0];
    return undefined;
  }

  /** True when the parameter is present and not empty. */
  has(name: string): boolean {
    const v = this.get(name);
    return v !== undefined && v.trim() !== '';
  }

  /** A required text parameter; missing or empty answers `code` (50 by default). */
  require(name: string, code = 50, message?: string): string {
    const v = this.get(name);
    if (v === undefined || v.trim() === '') throw new LegacyError(code, message ?? `Required variable is missing: ${name}`);
    return v;
  }

  /** A whole number within [min, max] (paging); absent or empty gives `fallback`, anything else answers 50. */
  wholeNumber(name: string, range: { min: number; max: number; fallback: number }): number {
    const v = this.get(name)?.trim();
    if (v === undefined || v === '') return range.fallback;
    // Digits only: Number() would also take 1e3, 0x10 and 99999999999999999999 (not exact).
    const n = /^\d{1,15}$/.test(v) ? Number(v) : NaN;
    if (!(n >= range.min && n <= range.max)) throw new LegacyError(50, `${name} must be a whole number from ${range.min} to ${range.max}.`);
    return n;
  }

  /** A 0/1 flag. */
  flag(name: string, fallback: boolean): boolean {
    const v = this.get(name)?.trim();
    if (v === undefined || v === '') return fallback;
    return !(v === '0' || v.toLowerCase() === 'false');
  }

  /** A map parameter written with brackets (`with_property[mode]=auto`) or nested XML. */
  map(name: string): ParamMap | undefined {
    const v = this.raw[name];
    return v !== undefined && typeof v === 'object' && !Array.isArray(v) ? v : undefined;
  }

  /**
   * An id list: one integer, a comma list with or without spaces, or `all`.
   * Returns undefined when absent; throws `invalidCode` for anything else.
   */
  idList(name: string, invalidCode: number): 'all' | number[] | undefined {
    const v = this.get(name)?.trim();
    if (v === undefined || v === '') return undefined;
    if (v.toLowerCase() === 'all') return 'all';
    const ids = v.split(',').map((s) => s.trim()).filter((s) => s !== '');
    // Ids are 32-bit integers on both databases; anything larger cannot exist.
    if (ids.length === 0 || !ids.every((s) => /^\d{1,10}$/.test(s) && Number(s) <= 2_147_483_647)) throw new LegacyError(invalidCode, `Invalid ${name}: use an id, a comma list of ids, or all`);
    return [...new Set(ids.map(Number))];
  }
}
