import { describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from './current-user';
import { NO_TOKEN, SessionStore, TOKEN_TYPE, sessionKeys, type SessionBackend } from './session-store';
import { createFallbackStore, createMemoryStore, type KeyValueStore } from './storage';

const owner: CurrentUser = {
  adminId: 1,
  id: 1,
  accountUserId: null,
  username: 'owner@example.com',
  name: 'Olive Owner',
  account: 'Acme',
  accountId: 10,
  role: 'owner',
  accountPrivileges: { user: true, webapp_login: true, billing: true },
  timezone: 'UTC',
  settings: { timezoneBehavior: 2, adminEmail: '', databaseCount: 0, dateFormat: 'd MMM yyyy', timeFormat: '24h' },
};

function backend(overrides: Partial<SessionBackend> = {}): SessionBackend & { logouts: string[] } {
  const logouts: string[] = [];
  return {
    logouts,
    logout: async (token) => {
      logouts.push(token);
      await Promise.resolve();
    },
    loadUser: () => Promise.resolve(owner),
    ...overrides,
  };
}

/** A storage that throws on every call, like Safari's private mode or a sandboxed frame. */
const brokenStorage: KeyValueStore = {
  getItem: () => {
    throw new Error('denied');
  },
  setItem: () => {
    throw new Error('denied');
  },
  removeItem: () => {
    throw new Error('denied');
  },
};

describe('session store', () => {
  it('keeps token, accountUserId, userAuthToken and role under their spec keys', () => {
    const store = createMemoryStore();
    const session = new SessionStore(store);
    session.signIn('tok-1', { ...owner, accountUserId: 7, role: 'admin' });
    session.setUserAuthToken('portal-1');
    expect(store.getItem(sessionKeys.token)).toBe('tok-1');
    expect(store.getItem('token')).toBe('tok-1');
    expect(store.getItem('accountUserId')).toBe('7');
    expect(store.getItem('role')).toBe('admin');
    expect(store.getItem('userAuthToken')).toBe('portal-1');
    expect(TOKEN_TYPE).toBe('webapp_token');
  });

  it('survives local storage that throws by keeping the session in memory', () => {
    const store = createFallbackStore(() => brokenStorage);
    const session = new SessionStore(store);
    expect(session.token).toBeNull();
    session.setToken('in-memory');
    expect(session.token).toBe('in-memory');
  });

  it('moves to memory when storage starts failing later (quota exceeded)', () => {
    let fail = false;
    const backing = createMemoryStore();
    const flaky: KeyValueStore = {
      getItem: (k) => backing.getItem(k),
      setItem: (k, v) => {
        if (fail) throw new Error('QuotaExceededError');
        backing.setItem(k, v);
      },
      removeItem: (k) => backing.removeItem(k),
    };
    const session = new SessionStore(createFallbackStore(() => flaky));
    fail = true;
    session.setToken('after-quota');
    expect(session.token).toBe('after-quota');
  });

  it('counts a stored "notoken" as no token', () => {
    const store = createMemoryStore();
    store.setItem('token', NO_TOKEN);
    const session = new SessionStore(store);
    expect(session.token).toBeNull();
    expect(session.signedIn).toBe(false);
  });

  it('takes websiteToken from the page address, saves it, and returns the address without it', () => {
    const store = createMemoryStore();
    const session = new SessionStore(store);
    const cleaned = session.adoptUrlToken('http://127.0.0.1:8080/crapp/scan/edit/?scanId=5&websiteToken=abc123#top');
    expect(cleaned).toBe('/crapp/scan/edit/?scanId=5#top');
    expect(store.getItem('token')).toBe('abc123');
    expect(session.adoptUrlToken('http://127.0.0.1:8080/signin')).toBeNull();
  });

  it('ignores websiteToken=notoken', () => {
    const session = new SessionStore(createMemoryStore());
    session.adoptUrlToken('http://127.0.0.1/x?websiteToken=notoken');
    expect(session.token).toBeNull();
  });

  it('resets the cached user when a new token is set', async () => {
    const session = new SessionStore(createMemoryStore());
    const loadUser = vi.fn(() => Promise.resolve(owner));
    session.connect(backend({ loadUser }));
    session.setToken('first');
    await session.ensureUser();
    expect(session.user?.username).toBe('owner@example.com');
    session.setToken('first');
    expect(session.user).not.toBeNull();
    session.setToken('second');
    expect(session.user).toBeNull();
    await session.ensureUser();
    expect(loadUser).toHaveBeenCalledTimes(2);
  });

  it('loads the user once for concurrent callers, and a failed load yields no user', async () => {
    const session = new SessionStore(createMemoryStore());
    const loadUser = vi.fn(() => Promise.reject(new Error('offline')));
    session.connect(backend({ loadUser }));
    session.setToken('t');
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const [a, b] = await Promise.all([session.ensureUser(), session.ensureUser()]);
    expect(a).toBeNull();
    expect(b).toBeNull();
    expect(loadUser).toHaveBeenCalledTimes(1);
    expect(errors).toHaveBeenCalled();
    errors.mockRestore();
  });

  it('derives roles and privileges: owner without account user, else the stored or loaded role', () => {
    const store = createMemoryStore();
    const session = new SessionStore(store);
    session.setToken('t');
    expect(session.roles).toEqual(['owner']);
    expect(session.can('billing')).toBe(true);
    store.setItem('accountUserId', '4');
    store.setItem('role', 'admin');
    expect(session.roles).toEqual(['admin']);
    expect(session.can('billing')).toBe(false);
    expect(session.can('user')).toBe(true);
  });

  it('signs out: pre-signout, logout with the token, clear, post-signout', async () => {
    const store = createMemoryStore();
    const session = new SessionStore(store);
    const api = backend();
    session.connect(api);
    session.signIn('tok', { ...owner, accountUserId: 3, role: 'admin' });
    const events: string[] = [];
    session.on('pre-signout', () => events.push(`pre:${session.token}`));
    session.on('post-signout', () => events.push(`post:${session.token}`));
    await session.signOut();
    expect(api.logouts).toEqual(['tok']);
    expect(events).toEqual(['pre:tok', 'post:null']);
    expect(store.getItem('token')).toBeNull();
    expect(store.getItem('accountUserId')).toBeNull();
    expect(store.getItem('role')).toBeNull();
    expect(session.user).toBeNull();
  });

  it('clears the session even when logout fails', async () => {
    const session = new SessionStore(createMemoryStore());
    session.connect(backend({ logout: () => Promise.reject(new Error('server down')) }));
    session.signIn('tok', owner);
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const post = vi.fn();
    session.on('post-signout', post);
    await session.signOut();
    expect(session.token).toBeNull();
    expect(post).toHaveBeenCalledOnce();
    errors.mockRestore();
  });

  it('joins a sign-out started while one is running instead of looping', async () => {
    const session = new SessionStore(createMemoryStore());
    let inner: Promise<void> | undefined;
    const api = backend({
      logout: async () => {
        inner = session.signOut();
        await Promise.resolve();
      },
    });
    session.connect(api);
    session.setToken('tok');
    const pre = vi.fn();
    session.on('pre-signout', pre);
    await session.signOut();
    await inner;
    expect(pre).toHaveBeenCalledOnce();
  });
});
