/**
 * Hardware keyboard-wedge scanners "type" a code as a burst of keystrokes (a few ms apart) ending in
 * Enter. People type far slower (100+ ms between keys). The detector keeps the current burst and
 * answers the value when Enter ends one that is long and fast enough.
 */
export type WedgeOptions = {
  /** The longest pause between two keys of one burst. */
  maxGapMs?: number;
  /** The shortest code that counts as a scan. */
  minLength?: number;
};

/** The detector's defaults: keys at most 50 ms apart, codes of 3 characters or more (the help pages quote them). */
export const WEDGE_DEFAULTS = { maxGapMs: 50, minLength: 3 } as const;

export class WedgeDetector {
  private buffer = '';
  private last = -Infinity;
  private readonly maxGapMs: number;
  private readonly minLength: number;

  constructor(options: WedgeOptions = {}) {
    this.maxGapMs = options.maxGapMs ?? WEDGE_DEFAULTS.maxGapMs;
    this.minLength = options.minLength ?? WEDGE_DEFAULTS.minLength;
  }

  /**
   * Feeds one key (KeyboardEvent.key) pressed at `at` ms. Answers the scanned value when Enter (or Tab)
   * ends a qualifying burst, otherwise null.
   */
  key(key: string, at: number): string | null {
    const gap = at - this.last;
    this.last = at;
    if (key === 'Enter' || key === 'Tab') {
      const value = this.buffer;
      this.buffer = '';
      return gap <= this.maxGapMs && value.length >= this.minLength ? value : null;
    }
    if (key.length !== 1) {
      // Shift and other modifiers come with every capital letter a scanner types: they neither add nor break a burst.
      const modifier = key === 'Shift' || key === 'CapsLock' || key === 'AltGraph';
      if (!modifier || gap > this.maxGapMs) this.buffer = '';
      return null;
    }
    this.buffer = gap <= this.maxGapMs ? this.buffer + key : key;
    return null;
  }

  /** The burst typed so far (for tests and for telling a typed field value from a scanned one). */
  get pending(): string {
    return this.buffer;
  }

  reset(): void {
    this.buffer = '';
    this.last = -Infinity;
  }
}

/** Whether a key event comes from a place where the person is typing (then the page-wide listener keeps out). */
export function isEditableTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag !== 'INPUT') return false;
  const type = (target as HTMLInputElement).type;
  return !['button', 'checkbox', 'radio', 'submit', 'reset', 'file', 'image', 'range', 'color'].includes(type);
}
