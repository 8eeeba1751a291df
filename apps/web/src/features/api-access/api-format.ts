import { formatAccountDateTime } from '../scans/scan-format';

/** The part of a key people may see: its stored prefix and dots for the rest ("sb_AbC12x••••••••"). */
export function maskedKey(prefix: string): string {
  return `${prefix}${'•'.repeat(8)}`;
}

/** A date and time in the admin's time zone ("3 Mar 2026, 14:03"); "—" for missing or unreadable values. */
export function formatWhen(iso: string | null | undefined, timeZone: string | undefined): string {
  return formatAccountDateTime(iso, timeZone);
}
