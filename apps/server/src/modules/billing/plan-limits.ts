import type { PlanFeature } from '@scanbase/contracts';
import { CodedError } from '../../platform/http/legacy/legacy-bridge.js';
import { LegacyError } from '../../platform/http/legacy/legacy-error.js';
import type { LegacyAction, LegacySection } from '../../platform/http/legacy/legacy-types.js';
import type { V2Binding, V2Call } from '../../platform/http/v2/v2-types.js';
import type { BillingService, CountedLimit } from './billing.service.js';

type Check = { room?: CountedLimit; feature?: PlanFeature; postbackIn?: (body: unknown) => boolean };

const hasPostbackUrl = (variables: unknown): boolean => {
  if (typeof variables !== 'object' || variables === null) return false;
  const url = (variables as Record<string, unknown>).postback_url;
  return typeof url === 'string' && url.trim() !== '';
};

/** V2 routes that add something counted by a plan limit, or use a feature a plan may leave out. */
export const v2PlanChecks: Record<string, Check> = {
  'services/create': { room: 'services', postbackIn: (b) => hasPostbackUrl((b as { variables?: unknown }).variables) },
  'specialized/create': { room: 'services' },
  'services/update': { postbackIn: (b) => hasPostbackUrl((b as { variables?: unknown }).variables) },
  'appusers/create': { room: 'appUsers' },
  'databases/add-value': { room: 'databaseValues' },
  'databases/import': { room: 'databaseValues' },
  'databases/import-start': { room: 'databaseValues' },
  'apikeys/create': { feature: 'api' },
  'branding/update': { feature: 'branding' },
  'branding/logo': { feature: 'branding' },
  'sso/update': { feature: 'sso' },
  'webhooks/create': { feature: 'integrations' },
  'webhooks/update': { feature: 'integrations' },
  'hooks/subscribe': { feature: 'integrations' },
  'filestorage/oauth-start': { feature: 'integrations' },
  'filestorage/connect': { feature: 'integrations' },
  // `hooks/upsert-value` (Zapier and Make) checks the databaseValues room itself, only when the value is new.
};

/** The same for the legacy API (section.action). */
export const legacyPlanChecks: Record<string, Check> = {
  'services.create': { room: 'services', postbackIn: (p) => hasPostbackUrl(p) },
  'services.update': { postbackIn: (p) => hasPostbackUrl(p) },
  'users.create': { room: 'appUsers' },
  'databases.addvalue': { room: 'databaseValues' },
  'databases.upsertvalue': { room: 'databaseValues' },
  'databases.upsertmultivalue': { room: 'databaseValues' },
  'databases.upload': { room: 'databaseValues' },
};

async function check(billing: BillingService, accountId: number, c: Check, body: unknown): Promise<void> {
  if (c.feature) await billing.assertFeature(accountId, c.feature);
  if (c.postbackIn?.(body)) await billing.assertFeature(accountId, 'postback');
  if (c.room) await billing.assertRoom(accountId, c.room);
}

/** Wraps the V2 handlers of `v2PlanChecks` so the plan's limits and features hold on the server. */
export function withPlanLimits(bindings: V2Binding[], billing: BillingService): V2Binding[] {
  return bindings.map((b) => {
    const c = v2PlanChecks[b.route.path];
    if (!c) return b;
    return {
      route: b.route,
      handler: async (call: V2Call<typeof b.route>) => {
        const accountId = (call.session as { accountId?: number } | null)?.accountId;
        if (accountId !== undefined) await check(billing, accountId, c, call.body);
        return b.handler(call);
      },
    };
  });
}

/** Wraps the legacy actions of `legacyPlanChecks` (refusals answer legacy code 10 with the reason). */
export function withLegacyPlanLimits(sections: Record<string, LegacySection>, billing: BillingService): Record<string, LegacySection> {
  const out: Record<string, LegacySection> = {};
  for (const [name, section] of Object.entries(sections)) {
    const actions: Record<string, LegacyAction> = {};
    for (const [actionName, action] of Object.entries(section.actions)) {
      const c = legacyPlanChecks[`${name}.${actionName}`];
      if (!c || action.tokenOptional) {
        actions[actionName] = action;
        continue;
      }
      actions[actionName] = {
        async handle(call) {
          try {
            await check(billing, call.auth.accountId, c, { postback_url: call.params.get('postback_url') });
          } catch (error) {
            if (error instanceof CodedError) throw new LegacyError(error.legacyCode, error.message);
            throw error;
          }
          return action.handle(call);
        },
      };
    }
    out[name] = { actions };
  }
  return out;
}
