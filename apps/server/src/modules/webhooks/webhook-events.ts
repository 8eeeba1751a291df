import type { WebhookEventType } from '@scanbase/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';

/** One event as its emitter describes it: the `data` of the payload, and the service it belongs to (service filter). */
export type WebhookEvent = { type: WebhookEventType; data: Record<string, unknown>; serviceId?: number | null | undefined };

/**
 * The port other modules emit events through (implemented by `WebhooksService`). Emitting never throws:
 * a failure to record a delivery is logged, and the action that caused the event stands.
 */
export type WebhookEvents = {
  /** Records the events for the account's matching subscriptions and queues their delivery; costs a map lookup when none match. */
  emit(accountId: number, events: WebhookEvent[]): Promise<void>;
  /**
   * Records the events through `db`, the caller's own transaction (an outbox: the action and its deliveries commit
   * together, with no commit of their own); hand the answer to `committed` once that transaction has committed.
   * Unlike `emit` it throws, so that a failure rolls the action back with it.
   */
  record(db: Kysely<Database>, accountId: number, events: WebhookEvent[]): Promise<RecordedEvents>;
  /** After the commit of what `record` wrote: has the deliveries sent and tells the other listeners; never throws. */
  committed(accountId: number, recorded: RecordedEvents): Promise<void>;
};

/** What `record` wrote: the events, and the subscriptions that have new deliveries. */
export type RecordedEvents = { events: WebhookEvent[]; subscriptionIds: number[] };

/** For services built without webhooks (tests, the CLI): emits nothing. */
export const noWebhookEvents: WebhookEvents = { emit: () => Promise.resolve(), record: (_db, _accountId, events) => Promise.resolve({ events, subscriptionIds: [] }), committed: () => Promise.resolve() };

/**
 * A port that forwards to an implementation set later: the services that emit are built before the
 * webhooks service (which needs the job queue, built after them).
 */
export class LateWebhookEvents implements WebhookEvents {
  private target: WebhookEvents = noWebhookEvents;

  /** Forwards every later event to `target`. */
  connect(target: WebhookEvents): void {
    this.target = target;
  }

  emit(accountId: number, events: WebhookEvent[]): Promise<void> {
    return events.length === 0 ? Promise.resolve() : this.target.emit(accountId, events);
  }

  record(db: Kysely<Database>, accountId: number, events: WebhookEvent[]): Promise<RecordedEvents> {
    return events.length === 0 ? Promise.resolve({ events, subscriptionIds: [] }) : this.target.record(db, accountId, events);
  }

  committed(accountId: number, recorded: RecordedEvents): Promise<void> {
    return recorded.events.length === 0 ? Promise.resolve() : this.target.committed(accountId, recorded);
  }
}
