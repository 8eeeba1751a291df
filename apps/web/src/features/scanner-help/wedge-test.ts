import { WEDGE_DEFAULTS, WedgeDetector } from '../scanner/keyboard-wedge';

/*
 * The hardware scanner test of /app/1.0/more/sd-pro: the keys of one read, replayed through the scanner's own
 * WedgeDetector, give the verdict the scan page would reach; the timings explain it.
 */

/** One key press of a read: KeyboardEvent.key and its timeStamp in ms. */
export type Stroke = { key: string; at: number };
/** The key that ended a read; null when a fast burst simply stopped. */
export type Suffix = 'Enter' | 'Tab' | null;
/**
 * scanner: the scan page takes it as a scanned code; no-suffix: a scanner burst without Enter; gaps: fast, but a
 * pause between two keys was too long; too-short: fast but under the shortest code; typed: typed by hand.
 */
export type VerdictKind = 'scanner' | 'no-suffix' | 'gaps' | 'too-short' | 'typed';

export type Reading = {
  id: number;
  value: string;
  length: number;
  suffix: Suffix;
  /** From the first key to the last (the suffix included), in ms. */
  totalMs: number;
  /** Between consecutive keys; null with a single key. */
  averageGapMs: number | null;
  longestGapMs: number | null;
  kind: VerdictKind;
  verdict: string;
  advice: string;
};

/** How long a scanner-fast burst may stop before it is taken as a read without a suffix. */
export const IDLE_END_MS = 400;

const { maxGapMs, minLength } = WEDGE_DEFAULTS;

/** The gaps between consecutive strokes, in ms. */
export function gapsOf(strokes: readonly Stroke[]): number[] {
  return strokes.slice(1).map((stroke, index) => stroke.at - strokes[index]!.at);
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** A duration for people: "4 ms", "850 ms", "2.3 s". */
export function formatMs(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
}

/** Whether the strokes so far are one burst a scanner would type (fast, long enough): then a stop without Enter ends a read. */
export function isScannerBurst(strokes: readonly Stroke[]): boolean {
  const detector = new WedgeDetector();
  for (const stroke of strokes) detector.key(stroke.key, stroke.at);
  const typed = strokes.filter((stroke) => stroke.key.length === 1).length;
  return detector.pending.length >= minLength && detector.pending.length === typed;
}

/**
 * The reading of one code: `strokes` are the keys from the first of this read to the suffix (when `suffix` is
 * set, the last stroke is it); `value` is what the box holds.
 */
export function readingOf(id: number, value: string, strokes: readonly Stroke[], suffix: Suffix): Reading {
  const gaps = gapsOf(strokes);
  const first = strokes[0]?.at ?? 0;
  const last = strokes[strokes.length - 1]?.at ?? first;
  const longest = gaps.length > 0 ? Math.max(...gaps) : null;
  const base = {
    id,
    value,
    length: value.length,
    suffix,
    totalMs: Math.max(0, last - first),
    averageGapMs: gaps.length > 0 ? gaps.reduce((sum, gap) => sum + gap, 0) / gaps.length : null,
    longestGapMs: longest,
  };
  return { ...base, ...verdictOf(value, strokes, suffix, gaps) };
}

function verdictOf(value: string, strokes: readonly Stroke[], suffix: Suffix, gaps: readonly number[]): Pick<Reading, 'kind' | 'verdict' | 'advice'> {
  if (suffix === null) {
    return {
      kind: 'no-suffix',
      verdict: 'Scanner, but no Enter suffix: configure it',
      advice: 'The keys came as fast as a scanner types them, but nothing ended the code. The scan page waits for Enter after each code: set the scanner to send Enter (CR) after every code.',
    };
  }
  const detector = new WedgeDetector();
  let detected: string | null = null;
  for (const stroke of strokes) detected = detector.key(stroke.key, stroke.at);
  if (detected !== null && detected === value) {
    return suffix === 'Enter'
      ? { kind: 'scanner', verdict: 'Scanner, with Enter suffix', advice: 'Ready: the scan page takes this code as scanned.' }
      : {
          kind: 'scanner',
          verdict: 'Scanner, with Tab suffix',
          advice: 'The scan page takes this code, except while the "Type a code" box has the focus: there Tab moves on without sending. Enter is the better suffix.',
        };
  }
  const fast = gaps.length > 0 && median(gaps) <= maxGapMs;
  if (fast && value.length < minLength) {
    return {
      kind: 'too-short',
      verdict: `Too short for a scanned code`,
      advice: `The scan page takes codes of ${minLength} characters or more from a scanner. A shorter code can be typed in the "Type a code" box.`,
    };
  }
  if (fast || detected !== null) {
    const longest = gaps.length > 0 ? Math.max(...gaps) : 0;
    const part = detected !== null ? ` The scan page would take only "${detected}", the part after the pause.` : '';
    return {
      kind: 'gaps',
      verdict: 'Scanner too slow between characters',
      advice: `One pause between keys was ${formatMs(longest)}; the scan page allows ${maxGapMs} ms.${part} Set the scanner's inter-character delay to none (fastest speed); a Bluetooth scanner may also be too far from the phone.`,
    };
  }
  return {
    kind: 'typed',
    verdict: 'Typed by hand',
    advice: `A scanner types each character less than ${maxGapMs} ms after the last one. If this came from a scanner, raise its scan speed (see "Scan speed").`,
  };
}
