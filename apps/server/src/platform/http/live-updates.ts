import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import type { SessionResolver } from '../auth/session.js';
import type { EventBus } from '../bus/event-bus.js';

// A revoked session must not keep receiving events: the socket re-checks its token this often.
const RECHECK_MS = 60_000;

/** `/ws?token=…`: one websocket per tab; sends `{topic, id}` for events of the session's account. */
export async function liveUpdatesPlugin(app: FastifyInstance, options: { bus: EventBus; resolveSession: SessionResolver }): Promise<void> {
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
    options
      .resolveSession(token)
      .then((session) => {
        if (!session) return close(4401, 'AUTH_FAILED');
        unsubscribe = options.bus.subscribe((event) => {
          if (event.accountId === session.accountId && socket.readyState === socket.OPEN) socket.send(JSON.stringify({ topic: event.topic, id: event.id }));
        });
        socket.send(JSON.stringify({ topic: 'ready' }));
        recheck = setInterval(() => {
          options
            .resolveSession(token)
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
