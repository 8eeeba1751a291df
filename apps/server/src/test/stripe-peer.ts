import http from 'node:http';
import type { AddressInfo } from 'node:net';
import qs from 'qs';
import Stripe from 'stripe';

type Obj = Record<string, unknown> & { id: string };
type Form = Record<string, unknown>;

/** A request the peer received (path without query, form or query fields parsed). */
export type PeerRequest = { method: string; path: string; body: Form; idempotencyKey: string | undefined };

/** A real HTTP server on loopback speaking the parts of Stripe's API Scanbase calls, with Stripe's shapes. */
export type StripePeer = {
  host: string;
  port: number;
  /** Settings for createTestApp / the server: STRIPE_* pointing the official client here. */
  env: Record<string, string>;
  webhookSecret: string;
  requests: PeerRequest[];
  customers: Map<string, Obj>;
  subscriptions: Map<string, Obj>;
  /** Refunds created (POST /v1/refunds). */
  refunds: Obj[];
  /** What Stripe.js does in the browser when a card is confirmed against a SetupIntent: a card on the customer. */
  attachCard(customerId: string, card?: { brand?: string; last4?: string; expMonth?: number; expYear?: number }): Obj;
  customerOfAccount(accountId: number): Obj | undefined;
  /** A Stripe invoice object of a customer. */
  invoice(customerId: string, input: { id?: string; number: string; amountCents: number; status: 'open' | 'paid' | 'void'; lines?: { description: string; amount: number }[]; subscription?: string }): Obj;
  /** A webhook delivery: the event JSON and its Stripe-Signature made by the package's own test helper. */
  event(type: string, object: Obj, options?: { id?: string; previous?: Record<string, unknown>; secret?: string }): { payload: string; signature: string; id: string };
  close(): Promise<void>;
};

const list = (data: unknown[], url: string) => ({ object: 'list', data, has_more: false, url });

/** Starts the Stripe peer on 127.0.0.1 (an ephemeral port). */
export async function startStripePeer(): Promise<StripePeer> {
  const webhookSecret = 'whsec_test_scanbase_peer';
  const customers = new Map<string, Obj>();
  const paymentMethods = new Map<string, Obj>();
  const subscriptions = new Map<string, Obj>();
  const invoices = new Map<string, Obj>();
  const refunds: Obj[] = [];
  const byIdempotency = new Map<string, Obj>();
  const requests: PeerRequest[] = [];
  let seq = 0;
  const nextId = (prefix: string) => `${prefix}_${Date.now().toString(36)}${(++seq).toString(36).padStart(4, '0')}`;
  const now = () => Math.floor(Date.now() / 1000);

  const notFound = (what: string, id: string) => ({ status: 404, body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}: '${id}'`, param: 'id' } } });
  const itemsOf = (priceId: string, start: number, interval: string) => ({
    object: 'list',
    data: [{ id: nextId('si'), object: 'subscription_item', price: { id: priceId, object: 'price', recurring: { interval } }, quantity: 1, current_period_start: start, current_period_end: start + (interval === 'year' ? 365 : 30) * 86_400 }],
  });

  function route(method: string, path: string, body: Form): { status: number; body: unknown } {
    const parts = path.split('/').filter(Boolean); // ['v1', 'customers', id, ...]
    const [, resource, id, sub] = parts;
    if (resource === 'customers' && method === 'POST' && !id) {
      const customer: Obj = { id: nextId('cus'), object: 'customer', email: body.email ?? null, name: body.name ?? null, metadata: body.metadata ?? {}, invoice_settings: { default_payment_method: null }, created: now() };
      customers.set(customer.id, customer);
      return { status: 200, body: customer };
    }
    if (resource === 'customers' && id) {
      const customer = customers.get(id);
      if (!customer) return notFound('customer', id);
      if (sub === 'payment_methods') return { status: 200, body: list([...paymentMethods.values()].filter((pm) => pm.customer === id), `/v1/customers/${id}/payment_methods`) };
      if (method === 'POST') {
        const settings = body.invoice_settings as { default_payment_method?: string } | undefined;
        if (settings?.default_payment_method !== undefined) customer.invoice_settings = { default_payment_method: settings.default_payment_method || null };
      }
      return { status: 200, body: customer };
    }
    if (resource === 'setup_intents' && method === 'POST') {
      const intentId = nextId('seti');
      return { status: 200, body: { id: intentId, object: 'setup_intent', client_secret: `${intentId}_secret_${nextId('x')}`, customer: body.customer, status: 'requires_payment_method', usage: body.usage ?? 'off_session', metadata: body.metadata ?? {} } };
    }
    if (resource === 'payment_methods' && id) {
      const pm = paymentMethods.get(id);
      if (!pm) return notFound('payment_method', id);
      if (sub === 'detach' && method === 'POST') {
        const customer = customers.get(String(pm.customer));
        if (customer && (customer.invoice_settings as { default_payment_method: string | null }).default_payment_method === id) customer.invoice_settings = { default_payment_method: null };
        pm.customer = null;
      }
      return { status: 200, body: pm };
    }
    if (resource === 'subscriptions' && method === 'POST' && !id) {
      const items = body.items as { price: string }[];
      const subscription: Obj = { id: nextId('sub'), object: 'subscription', customer: body.customer, status: 'active', cancel_at_period_end: false, metadata: body.metadata ?? {}, items: itemsOf(items[0]!.price, now(), 'month'), created: now() };
      subscriptions.set(subscription.id, subscription);
      return { status: 200, body: subscription };
    }
    if (resource === 'subscriptions' && id) {
      const subscription = subscriptions.get(id);
      if (!subscription) return notFound('subscription', id);
      if (method === 'DELETE') subscription.status = 'canceled';
      if (method === 'POST') {
        const items = body.items as { id?: string; price: string }[] | undefined;
        const current = (subscription.items as { data: { current_period_start: number }[] }).data[0];
        if (items?.[0]) subscription.items = itemsOf(items[0].price, current?.current_period_start ?? now(), 'month');
        if (body.cancel_at_period_end !== undefined) subscription.cancel_at_period_end = body.cancel_at_period_end === 'true';
        if (body.metadata) subscription.metadata = body.metadata;
        subscription.last_proration_behavior = body.proration_behavior ?? null;
      }
      return { status: 200, body: subscription };
    }
    if (resource === 'invoices' && id && sub === 'void' && method === 'POST') {
      const inv = invoices.get(id);
      if (!inv) return notFound('invoice', id);
      if (inv.status !== 'open') return { status: 400, body: { error: { type: 'invalid_request_error', message: `You can only void an open invoice (this one is ${String(inv.status)}).` } } };
      inv.status = 'void';
      return { status: 200, body: inv };
    }
    if (resource === 'invoice_payments' && method === 'GET') {
      const inv = invoices.get(String(body.invoice));
      const paid = inv?.status === 'paid' ? [{ id: nextId('inpay'), object: 'invoice_payment', invoice: inv.id, status: 'paid', amount_paid: inv.amount_due, payment: { type: 'payment_intent', payment_intent: `pi_for_${inv.id}` } }] : [];
      return { status: 200, body: list(paid, '/v1/invoice_payments') };
    }
    if (resource === 'refunds' && method === 'POST') {
      const refund: Obj = { id: nextId('re'), object: 'refund', payment_intent: body.payment_intent, status: 'succeeded', metadata: body.metadata ?? {} };
      refunds.push(refund);
      return { status: 200, body: refund };
    }
    return { status: 404, body: { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` } } };
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://peer');
      const text = req.method === 'GET' || (req.method === 'DELETE' && chunks.length === 0) ? url.search.slice(1) : Buffer.concat(chunks).toString('utf8');
      const body = qs.parse(text, { depth: 10, arrayLimit: 100 }) as Form;
      const idempotencyKey = typeof req.headers['idempotency-key'] === 'string' ? req.headers['idempotency-key'] : undefined;
      const method = req.method ?? 'GET';
      requests.push({ method, path: url.pathname, body, idempotencyKey });
      const auth = req.headers.authorization ?? '';
      let out: { status: number; body: unknown };
      if (!/^Bearer sk_test_/.test(auth)) out = { status: 401, body: { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } } };
      // Stripe answers a repeated idempotency key with the first answer (the client sends keys on its own POSTs too).
      else if (method === 'POST' && idempotencyKey?.startsWith('scanbase-') && byIdempotency.has(idempotencyKey)) out = { status: 200, body: byIdempotency.get(idempotencyKey) };
      else out = route(method, url.pathname, body);
      if (method === 'POST' && idempotencyKey?.startsWith('scanbase-') && out.status === 200) byIdempotency.set(idempotencyKey, out.body as Obj);
      res.writeHead(out.status, { 'content-type': 'application/json', 'request-id': nextId('req') });
      res.end(JSON.stringify(out.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    host: '127.0.0.1',
    port,
    env: { STRIPE_SECRET_KEY: 'sk_test_scanbase_peer', STRIPE_PUBLISHABLE_KEY: 'pk_test_scanbase_peer', STRIPE_WEBHOOK_SECRET: webhookSecret, STRIPE_API_HOST: '127.0.0.1', STRIPE_API_PORT: String(port), STRIPE_API_PROTOCOL: 'http' },
    webhookSecret,
    requests,
    customers,
    subscriptions,
    refunds,
    attachCard(customerId, card = {}) {
      const pm: Obj = { id: nextId('pm'), object: 'payment_method', type: 'card', customer: customerId, card: { brand: card.brand ?? 'visa', last4: card.last4 ?? '4242', exp_month: card.expMonth ?? 12, exp_year: card.expYear ?? 2034 }, created: now() };
      paymentMethods.set(pm.id, pm);
      return pm;
    },
    customerOfAccount(accountId) {
      return [...customers.values()].find((c) => (c.metadata as Record<string, string>).accountId === String(accountId));
    },
    invoice(customerId, input) {
      const lines = input.lines ?? [{ description: 'Pro plan', amount: input.amountCents }];
      const inv: Obj = {
        id: input.id ?? nextId('in'),
        object: 'invoice',
        customer: customerId,
        number: input.number,
        status: input.status,
        amount_due: input.amountCents,
        currency: 'usd',
        created: now(),
        description: null,
        status_transitions: { paid_at: input.status === 'paid' ? now() : null },
        lines: list(lines.map((l) => ({ id: nextId('il'), object: 'line_item', description: l.description, amount: l.amount })), '/v1/invoices/lines'),
        parent: input.subscription ? { type: 'subscription_details', subscription_details: { subscription: input.subscription } } : null,
      };
      invoices.set(inv.id, inv);
      return inv;
    },
    event(type, object, options = {}) {
      const id = options.id ?? nextId('evt');
      const payload = JSON.stringify({ id, object: 'event', type, api_version: Stripe.API_VERSION, created: now(), livemode: false, data: { object, ...(options.previous ? { previous_attributes: options.previous } : {}) } });
      const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? webhookSecret });
      return { payload, signature, id };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
