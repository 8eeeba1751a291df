import type { WebhookEventType } from '@scanbase/contracts';

/** One event as its emitter describes it: the `data` of the payload, and the service it belongs to (service filter). */
export type WebhookEvent = { type: WebhookEventType; data: Record<string, unknown>; serviceId?: number | null | undefined };

/**
 * The port other modules emit events through (implemented by `WebhooksService`). Emitting never throws:
 * a failure to record a delivery is logged, and the action that caused the event stands.
 */
export type WebhookEvents = {
  /** Records the events for the account's matching subscriptions and queues their delivery; costs a map lookup when none match. */
  emit(accountId: number, events: WebhookEvent[]): Promise<void>;
};

/** For services built without webhooks (tests, the CLI): emits nothing. */
export const noWebhookEvents: WebhookEvents = { emit: () => Promise.resolve() };

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
}
