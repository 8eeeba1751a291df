import type { PrivilegeName, Privileges } from '@scanbase/contracts';
import type { CurrentUser } from './current-user';
import type { KeyValueStore } from './storage';

/** Local-storage keys of the session (spec section 3). */
export const sessionKeys = { token: 'token', accountUserId: 'accountUserId', userAuthToken: 'userAuthToken', role: 'role' } as const;

/** The kind of token the web app holds; servers and tools see it as a web-app session, not an API key. */
export const TOKEN_TYPE = 'webapp_token';

/** A stored token with this text means "signed out" (older clients wrote it instead of deleting the key). */
export const NO_TOKEN = 'notoken';

/** The page-address parameter that hands a session token to the web app (links from the scanner app). */
export const URL_TOKEN_PARAM = 'websiteToken';

export type SessionEvent = 'pre-signout' | 'post-signout';

/** What the session needs from the server; wired after the API clients exist (they need the session too). */
export type SessionBackend = {
  logout(token: string): Promise<void>;
  loadUser(token: string, accountUserId: string | null): Promise<CurrentUser | null>;
};

/** What guards look at: signed in or not, the role list and the privilege map. */
export type AccessSnapshot = { signedIn: boolean; roles: string[]; privileges: Partial<Privileges> };

const ownerPrivileges: Privileges = { user: true, webapp_login: true, billing: true };

/** The browser session: token, account user, role and the cached user record. */
export class SessionStore {
  private cachedUser: CurrentUser | null = null;
  private pendingUser: Promise<CurrentUser | null> | null = null;
  private backend: SessionBackend | null = null;
  private signingOut: Promise<void> | null = null;
  private version = 0;
  private readonly changeListeners = new Set<() => void>();
  private readonly eventListeners = new Map<SessionEvent, Set<() => void>>();

  constructor(private readonly store: KeyValueStore) {}

  /** Supplies the server calls for logout and user retrieval. */
  connect(backend: SessionBackend): void {
    this.backend = backend;
  }

  /** The session token, or null when signed out (a stored "notoken" counts as none). */
  get token(): string | null {
    const value = this.store.getItem(sessionKeys.token);
    return value === null || value === '' || value === NO_TOKEN ? null : value;
  }

  get signedIn(): boolean {
    return this.token !== null;
  }

  get accountUserId(): string | null {
    const value = this.store.getItem(sessionKeys.accountUserId);
    return value === null || value === '' ? null : value;
  }

  get userAuthToken(): string | null {
    return this.store.getItem(sessionKeys.userAuthToken);
  }

  /** The cached user record, if it was loaded for the current token. */
  get user(): CurrentUser | null {
    return this.cachedUser;
  }

  /** Role list: owner without an account user id, else the account user's role (stored, then from the record). */
  get roles(): string[] {
    if (this.accountUserId === null) return ['owner'];
    const role = this.cachedUser?.role ?? this.store.getItem(sessionKeys.role);
    return role ? [role] : [];
  }

  /** The owner has every privilege; anyone else only what the account user record grants. */
  get privileges(): Partial<Privileges> {
    if (this.roles[0] === 'owner') return ownerPrivileges;
    return this.cachedUser?.accountPrivileges ?? { user: true };
  }

  /** True when the signed-in person holds the privilege. */
  can(privilege: PrivilegeName): boolean {
    return privilege === 'user' || this.privileges[privilege] === true;
  }

  /** A snapshot for the route guards. */
  access(): AccessSnapshot {
    return { signedIn: this.signedIn, roles: this.roles, privileges: this.privileges };
  }

  /** Stores a token; a different token drops the cached user so nobody sees the previous person's record. */
  setToken(token: string): void {
    if (token === this.token) return;
    this.store.setItem(sessionKeys.token, token);
    this.cachedUser = null;
    this.pendingUser = null;
    this.changed();
  }

  /** Completes a sign-in: token, account user, role and the user record from the reply. */
  signIn(token: string, user: CurrentUser): void {
    this.setToken(token);
    if (user.accountUserId === null) this.store.removeItem(sessionKeys.accountUserId);
    else this.store.setItem(sessionKeys.accountUserId, String(user.accountUserId));
    this.store.setItem(sessionKeys.role, user.role);
    this.cachedUser = user;
    this.changed();
  }

  /** Changes fields of the cached user record after the person edited them (their profile). */
  updateUser(changes: Partial<Pick<CurrentUser, 'name' | 'username' | 'timezone'>>): void {
    if (!this.cachedUser) return;
    this.cachedUser = { ...this.cachedUser, ...changes };
    this.changed();
  }

  /** Saves the portal user's token (share preview). */
  setUserAuthToken(token: string | null): void {
    if (token === null) this.store.removeItem(sessionKeys.userAuthToken);
    else this.store.setItem(sessionKeys.userAuthToken, token);
    this.changed();
  }

  /**
   * Takes a `websiteToken` from the page address and saves it. Returns the address without the
   * parameter (so the token does not linger in history or referrers), or null when there was none.
   */
  adoptUrlToken(href: string): string | null {
    const url = new URL(href);
    const token = url.searchParams.get(URL_TOKEN_PARAM);
    if (token === null) return null;
    url.searchParams.delete(URL_TOKEN_PARAM);
    if (token !== '' && token !== NO_TOKEN) this.setToken(token);
    return url.pathname + url.search + url.hash;
  }

  /** Loads the user record once per token; a failure is logged and yields no user. */
  ensureUser(): Promise<CurrentUser | null> {
    const token = this.token;
    if (token === null) return Promise.resolve(null);
    if (this.cachedUser) return Promise.resolve(this.cachedUser);
    if (this.pendingUser) return this.pendingUser;
    const backend = this.backend;
    if (!backend) return Promise.resolve(null);
    const pending = backend
      .loadUser(token, this.accountUserId)
      .catch((error: unknown) => {
        console.error('Could not load the signed-in user', error);
        return null;
      })
      .then((user) => {
        // A sign-out or another sign-in while this was in flight wins over the stale answer.
        if (this.pendingUser !== pending || this.token !== token) return this.cachedUser;
        this.pendingUser = null;
        this.cachedUser = user;
        if (user) {
          this.store.setItem(sessionKeys.role, user.role);
          // The record is the truth about who this session is (an ownership transfer swaps owner and member).
          if (user.accountUserId === null) this.store.removeItem(sessionKeys.accountUserId);
          else this.store.setItem(sessionKeys.accountUserId, String(user.accountUserId));
        }
        this.changed();
        return user;
      });
    this.pendingUser = pending;
    return pending;
  }

  /** Forgets token, account user id, role and the cached user. */
  clear(): void {
    this.store.removeItem(sessionKeys.token);
    this.store.removeItem(sessionKeys.accountUserId);
    this.store.removeItem(sessionKeys.role);
    this.cachedUser = null;
    this.pendingUser = null;
    this.changed();
  }

  /** Signs out: pre-signout event, server logout, then the local session is cleared even if logout failed. */
  signOut(): Promise<void> {
    // A sign-out triggered while one runs (an error reply to the logout call itself) joins it instead of looping.
    // The work starts a microtask later so the promise is stored before logout can re-enter.
    this.signingOut ??= Promise.resolve()
      .then(() => this.runSignOut())
      .finally(() => {
        this.signingOut = null;
      });
    return this.signingOut;
  }

  private async runSignOut(): Promise<void> {
    this.emit('pre-signout');
    const token = this.token;
    try {
      if (token !== null && this.backend) await this.backend.logout(token);
    } catch (error) {
      console.error('Logout failed; the local session is cleared anyway', error);
    } finally {
      this.clear();
      this.emit('post-signout');
    }
  }

  /** Listens to pre-signout or post-signout. */
  on(event: SessionEvent, listener: () => void): () => void {
    const set = this.eventListeners.get(event) ?? new Set<() => void>();
    set.add(listener);
    this.eventListeners.set(event, set);
    return () => set.delete(listener);
  }

  /** For useSyncExternalStore: any change of token, user or role. */
  subscribe = (listener: () => void): (() => void) => {
    this.changeListeners.add(listener);
    return () => this.changeListeners.delete(listener);
  };

  /** For useSyncExternalStore: a number that changes with every session change. */
  getVersion = (): number => this.version;

  private emit(event: SessionEvent): void {
    for (const listener of this.eventListeners.get(event) ?? []) listener();
  }

  private changed(): void {
    this.version += 1;
    for (const listener of this.changeListeners) listener();
  }
}
