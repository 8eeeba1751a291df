import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import type { AppSessionResolver, SessionResolver } from '../auth/session.js';
import type { EventBus } from '../bus/event-bus.js';

// A revoked session must not keep receiving events: the socket re-checks its token this often.
const RECHECK_MS = 60_000;

/**
 * `/ws?token=…`: one websocket per tab; sends `{topic, id}` for events of the session's account. The token
 * is an admin session's or, when `resolveAppSession` is given, an app user's (the check-in/out and
 * attendance portals): either way only `{topic, id}` of that account's events, never their content.
 */
export async function liveUpdatesPlugin(app: FastifyInstance, options: { bus: EventBus; resolveSession: SessionResolver; resolveAppSession?: AppSessionResolver }): Promise<void> {
  const resolve = async (token: string): Promise<{ accountId: number } | undefined> => {
    if (token === '') return undefined;
    const session = await options.resolveSession(token);
    if (session) return session;
    return options.resolveAppSession ? options.resolveAppSession(token) : undefined;
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
          if (event.accountId === session.accountId && socket.readyState === socket.OPEN) socket.send(JSON.stringify({ topic: event.topic, id: event.id }));
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
