import { appDevice, appService, appUserInfo } from '@scanbase/contracts/scanner';
import { z } from 'zod';
import type { KeyValueStore } from '../../session/storage';

/**
 * Local-storage keys of the browser scanner. They are separate from the admin session's keys
 * (`token`, `accountUserId`, …): an app user's token never signs anyone into the admin app and
 * signing out of one leaves the other alone.
 */
export const scannerKeys = {
  token: 'scanner.token',
  udid: 'scanner.udid',
  deviceName: 'scanner.deviceName',
  profile: 'scanner.profile',
  serviceId: 'scanner.serviceId',
  continuous: 'scanner.continuous',
  camera: 'scanner.camera',
} as const;

/** What the sign-in (or app/services) reply told us, kept so the scanner opens offline. */
const scannerProfile = z.object({ user: appUserInfo, device: appDevice, services: z.array(appService) });
export type ScannerProfile = z.infer<typeof scannerProfile>;

export const DEFAULT_DEVICE_NAME = 'Browser scanner';

/** The scanner's own session: app token, device id and name, the last services reply, the chosen service. */
export class ScannerSession {
  private version = 0;
  private cachedProfile: { raw: string | null; value: ScannerProfile | null } = { raw: null, value: null };
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly store: KeyValueStore,
    private readonly makeId: () => string = () => crypto.randomUUID(),
  ) {}

  /** The app token, or null when no app user is signed in. */
  get token(): string | null {
    const value = this.store.getItem(scannerKeys.token);
    return value ? value : null;
  }

  /** This browser's device id: made once, then kept (also across sign-outs), so the device limit counts it once. */
  get udid(): string {
    const stored = this.store.getItem(scannerKeys.udid);
    if (stored) return stored;
    const made = `web-${this.makeId()}`;
    this.store.setItem(scannerKeys.udid, made);
    return made;
  }

  get deviceName(): string {
    return this.store.getItem(scannerKeys.deviceName) ?? DEFAULT_DEVICE_NAME;
  }

  /** The signed-in user, device and services (from the last reply; null when signed out or unreadable). */
  get profile(): ScannerProfile | null {
    const raw = this.token === null ? null : this.store.getItem(scannerKeys.profile);
    if (raw !== this.cachedProfile.raw) {
      let value: ScannerProfile | null = null;
      if (raw !== null) {
        try {
          const parsed = scannerProfile.safeParse(JSON.parse(raw));
          value = parsed.success ? parsed.data : null;
        } catch {
          value = null;
        }
      }
      this.cachedProfile = { raw, value };
    }
    return this.cachedProfile.value;
  }

  /** The service picked last (it may have been removed since: callers check against the profile). */
  get serviceId(): number | null {
    const value = Number(this.store.getItem(scannerKeys.serviceId));
    return Number.isInteger(value) && value > 0 ? value : null;
  }

  get continuous(): boolean {
    return this.store.getItem(scannerKeys.continuous) !== '0';
  }

  /** Whether the camera starts by itself (a person who types or uses a keyboard scanner turns it off once). */
  get camera(): boolean {
    return this.store.getItem(scannerKeys.camera) !== '0';
  }

  setCamera(on: boolean): void {
    this.store.setItem(scannerKeys.camera, on ? '1' : '0');
    this.changed();
  }

  /** Keeps the token and what the sign-in reply said. */
  signedIn(token: string, profile: ScannerProfile, deviceName: string): void {
    this.store.setItem(scannerKeys.token, token);
    this.store.setItem(scannerKeys.deviceName, deviceName);
    this.store.setItem(scannerKeys.profile, JSON.stringify(profile));
    this.changed();
  }

  /** A fresh app/services reply (services added, removed or changed). */
  updateProfile(profile: ScannerProfile): void {
    if (this.token === null) return;
    this.store.setItem(scannerKeys.profile, JSON.stringify(profile));
    this.changed();
  }

  chooseService(id: number | null): void {
    if (id === null) this.store.removeItem(scannerKeys.serviceId);
    else this.store.setItem(scannerKeys.serviceId, String(id));
    this.changed();
  }

  setContinuous(on: boolean): void {
    this.store.setItem(scannerKeys.continuous, on ? '1' : '0');
    this.changed();
  }

  /** Forgets token, profile and service; the device id and name stay. */
  clear(): void {
    this.store.removeItem(scannerKeys.token);
    this.store.removeItem(scannerKeys.profile);
    this.store.removeItem(scannerKeys.serviceId);
    this.changed();
  }

  /** For the V2 client's error catalogue: the scanner decides itself what a refused token means. */
  signOut = async (): Promise<void> => undefined;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getVersion = (): number => this.version;

  private changed(): void {
    this.version += 1;
    for (const listener of this.listeners) listener();
  }
}
