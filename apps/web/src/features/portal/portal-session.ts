import { appUserInfo } from '@scanbase/contracts/scanner';
import type { KeyValueStore } from '../../session/storage';
import { portalKeys, type PortalFlow } from '../../session/portal-flows';

export type PortalUser = { id: number; username: string };

/**
 * A portal's own session: the app token of the app user signed in to the check-in/out or attendance
 * portal, this browser's device id for it, and who it is. Separate from the admin session and the scanner.
 */
export class PortalSession {
  private version = 0;
  private readonly listeners = new Set<() => void>();
  private readonly keys: ReturnType<typeof portalKeys>;

  constructor(
    readonly flow: PortalFlow,
    private readonly store: KeyValueStore,
    private readonly makeId: () => string = () => crypto.randomUUID(),
  ) {
    this.keys = portalKeys(flow);
  }

  /** The app token, or null when nobody is signed in to this portal. */
  get token(): string | null {
    return this.store.getItem(this.keys.token) || null;
  }

  /** This browser's device id for the portal (kept across sign-outs, so the device limit counts it once). */
  get udid(): string {
    const stored = this.store.getItem(this.keys.udid);
    if (stored) return stored;
    const made = `portal-${this.makeId()}`;
    this.store.setItem(this.keys.udid, made);
    return made;
  }

  /** Who is signed in (null when signed out or unreadable). */
  get user(): PortalUser | null {
    if (this.token === null) return null;
    try {
      const parsed = appUserInfo.safeParse(JSON.parse(this.store.getItem(this.keys.user) ?? 'null'));
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  }

  /** Keeps the token and user of a successful sign-in. */
  signedIn(token: string, user: PortalUser): void {
    this.store.setItem(this.keys.token, token);
    this.store.setItem(this.keys.user, JSON.stringify(user));
    this.changed();
  }

  /** Forgets token and user (the V2 client calls it when the server refuses the token). */
  signOut = async (): Promise<void> => {
    this.store.removeItem(this.keys.token);
    this.store.removeItem(this.keys.user);
    this.changed();
    return Promise.resolve();
  };

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
