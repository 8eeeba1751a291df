import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import type { AppSessionResolver, SessionResolver } from '../auth/session.js';
import type { EventBus } from '../bus/event-bus.js';

// A revoked session must not keep receiving events: the socket re-checks its token this often.
const RECHECK_MS = 60_000;

/** Topics an app token (a portal signed in as an app user) receives; everything else is for administrators. */
export const PORTAL_TOPICS: ReadonlySet<string> = new Set(['attendance', 'checkinout']);

/**
 * `/ws?token=…`: one websocket per tab; sends `{topic, id}` for events of the session's account. A web
 * session gets every topic; an app token (the attendance and check-in/out portals) only PORTAL_TOPICS.
 */
export async function liveUpdatesPlugin(app: FastifyInstance, options: { bus: EventBus; resolveSession: SessionResolver; resolveAppSession?: AppSessionResolver }): Promise<void> {
  const resolve = async (token: string): Promise<{ accountId: number; topics: ReadonlySet<string> | null } | undefined> => {
    if (token === '') return undefined;
    const session = await options.resolveSession(token);
    if (session) return { accountId: session.accountId, topics: null };
    const appSession = await options.resolveAppSession?.(token);
    return appSession && { accountId: appSession.accountId, topics: PORTAL_TOPICS };
  };
  await app.register(websocket, { options: { maxPayload: 4096 } });
  app.get('/ws', { websocket: true }, (socket, request) => {
    const token = typeof (request.query as { token?: unknown }).token === 'string' ? (request.query as { token: string }).token : '';
    let unsubscribe: (() => void) | undefined;
    let recheck: NodeJS.Timeout | undefined;
    const close = (code: number, reason: string) => {
      unsubscribe?.();
      if (recheck) clearInterval(recheck);
      socket.close(code, reason);
    };
    socket.on('close', () => {
      unsubscribe?.();
      if (recheck) clearInterval(recheck);
    });
    resolve(token)
      .then((session) => {
        if (!session) return close(4401, 'AUTH_FAILED');
        unsubscribe = options.bus.subscribe((event) => {
          if (event.accountId !== session.accountId || (session.topics && !session.topics.has(event.topic))) return;
          if (socket.readyState === socket.OPEN) socket.send(JSON.stringify({ topic: event.topic, id: event.id }));
        });
        socket.send(JSON.stringify({ topic: 'ready' }));
        recheck = setInterval(() => {
          resolve(token)
            .then((still) => {
              if (!still) close(4401, 'AUTH_FAILED');
            })
            .catch(() => undefined);
        }, RECHECK_MS);
        recheck.unref();
      })
      .catch(() => close(1011, 'INTERNAL_ERROR'));
  });
}
