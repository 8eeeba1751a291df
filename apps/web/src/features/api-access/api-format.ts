/** The part of a key people may see: its stored prefix and dots for the rest ("sb_AbC12x••••••••"). */
export function maskedKey(prefix: string): string {
  return `${prefix}${'•'.repeat(8)}`;
}

/** A date and time in the admin's time zone ("3 Mar 2026, 14:03"); "—" for missing or unreadable values. */
export function formatWhen(iso: string | null | undefined, timeZone: string | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '—';
  try {
    return new Intl.DateTimeFormat('en-GB', { timeZone, day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(date);
  } catch {
    return date.toLocaleString();
  }
}
