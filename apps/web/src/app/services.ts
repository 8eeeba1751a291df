import { LegacyClient } from '../api/legacy-client';
import type { CurrentPlace, NavigationPort } from '../api/navigation-port';
import { OnlineStatus } from '../api/online-status';
import { V2Client } from '../api/v2-client';
import { LazyLiveUpdates, type LiveChannel } from '../api/lazy-live-updates';
import { websocketUrl } from '../api/websocket-url';
import { SessionStore } from '../session/session-store';
import type { KeyValueStore } from '../session/storage';

/** Everything pages reach through context: the session, both API clients, the online flag and live updates. */
export type AppServices = {
  session: SessionStore;
  legacy: LegacyClient;
  v2: V2Client;
  online: OnlineStatus;
  live: LiveChannel;
  navigation: DeferredNavigation;
};

/** A navigation port whose router is attached after creation (the router itself needs these services). */
export class DeferredNavigation implements NavigationPort {
  private port: NavigationPort | null = null;

  attach(port: NavigationPort): void {
    this.port = port;
  }

  current(): CurrentPlace {
    return this.port?.current() ?? { name: undefined, pathname: '/', search: '', authenticate: false };
  }

  go(href: string): void {
    this.port?.go(href);
  }
}

export type ServiceOptions = {
  store: KeyValueStore;
  origin: string;
  location: Pick<Location, 'protocol' | 'hostname' | 'port'>;
  fetch?: typeof fetch;
  /** Overrides the V2 base (VITE_API_V2_BASE), e.g. a separate API host in development. */
  v2Base?: string;
};

/** Wires the session, clients and live updates together. */
export function createServices(options: ServiceOptions): AppServices {
  const navigation = new DeferredNavigation();
  const session = new SessionStore(options.store);
  const online = new OnlineStatus(typeof navigator === 'undefined' ? true : navigator.onLine);
  const legacy = new LegacyClient({ baseUrl: `${options.origin}/api/`, session, navigation, online, fetch: options.fetch });
  const v2 = new V2Client({ baseUrl: options.v2Base ?? `${options.origin}/api-v2/`, session, navigation, fetch: options.fetch });
  const live = new LazyLiveUpdates({
    url: websocketUrl(options.location),
    token: () => session.token,
  });
  session.connect({
    logout: async (token) => {
      const reply = await legacy.call('security', 'logout', { website_token: token });
      if (reply.error || reply.networkError) throw new Error(reply.error?.text ?? 'Logout did not reach the server');
    },
    // Loaded on first use: the signed-out first page never loads a user.
    loadUser: async (_token, accountUserId) => (await import('../session/load-user')).retrieveUser(legacy, accountUserId),
  });
  session.on('post-signout', () => live.stop());
  // Signed in already: fetch the legacy client's code and the user loader now, alongside the page's chunk,
  // rather than when the first call waits for them.
  if (session.token !== null) void Promise.all([import('../api/legacy-call'), import('../session/load-user')]).catch(() => undefined);
  return { session, legacy, v2, online, live, navigation };
}
