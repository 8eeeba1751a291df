import type { Service } from '@scanbase/contracts/services';
import { autoNextOptions, symbologyLabel } from './service-types';

/** The active period in words, e.g. "1 May 2030 08:00 to 3 May 2030 23:59"; "Always" without one. */
export function describePeriod(service: Service): string {
  const s = service.settings;
  if (!s.periodStartDate || !s.periodEndDate) return 'Always';
  const when = (date: string, time: string) => `${new Date(`${date}T00:00:00Z`).toLocaleDateString(undefined, { timeZone: 'UTC', year: 'numeric', month: 'short', day: 'numeric' })} ${time.slice(0, 5)}`;
  return `${when(s.periodStartDate, s.periodStartTime)} to ${when(s.periodEndDate, s.periodEndTime)}`;
}

/** The barcode types in words. */
export function describeSymbologies(service: Service): string {
  const ids = service.settings.symbologies;
  if (ids.length === 0) return 'The usual set';
  const names = ids.map(symbologyLabel);
  return names.length > 6 ? `${names.slice(0, 6).join(', ')} and ${names.length - 6} more` : names.join(', ');
}

/** The advanced settings that differ from the defaults, in short phrases. */
export function describeExtras(service: Service): string[] {
  const s = service.settings;
  const out: string[] = [];
  if (s.autoNextScan > 0) out.push(autoNextOptions.find((option) => option.value === String(s.autoNextScan))?.label ?? 'Automatic next scan');
  if (s.enableGps) out.push('Saves the location with each scan');
  if (s.blockCameraScan) out.push('No camera scanning');
  if (s.blockManualScan) out.push('No typing values by hand');
  if (s.blockDbSearch) out.push('No database search in the app');
  if (!s.viewOtherScans) out.push('People see only their own scans');
  if (s.regexScanPattern) out.push('Rewrites scanned values');
  if (s.regexResponsePattern) out.push('Rewrites responses');
  if (s.autoSync) out.push('Syncs in the background');
  if (s.uploadEmail) out.push(`Emails uploads to ${s.uploadEmail}`);
  if (s.postbackRealTimeScans || s.postbackUploadedScans) out.push(`Sends a copy of scans to ${service.postbackUrl}`);
  if (s.enableDirectScan) out.push('Direct scan to your server');
  if (s.decoderConfig) out.push('Custom scanner configuration');
  return out;
}
