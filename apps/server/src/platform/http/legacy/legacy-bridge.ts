import type { V2ErrorCode } from '@scanbase/contracts';
import { AppError } from '../../errors.js';
import type { XmlNode } from '../../xml/xml-writer.js';
import { LegacyError } from './legacy-error.js';
import type { LegacyAction, LegacyCall } from './legacy-types.js';

/** An AppError that also names its legacy code, so one service rule answers both APIs. */
export class CodedError extends AppError {
  constructor(
    code: V2ErrorCode,
    readonly legacyCode: number,
    message: string,
    details?: Record<string, unknown>,
  ) {
    super(code, message, details);
  }
}

/** A legacy action whose service errors become their legacy codes (anything else still answers 2). */
export function legacyAction(handle: (call: LegacyCall) => Promise<XmlNode[]>): LegacyAction {
  return {
    async handle(call) {
      try {
        return await handle(call);
      } catch (error) {
        if (error instanceof CodedError) throw new LegacyError(error.legacyCode, error.message);
        if (error instanceof AppError && error.code === 'VALIDATION_FAILED') throw new LegacyError(50, error.message);
        throw error;
      }
    },
  };
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** `YYYY-MM-DD HH:MM:SS` in a time zone (America/New_York, the legacy API's default). */
export function legacyTime(iso: string, timeZone = 'America/New_York'): string {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
    formatters.set(timeZone, f);
  }
  const p = Object.fromEntries(f.formatToParts(new Date(iso)).map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}

/** True for text that is a possible row id (a positive 32-bit integer, the id type on both databases). */
export function isRowId(text: string): boolean {
  return /^\d{1,10}$/.test(text) && Number(text) <= 2_147_483_647;
}
