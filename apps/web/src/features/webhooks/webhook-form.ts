import { serviceScopedWebhookEvents, webhookEventDescriptions, webhookEventTypes, type WebhookEventType, type WebhookSubscription } from '@scanbase/contracts/webhooks';

/** The create/edit dialog's fields. */
export type WebhookForm = { url: string; description: string; events: WebhookEventType[]; serviceIds: number[] };

/** What the dialog shows first: empty for a new subscription, the subscription's values when editing. */
export function initialForm(subscription?: WebhookSubscription): WebhookForm {
  if (!subscription) return { url: '', description: '', events: ['scan.created'], serviceIds: [] };
  return { url: subscription.url, description: subscription.description, events: [...subscription.events], serviceIds: [...subscription.serviceIds] };
}

/** Events grouped as the dialog lists them (each group's events in the contract's order). */
export const eventGroups: { label: string; events: WebhookEventType[] }[] = [
  { label: 'Scans and uploads', events: webhookEventTypes.filter((e) => e.startsWith('scan.') || e.startsWith('upload.')) },
  { label: 'Databases and imports', events: webhookEventTypes.filter((e) => e.startsWith('database_value.') || e.startsWith('import.')) },
  { label: 'Tasks and app users', events: webhookEventTypes.filter((e) => e.startsWith('task_run.') || e.startsWith('app_user.')) },
];

/** The sentence that explains an event. */
export function describeEvent(event: string): string {
  return (webhookEventDescriptions as Record<string, string>)[event] ?? (event === 'webhook.ping' ? 'A test event sent with “Send test event”.' : '');
}

/** Whether the service filter means anything for these events (it applies to scan and upload events only). */
export function usesServiceFilter(events: readonly WebhookEventType[]): boolean {
  return events.some((e) => serviceScopedWebhookEvents.includes(e));
}

/** Field problems before sending (the server checks again): URL scheme and at least one event. */
export function formIssues(form: WebhookForm): Partial<Record<'url' | 'events' | 'description', string>> {
  const issues: Partial<Record<'url' | 'events' | 'description', string>> = {};
  const url = form.url.trim();
  if (url === '') issues.url = 'Enter the URL that receives the events';
  else if (!/^https?:\/\/[^\s/]+/i.test(url)) issues.url = 'Use an http:// or https:// URL';
  else if (url.length > 2000) issues.url = 'A URL has at most 2,000 characters';
  if (form.events.length === 0) issues.events = 'Choose at least one event';
  if (form.description.trim().length > 200) issues.description = 'At most 200 characters';
  return issues;
}

/** The `webhooks/create` or `webhooks/update` body of a form (a service filter only when it can apply). */
export function formBody(form: WebhookForm): { url: string; description: string; events: WebhookEventType[]; serviceIds: number[] } {
  return { url: form.url.trim(), description: form.description.trim(), events: webhookEventTypes.filter((e) => form.events.includes(e)), serviceIds: usesServiceFilter(form.events) ? form.serviceIds : [] };
}

/** A subscription's state in a word, with the chip colour it is shown in. */
export function subscriptionState(s: Pick<WebhookSubscription, 'active' | 'pausedReason' | 'failingSince'>): { label: string; tone: 'ok' | 'warn' | 'error' | 'neutral' } {
  if (!s.active) return s.pausedReason === 'failing' ? { label: 'Paused: kept failing', tone: 'error' } : { label: 'Paused', tone: 'neutral' };
  if (s.failingSince !== null) return { label: 'Failing', tone: 'warn' };
  return { label: 'Active', tone: 'ok' };
}

/** A delivery's status in words: "Delivered", "Waiting (attempt 2)", "Failed". */
export function deliveryLabel(d: { status: 'pending' | 'succeeded' | 'failed'; attempts: number }): string {
  if (d.status === 'succeeded') return 'Delivered';
  if (d.status === 'failed') return 'Failed';
  return d.attempts === 0 ? 'Waiting' : `Retrying (${d.attempts} failed)`;
}

/** A JSON text indented for reading; the text itself when it is not JSON. */
export function prettyJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}
