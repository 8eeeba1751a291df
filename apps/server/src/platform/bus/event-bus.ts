import { EventEmitter } from 'node:events';
import type pg from 'pg';
import { pgPackage } from '../db/database.js';

/** Something changed: clients refetch over HTTP, so events carry ids only. */
export type LiveEvent = { accountId: number; topic: string; id?: number | string };

/** The live-events port: in-process in embedded mode, PostgreSQL LISTEN/NOTIFY when scaled out. */
export type EventBus = {
  /** Publishes one event, or several at once (one NOTIFY on PostgreSQL: a scan and its type's topics cost one round trip). */
  publish(event: LiveEvent | LiveEvent[]): Promise<void>;
  /** Calls the listener for every event published by any process; answers the unsubscribe function. */
  subscribe(listener: (event: LiveEvent) => void): () => void;
  close(): Promise<void>;
};

/** Events within one process. */
export class InProcessEventBus implements EventBus {
  private readonly emitter = new EventEmitter().setMaxListeners(0);

  async publish(event: LiveEvent | LiveEvent[]): Promise<void> {
    if (Array.isArray(event)) for (const one of event) this.emitter.emit('event', one);
    else this.emitter.emit('event', event);
  }

  subscribe(listener: (event: LiveEvent) => void): () => void {
    this.emitter.on('event', listener);
    return () => this.emitter.off('event', listener);
  }

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}

const CHANNEL = 'scanbase_events';

/** Events across processes through PostgreSQL NOTIFY (payloads stay far below its 8 KB limit). */
export class PostgresEventBus implements EventBus {
  private readonly local = new InProcessEventBus();
  private listener: pg.Client | undefined;
  private ready: Promise<void> | undefined;

  constructor(
    private readonly connectionString: string,
    private readonly notify: (channel: string, payload: string) => Promise<void>,
  ) {}

  private listen(): Promise<void> {
    this.ready ??= (async () => {
      const client = new (pgPackage().Client)({ connectionString: this.connectionString });
      // A dropped LISTEN connection must not crash the process; live updates then stop until restart
      // (clients still poll), which the warning makes visible.
      client.on('error', (err) => process.emitWarning(`Live-events connection lost: ${err.message}`));
      await client.connect();
      client.on('notification', (message) => {
        if (message.channel !== CHANNEL || !message.payload) return;
        try {
          void this.local.publish(JSON.parse(message.payload) as LiveEvent | LiveEvent[]);
        } catch {
          // Not ours: ignore.
        }
      });
      await client.query(`LISTEN ${CHANNEL}`);
      this.listener = client;
    })();
    return this.ready;
  }

  async publish(event: LiveEvent | LiveEvent[]): Promise<void> {
    if (Array.isArray(event) && event.length === 0) return;
    await this.listen();
    await this.notify(CHANNEL, JSON.stringify(Array.isArray(event) && event.length === 1 ? event[0] : event));
  }

  subscribe(listener: (event: LiveEvent) => void): () => void {
    void this.listen();
    return this.local.subscribe(listener);
  }

  /** Resolves once this process receives events from others. */
  async whenListening(): Promise<void> {
    await this.listen();
  }

  async close(): Promise<void> {
    await this.local.close();
    await this.listener?.end();
  }
}
