import { checkInOutSettings, type CheckInOutMode, type CheckInOutSettings } from '@scanbase/contracts/check-in-out';

/** The type settings of an instance, with the defaults for anything left out. */
export function readSettings(raw: Record<string, unknown>): CheckInOutSettings {
  const parsed = checkInOutSettings.safeParse(raw);
  return parsed.success ? parsed.data : checkInOutSettings.parse({});
}

/** What each mode does, for the wizard and the details tab. */
export const modeInfo: { value: CheckInOutMode; label: string; hint: string }[] = [
  { value: 'toggle', label: 'Toggle', hint: 'Each scan flips the value: out becomes in, in becomes out.' },
  { value: 'fast', label: 'Fast', hint: 'The person scanning picks In or Out once for the session; every scan goes that way.' },
  { value: 'confirm', label: 'Confirm', hint: 'Each scan asks In or Out before it is sent.' },
];

/** "09:12" today, otherwise the date and time, in this browser's time zone. */
export function sinceText(iso: string, now = new Date()): string {
  const at = new Date(iso);
  const sameDay = at.toDateString() === now.toDateString();
  const time = at.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
  return sameDay ? time : `${at.toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: at.getFullYear() === now.getFullYear() ? undefined : 'numeric' })} ${time}`;
}

/** The portal address of an instance. */
export const portalHref = (id: number) => `/checkinout/?instance_id=${id}`;
/** One value's page in the portal. */
export const valueHref = (id: number, value: string) => `/checkinout/valueresponse/?${new URLSearchParams({ instance_id: String(id), value }).toString()}`;
