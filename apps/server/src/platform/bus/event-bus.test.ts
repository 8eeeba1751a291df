import { afterAll, describe, expect, it } from 'vitest';
import { postgresUrl } from '../../test/test-app.js';
import { InProcessEventBus, PostgresEventBus, type EventBus, type LiveEvent } from './event-bus.js';
import pg from 'pg';

const pools: pg.Pool[] = [];
afterAll(async () => {
  await Promise.all(pools.map((p) => p.end()));
});

function pgBus(): PostgresEventBus {
  const pool = new pg.Pool({ connectionString: postgresUrl, max: 2 });
  pools.push(pool);
  return new PostgresEventBus(postgresUrl!, async (channel, payload) => {
    await pool.query('SELECT pg_notify($1, $2)', [channel, payload]);
  });
}

// The contract every EventBus adapter meets; the PostgreSQL one runs when DATABASE_URL is set.
const adapters: [string, () => [EventBus, EventBus]][] = [['in-process', () => { const bus = new InProcessEventBus(); return [bus, bus]; }]];
if (postgresUrl) adapters.push(['PostgreSQL LISTEN/NOTIFY across two processes', () => [pgBus(), pgBus()]]);

describe.each(adapters)('EventBus contract: %s', (_name, make) => {
  it('delivers each published event to every subscriber, once', async () => {
    const [publisher, subscriber] = make();
    if (subscriber instanceof PostgresEventBus) await subscriber.whenListening();
    if (publisher instanceof PostgresEventBus) await publisher.whenListening();
    const got: LiveEvent[] = [];
    const stop = subscriber.subscribe((e) => got.push(e));
    await publisher.publish({ accountId: 7, topic: 'job', id: 41 });
    await publisher.publish({ accountId: 8, topic: 'scan', id: 'x' });
    // Several at once (a scan and its type's topic) arrive as separate events, in order.
    await publisher.publish([
      { accountId: 8, topic: 'scan', id: 9 },
      { accountId: 8, topic: 'checkinout', id: 3 },
    ]);
    const deadline = Date.now() + 5000;
    while (got.length < 4 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    expect(got).toEqual([
      { accountId: 7, topic: 'job', id: 41 },
      { accountId: 8, topic: 'scan', id: 'x' },
      { accountId: 8, topic: 'scan', id: 9 },
      { accountId: 8, topic: 'checkinout', id: 3 },
    ]);
    stop();
    await publisher.publish({ accountId: 7, topic: 'job', id: 42 });
    await new Promise((r) => setTimeout(r, 100));
    expect(got).toHaveLength(4);
    await publisher.close();
    if (subscriber !== publisher) await subscriber.close();
  });
});
