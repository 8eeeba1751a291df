import { publicBranding, type PublicBranding } from '@scanbase/contracts/branding';
import type { KeyValueStore } from '../../session/storage';

const KEY = 'scanbase.branding';

/** The last branding seen on this device (the scanner's and portals' sign-in pages show it again after a sign-out). */
export function recallBranding(store: KeyValueStore): PublicBranding | null {
  try {
    const parsed = publicBranding.safeParse(JSON.parse(store.getItem(KEY) ?? 'null'));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function rememberBranding(store: KeyValueStore, b: PublicBranding): void {
  store.setItem(KEY, JSON.stringify(b));
}
