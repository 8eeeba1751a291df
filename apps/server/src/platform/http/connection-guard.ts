import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyServerFactory } from 'fastify';
import ipaddr from 'ipaddr.js';
import type { Config } from '../../config.js';

/** The timeouts and the per-IP cap (config.http). */
export type ConnectionLimits = Config['http'];

// Statuses that refuse a request body: the body may be partly unread, so the connection cannot carry another request.
const REFUSED_BODY_STATUS = new Set([413, 415]);

// Errors raised while a body is read (Fastify's content-type parsers, @fastify/multipart, our multipart reader).
const BODY_ERROR_CODES = new Set(['FST_REQ_FILE_TOO_LARGE', 'FST_FILES_LIMIT', 'FST_PARTS_LIMIT', 'FST_FIELDS_LIMIT', 'FST_PROTO_VIOLATION', 'FST_INVALID_MULTIPART_CONTENT_TYPE', 'SB_MALFORMED_MULTIPART']);

/** Whether an error came from reading (or refusing) the request body. */
export function isBodyReadError(error: Pick<FastifyError, 'code'>): boolean {
  return typeof error.code === 'string' && (error.code.startsWith('FST_ERR_CTP_') || BODY_ERROR_CODES.has(error.code));
}

/**
 * The key a connection counts against: the peer address, IPv4-mapped IPv6 as IPv4, and IPv6 by its /64
 * (one subscriber usually holds a whole /64, so counting single IPv6 addresses would cap nothing).
 */
export function clientKey(remoteAddress: string | undefined): string {
  if (remoteAddress === undefined || !ipaddr.isValid(remoteAddress)) return remoteAddress ?? 'unknown';
  const address = ipaddr.process(remoteAddress);
  if (address.kind() === 'ipv4') return address.toString();
  const parts = (address as ipaddr.IPv6).parts.slice(0, 4);
  return `${parts.map((p) => p.toString(16)).join(':')}::/64`;
}

/**
 * Connection-level limits of the HTTP server: header, request, idle and keep-alive timeouts, a cap on
 * concurrent connections per client, and `Connection: close` after a refused request body.
 */
export class ConnectionGuard {
  private readonly open = new Map<string, number>();
  private refused = 0;
  private lastWarning = 0;
  private log: FastifyInstance['log'] | undefined;

  constructor(private readonly limits: ConnectionLimits) {}

  /** Fastify's `serverFactory`: every listening server (HOST=localhost binds two) gets the timeouts and the cap. */
  readonly serverFactory: FastifyServerFactory = (handler) => {
    const { headersTimeoutMs, requestTimeoutMs, idleTimeoutMs, keepAliveTimeoutMs } = this.limits;
    const server = http.createServer(
      {
        // Time to receive the request line and headers, then the whole request (the body read deadline).
        headersTimeout: headersTimeoutMs,
        requestTimeout: requestTimeoutMs,
        // Node checks both deadlines on this interval (30 s by default, which would stretch a 20 s deadline to 50 s).
        connectionsCheckingInterval: Math.max(25, Math.min(1000, Math.floor(headersTimeoutMs / 4))),
      },
      handler,
    );
    server.keepAliveTimeout = keepAliveTimeoutMs;
    // No byte either way for this long (a stalled upload, a client that stopped reading a reply): the socket is destroyed.
    server.setTimeout(idleTimeoutMs);
    if (this.limits.connectionsPerIp > 0) server.on('connection', (socket: Socket) => this.admit(socket));
    return server;
  };

  /** Counts the connection against its client, or destroys it when the client already holds its share. */
  private admit(socket: Socket): void {
    const key = clientKey(socket.remoteAddress);
    const held = this.open.get(key) ?? 0;
    if (held >= this.limits.connectionsPerIp) {
      socket.destroy();
      this.warnRefused(key);
      return;
    }
    this.open.set(key, held + 1);
    socket.once('close', () => {
      const left = (this.open.get(key) ?? 1) - 1;
      if (left <= 0) this.open.delete(key);
      else this.open.set(key, left);
    });
  }

  // One line a minute at most: a flood of refused connections must not flood the log too.
  private warnRefused(key: string): void {
    this.refused += 1;
    const now = Date.now();
    if (now - this.lastWarning < 60_000) return;
    this.lastWarning = now;
    this.log?.warn({ client: key, refused: this.refused, limit: this.limits.connectionsPerIp }, 'connections over CONNECTIONS_PER_IP were closed');
    this.refused = 0;
  }

  /** Adds the hooks that close a connection after a refused body; call on the root instance before any plugin is registered. */
  install(app: FastifyInstance): void {
    this.log = app.log;
    app.addHook('onError', (_request, reply, error, done) => {
      if (isBodyReadError(error)) void reply.header('connection', 'close');
      done();
    });
    app.addHook('onSend', (request, reply, payload, done) => {
      // `complete` is false while body bytes are still unread (refused early, or a parser that stopped):
      // the next request on this connection would wait behind them forever, so the client must reconnect.
      if (request.raw.complete === false || REFUSED_BODY_STATUS.has(reply.statusCode)) void reply.header('connection', 'close');
      done(null, payload);
    });
  }
}
