import { formatShortTime } from '../scans/scan-format';

/** A scan time: "14:03:27" today, "3 Mar, 14:03" this year, the date before, in the admin's time zone and the account's formats. */
export function formatScanTime(iso: string, timeZone: string | undefined, now = new Date()): string {
  return formatShortTime(iso, timeZone, now, undefined, { seconds: true });
}
