import { TZDate, tzOffset } from '@date-fns/tz';
import { format } from 'date-fns/format';

// Export templates format their time columns with date-fns patterns in a time zone. date-fns `format`
// on a TZDate costs tens of microseconds a call, which is minutes on a million scans with three time
// columns, so patterns are compiled once: the tokens below are written straight from the wall-clock
// fields (the zone's offset is looked up about once per day, see offsetAt), and a pattern with any other token
// falls back to date-fns itself. A test checks both paths give the same text.

// date-fns' own tokenizer (format.js), so both paths split a pattern alike.
const TOKENS = /[yYQqMLwIdDecihHKkms]o|(\w)\1*|''|'(''|[^'])+('|$)|./g;
const LATIN = /[a-zA-Z]/;
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const SAMPLE = new Date(Date.UTC(2026, 0, 2, 3, 4, 5, 6));

/** Wall-clock time as a Date read with its UTC getters, and the zone's offset in minutes east of UTC. */
type Part = string | ((wall: Date, offset: number) => string);

function pad(n: number, width: number): string {
  const text = String(Math.abs(n));
  return (n < 0 ? '-' : '') + (text.length >= width ? text : '0'.repeat(width - text.length) + text);
}

/** `+05:30` / `-0800` / `+05`, as date-fns writes an offset (it works on getTimezoneOffset, hence the sign flip). */
function zoneText(offset: number, delimiter: string, optionalMinutes: boolean): string {
  const tzo = -offset;
  const sign = tzo > 0 ? '-' : '+';
  const abs = Math.abs(tzo);
  if (optionalMinutes && tzo % 60 === 0) return sign + pad(abs / 60, 2);
  return sign + pad(Math.trunc(abs / 60), 2) + delimiter + pad(abs % 60, 2);
}

/** The writer of one token, or undefined when only date-fns knows it. */
function tokenWriter(token: string): Part | undefined {
  const n = token.length;
  // Ordinals (`do`, `Mo`, …) are locale words: date-fns writes them.
  if (n === 2 && token[1] === 'o') return undefined;
  switch (token[0]) {
    case 'y':
      return (w) => {
        const signed = w.getUTCFullYear();
        const year = signed > 0 ? signed : 1 - signed;
        return pad(token === 'yy' ? year % 100 : year, n);
      };
    case 'M':
      if (n === 1) return (w) => String(w.getUTCMonth() + 1);
      if (n === 2) return (w) => pad(w.getUTCMonth() + 1, 2);
      if (n === 3) return (w) => MONTHS[w.getUTCMonth()]!.slice(0, 3);
      if (n === 4) return (w) => MONTHS[w.getUTCMonth()]!;
      return undefined;
    case 'd':
      return (w) => pad(w.getUTCDate(), n);
    case 'H':
      return (w) => pad(w.getUTCHours(), n);
    case 'h':
      return (w) => pad(w.getUTCHours() % 12 || 12, n);
    case 'm':
      return (w) => pad(w.getUTCMinutes(), n);
    case 's':
      return (w) => pad(w.getUTCSeconds(), n);
    case 'S':
      return (w) => pad(Math.trunc(w.getUTCMilliseconds() * Math.pow(10, n - 3)), n);
    case 'a':
      if (n <= 2) return (w) => (w.getUTCHours() >= 12 ? 'PM' : 'AM');
      if (n === 3) return (w) => (w.getUTCHours() >= 12 ? 'pm' : 'am');
      return undefined;
    case 'E':
      if (n <= 3) return (w) => DAYS[w.getUTCDay()]!.slice(0, 3);
      if (n === 4) return (w) => DAYS[w.getUTCDay()]!;
      return undefined;
    case 'X':
    case 'x': {
      const z = token[0] === 'X';
      if (n === 1) return (_w, o) => (z && o === 0 ? 'Z' : zoneText(o, '', true));
      if (n === 2 || n === 4) return (_w, o) => (z && o === 0 ? 'Z' : zoneText(o, '', false));
      return (_w, o) => (z && o === 0 ? 'Z' : zoneText(o, ':', false));
    }
    default:
      return undefined;
  }
}

/** The pattern as literal text and token writers; undefined when a token needs date-fns. */
function compile(pattern: string): Part[] | undefined {
  const parts: Part[] = [];
  for (const token of pattern.match(TOKENS) ?? []) {
    if (token === "''") parts.push("'");
    else if (token.startsWith("'")) parts.push((/^'([^]*?)'?$/.exec(token)?.[1] ?? '').replace(/''/g, "'"));
    else if (LATIN.test(token[0]!)) {
      const writer = tokenWriter(token);
      if (!writer) return undefined;
      parts.push(writer);
    } else parts.push(token);
  }
  return parts;
}

/**
 * Why a date pattern cannot be used, or undefined when it can. Week-year (`Y`) and day-of-year (`D`)
 * tokens are refused: they are nearly always a mistyped `yyyy` or `dd`, and date-fns would only warn.
 */
export function dateFormatProblem(pattern: string): string | undefined {
  for (const token of pattern.match(TOKENS) ?? []) {
    if (token[0] === 'Y') return `Use "${token.replace(/Y/g, 'y')}" for the year ("${token}" is the week-numbering year)`;
    if (token[0] === 'D') return `Use "${token.replace(/D/g, 'd')}" for the day of the month ("${token}" is the day of the year)`;
  }
  try {
    format(SAMPLE, pattern);
    return undefined;
  } catch (error) {
    const letter = error instanceof Error ? /unescaped latin alphabet character `(.)`/.exec(error.message)?.[1] : undefined;
    if (letter) return `"${letter}" is not a date token; put literal text in single quotes, as in 'at'`;
    return `Not a valid date format: ${error instanceof Error ? error.message : String(error)}`;
  }
}

/** Formats ISO instants with a date-fns pattern in an IANA zone; fast for the common tokens (see above). */
export function dateFormatter(pattern: string, timeZone: string): (iso: string) => string {
  const parts = compile(pattern);
  // Offsets change at most twice a year: a UTC day whose two ends have the same offset has it all day
  // long, so most days cost two look-ups; a day with a change is looked up per 15-minute slot.
  const days = new Map<number, number | null>();
  const slots = new Map<number, number>();
  const lookUp = (ms: number): number => {
    const raw = tzOffset(timeZone, new Date(ms));
    // As TZDate.getTimezoneOffset does: whole minutes (old local mean times have seconds).
    return raw > 0 ? Math.ceil(raw) : Math.floor(raw);
  };
  const offsetAt = (ms: number): number => {
    const day = Math.floor(ms / 86_400_000);
    let offset = days.get(day);
    if (offset === undefined) {
      const start = lookUp(day * 86_400_000);
      offset = start === lookUp((day + 1) * 86_400_000 - 1) ? start : null;
      if (days.size > 100_000) days.clear();
      days.set(day, offset);
    }
    if (offset !== null) return offset;
    const slot = Math.floor(ms / 900_000);
    let inSlot = slots.get(slot);
    if (inSlot === undefined) {
      inSlot = lookUp(slot * 900_000);
      if (slots.size > 10_000) slots.clear();
      slots.set(slot, inSlot);
    }
    return inSlot;
  };
  // The same instant often comes twice in a row (received and modified times of an unedited scan).
  let lastIso = '';
  let lastText = '';
  return (iso: string): string => {
    if (iso === lastIso) return lastText;
    const ms = Date.parse(iso);
    let text: string;
    if (Number.isNaN(ms)) text = iso;
    else if (!parts) text = format(new TZDate(ms, timeZone), pattern);
    else {
      const offset = offsetAt(ms);
      const wall = new Date(ms + offset * 60_000);
      text = '';
      for (const part of parts) text += typeof part === 'string' ? part : part(wall, offset);
    }
    lastIso = iso;
    lastText = text;
    return text;
  };
}
