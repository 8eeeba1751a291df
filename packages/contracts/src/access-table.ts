import { admin, APP, member, owner, PUBLIC, type AccessRule } from './access.js';

/**
 * THE access table: who may call every legacy action and every V2 route (product spec section 6).
 * Both dispatchers read it; the server refuses to start when an action or route has no rule here
 * (or a rule names an action that does not exist), and `access-table.test.ts` on the server calls
 * every entry as every kind of caller and expects exactly the outcome written here.
 *
 * A new action or route is declared here in the same change that adds it.
 */

/**
 * Plain routes outside the two dispatchers that change state: public to the network, each proven by its own check.
 * The server registers only paths listed here for them (modules/billing/stripe-webhook.ts).
 */
export const plainRouteAccess: Record<string, { rule: AccessRule; check: string }> = {
  // Stripe's webhook: anyone may POST; only a body signed with STRIPE_WEBHOOK_SECRET (Stripe-Signature) is acted on.
  'POST /api-v2/billing/stripe/webhook': { rule: PUBLIC, check: 'Stripe-Signature (stripe.webhooks.constructEvent), event ids kept so a replay changes nothing' },
};

/** Legacy `/api/`: section -> action -> rule. `apiKey: true` lets an account's API key call it (as the owner). */
export const legacyAccess: Record<string, Record<string, AccessRule>> = {
  // The web app's own calls: a web session only.
  admin: { retrieve: member(), retrieve_admin_property_value: member() },
  // Answers for any token or none, ending only the session whose token it is given.
  security: { logout: PUBLIC },
  limits: { retrieve: admin({ apiKey: true }) },
  barcode: { generate: member({ apiKey: true }) },
  barcodetemplate: { getlogofile: member({ apiKey: true }) },
  services: actions(['retrieve', 'create', 'update', 'delete', 'adduserpermission', 'revokeuserpermission', 'addquestion', 'removequestion'], admin({ apiKey: true })),
  users: actions(['retrieve', 'create', 'update', 'delete', 'validate', 'available'], admin({ apiKey: true })),
  devices: actions(['retrieve', 'update'], admin({ apiKey: true })),
  databases: actions(['create', 'retrieve', 'update', 'delete', 'clear', 'showvalues', 'upload', 'upsertmultivalue', 'upsertvalue', 'addvalue', 'editvalue', 'deletevalue'], admin({ apiKey: true })),
  questions: actions(['retrieve', 'create', 'delete', 'addanswer', 'deleteanswer'], admin({ apiKey: true })),
  scans: actions(['retrieve', 'delete'], admin({ apiKey: true })),
  uploads: actions(['retrieve'], admin({ apiKey: true })),
  scan_properties: actions(['create', 'update', 'retrieve', 'delete'], admin({ apiKey: true })),
};

/**
 * V2 `/api-v2/<path>/`: path -> rule. `apiKey: true` lets an account's API key call it as the owner (the `hooks/*` routes
 * and the routes the Zapier and Make actions and dropdowns use: docs/INTEGRATIONS.md).
 */
export const v2Access: Record<string, AccessRule> = {
  // api-access.ts
  'apikeys/create': admin(),
  'apikeys/list': admin(),
  'apikeys/rename': admin(),
  'apikeys/revoke': admin(),
  'apilog/list': admin(),
  'ipallowlist/get': admin(),
  'ipallowlist/update': admin(),
  // app-users.ts
  'appusers/accept-invite': PUBLIC,
  'appusers/available': admin(),
  'appusers/create': admin({ apiKey: true }),
  'appusers/delete': admin(),
  'appusers/get': admin(),
  'appusers/list': admin(),
  'appusers/update': admin(),
  // auth.ts
  'auth/accept-invite': PUBLIC,
  'auth/forgot-password': PUBLIC,
  'auth/resend-verification': PUBLIC,
  'auth/reset-password': PUBLIC,
  'auth/select-account': PUBLIC,
  'auth/signin': PUBLIC,
  'auth/signin/verify': PUBLIC,
  // sso.ts: the sign-in side is public; the settings are the owner's (an IdP they control could sign in as anyone on the team)
  'auth/google/start': PUBLIC,
  'auth/sso/callback': PUBLIC,
  'auth/sso/options': PUBLIC,
  'auth/sso/start': PUBLIC,
  'auth/sso/app/options': PUBLIC,
  'auth/sso/app/start': PUBLIC,
  'sso/get': owner(),
  'sso/test': owner(),
  'sso/update': owner(),
  'auth/signout': member(),
  'auth/signup': PUBLIC,
  'auth/verify-email': PUBLIC,
  'me/get': member(),
  // profile.ts: a person's own record and sessions (owner or team member alike)
  'me/change-email': member(),
  'me/change-password': member(),
  'me/confirm-email': member(),
  'me/profile': member(),
  'me/sessions': member(),
  'me/sessions/revoke': member(),
  'me/update': member(),
  // two-factor.ts: your own two-factor sign-in; resetting a member's and the account-wide requirement
  'me/two-factor/disable': member(),
  'me/two-factor/enable': member(),
  'me/two-factor/recovery-codes': member(),
  'me/two-factor/setup': member(),
  'me/two-factor/status': member(),
  // barcodes.ts
  'barcode_template/create': admin(),
  'barcode_template/delete': admin(),
  'barcode_template/download_logo': member(),
  'barcode_template/list': member(),
  'barcode_template/update': admin(),
  'barcode/generate': member({ apiKey: true }),
  'barcode/labels': member(),
  // databases.ts
  'databases/add-value': admin(),
  'databases/autofill': admin(),
  'databases/clear': admin(),
  'databases/create': admin(),
  'databases/delete': admin(),
  'databases/delete-value': admin(),
  'databases/edit-value': admin(),
  'databases/get': admin(),
  'databases/import': admin(),
  'databases/import-preview': admin(),
  'databases/import-start': admin(),
  'databases/list': admin({ apiKey: true }),
  'databases/rename': admin(),
  'databases/values': admin(),
  // devices.ts
  'devices/list': admin(),
  'devices/rename': admin(),
  // postback-tool.ts
  'postback/test': admin(),
  // account-deletion.ts
  'account/deletion/cancel': owner(),
  'account/deletion/export': owner(),
  'account/deletion/request': owner(),
  'account/deletion/status': owner(),
  // specialized.ts
  'specialized/create': admin(),
  'specialized/delete': admin(),
  'specialized/get': admin(),
  'specialized/list': admin(),
  'specialized/update': admin(),
  // scan-tickets.ts
  'scan-tickets/export-start': admin(),
  'scan-tickets/summary': admin(),
  // scan-to-excel.ts (the public download link is a plain GET outside /api-v2: see docs/SPECIALIZED-SCAN-TO-EXCEL.md)
  'scan-to-excel/download': admin(),
  'scan-to-excel/link': admin(),
  'scan-to-excel/link-create': admin(),
  'scan-to-excel/link-revoke': admin(),
  'scan-to-excel/rows': admin(),
  // table-builder.ts (the share link is opened by its token alone: see docs/SPECIALIZED-TABLE-BUILDER.md)
  'table-builder/rows': admin(),
  'table-builder/row': admin(),
  'table-builder/cell-update': admin(),
  'table-builder/export': admin(),
  'table-builder/links': admin(),
  'table-builder/link-create': admin(),
  'table-builder/link-revoke': admin(),
  'share-link/open': PUBLIC,
  'share-link/cell-update': PUBLIC,
  'app/table-builder/row': APP,
  'app/table-builder/rows': APP,
  // attendance.ts
  'attendance/export': admin(),
  'attendance/portal/close': APP,
  'attendance/portal/export': APP,
  'attendance/portal/mark': APP,
  'attendance/portal/register': APP,
  'attendance/portal/sessions': APP,
  'attendance/register': admin(),
  'attendance/report-occurrences': admin(),
  'attendance/report-people': admin(),
  'attendance/session-create': admin(),
  'attendance/session-delete': admin(),
  'attendance/sessions': admin(),
  'attendance/session-update': admin(),
  // check-in-out.ts
  'checkinout/roster': admin(),
  'checkinout/history': admin(),
  'app/checkinout/instances': APP,
  'app/checkinout/roster': APP,
  'app/checkinout/history': APP,
  'app/checkinout/move': APP,
  // portals.ts (user portal and task portal; the service checks the app user's portal access and shares)
  'app/portal/db': APP,
  'app/portal/me': APP,
  'app/portal/scans': APP,
  'app/portal/task-file': APP,
  'app/portal/tasks': APP,
  'portals/access/get': admin(),
  'portals/access/set': admin(),
  // ab-matching.ts
  'abmatching/stats': admin(),
  'app/abmatching/reason': APP,
  // logistics.ts
  'logistics/packages': admin(),
  'logistics/timeline': admin(),
  // questions.ts
  'questions/add-answer': admin(),
  'questions/create': admin(),
  'questions/delete': admin(),
  'questions/delete-answer': admin(),
  'questions/get': admin(),
  'questions/list': admin(),
  'questions/update': admin(),
  // scan-data.ts
  'scans/export-start': admin(),
  'scans/file': admin(),
  'scans/locations': admin(),
  'scans/photos': admin(),
  'scans/statistics': admin(),
  'scans/templates/columns': admin(),
  'scans/templates/create': admin(),
  'scans/templates/delete': admin(),
  'scans/templates/get': admin(),
  'scans/templates/list': admin(),
  'scans/templates/update': admin(),
  'uploads/list': admin(),
  // scanner.ts
  'app/answers': APP,
  'app/database': APP,
  'app/scan': APP,
  'app/services': APP,
  'app/signin': PUBLIC,
  'app/signout': APP,
  'app/upload': APP,
  'scans/delete': admin(),
  'scans/get': admin(),
  'scans/recent': admin(),
  'scans/search': admin(),
  'scans/update': admin(),
  // scanner-pages.ts
  'app/locations': APP,
  'app/scan-response': APP,
  'scans/response': admin(),
  // services.ts
  'services/create': admin(),
  'services/create-demo': admin(),
  'services/delete': admin(),
  'services/get': admin(),
  'services/list': admin({ apiKey: true }),
  'services/set-questions': admin(),
  'services/set-users': admin(),
  'services/update': admin(),
  // billing.ts (plans, limits and billing): plan and usage for every admin; changing plan and billing need the billing privilege
  'billing/business/update': admin({ privilege: 'billing' }),
  'billing/cards/list': admin({ privilege: 'billing' }),
  'billing/cards/remove': admin({ privilege: 'billing' }),
  'billing/cards/set-default': admin({ privilege: 'billing' }),
  'billing/cards/setup': admin({ privilege: 'billing' }),
  'billing/invoices/list': admin({ privilege: 'billing' }),
  'billing/invoices/pdf': admin({ privilege: 'billing' }),
  'billing/overview': admin({ privilege: 'billing' }),
  'plan/cancel-scheduled': admin({ privilege: 'billing' }),
  'plan/change': admin({ privilege: 'billing' }),
  'plan/get': admin(),
  'plan/preview-change': admin({ privilege: 'billing' }),
  'plan/status': member(),
  'plans/list': admin(),
  // branding.ts (account/customize/: like settings, an admin with webapp_login)
  'branding/get': admin({ privilege: 'webapp_login' }),
  'branding/logo': admin({ privilege: 'webapp_login' }),
  'branding/logo/delete': admin({ privilege: 'webapp_login' }),
  'branding/public': PUBLIC,
  'branding/update': admin({ privilege: 'webapp_login' }),
  'app/branding': APP,
  // settings.ts
  'settings/get': admin({ privilege: 'webapp_login' }),
  'settings/require-two-factor': owner(),
  'settings/update': admin({ privilege: 'webapp_login' }),
  // tasks.ts
  'jobs/cancel': admin(),
  'jobs/download': admin(),
  'jobs/get': admin(),
  'jobs/list': admin(),
  'jobs/retry': admin(),
  'tasks/catalogue': admin(),
  'tasks/create': admin(),
  'tasks/delete': admin(),
  'tasks/get': admin(),
  'tasks/list': admin({ apiKey: true }),
  'tasks/notifications': admin(),
  'tasks/run': admin({ apiKey: true }),
  'tasks/update': admin(),
  'tasks/upload-source': admin(),
  // team.ts
  'team/cancel-invite': admin(),
  'team/invite': admin(),
  'team/list': admin(),
  'team/remove': admin(),
  'team/resend-invite': admin(),
  'team/reset-two-factor': admin(),
  // ownership: the owner starts and cancels; the named member (any role) confirms, checked by the service
  'team/transfer-ownership': owner(),
  'team/transfer-ownership/cancel': owner(),
  'team/transfer-ownership/confirm': member(),
  'team/update': admin(),
  // integrations.ts (hooks/*: Zapier and Make with an API key)
  'hooks/find-scan': admin({ apiKey: true }),
  'hooks/find-value': admin({ apiKey: true }),
  'hooks/list': admin({ apiKey: true }),
  // file-storage.ts (account/integrations/file-storage/): administrators who may use the web app
  'filestorage/connect': admin({ privilege: 'webapp_login' }),
  'filestorage/copies': admin({ privilege: 'webapp_login' }),
  'filestorage/disconnect': admin({ privilege: 'webapp_login' }),
  'filestorage/list': admin({ privilege: 'webapp_login' }),
  'filestorage/oauth-finish': admin({ privilege: 'webapp_login' }),
  'filestorage/oauth-start': admin({ privilege: 'webapp_login' }),
  'filestorage/targets': admin({ privilege: 'webapp_login' }),
  'filestorage/test': admin({ privilege: 'webapp_login' }),
  'hooks/me': admin({ apiKey: true }),
  'hooks/poll': admin({ apiKey: true }),
  'hooks/sample': admin({ apiKey: true }),
  'hooks/subscribe': admin({ apiKey: true }),
  'hooks/unsubscribe': admin({ apiKey: true }),
  'hooks/upsert-value': admin({ apiKey: true }),
  'integrations/postbacks': admin(),
  // webhooks.ts
  // short-links.ts (account/links/)
  'links/create': admin(),
  'links/get': admin(),
  'links/list': admin(),
  'links/revoke': admin(),
  'links/update': admin(),
  'webhooks/create': admin(),
  'webhooks/delete': admin(),
  'webhooks/deliveries': admin(),
  'webhooks/list': admin(),
  'webhooks/redeliver': admin(),
  'webhooks/rotate-secret': admin(),
  'webhooks/test': admin(),
  'webhooks/update': admin(),
};

function actions(names: string[], rule: AccessRule): Record<string, AccessRule> {
  return Object.fromEntries(names.map((name) => [name, rule]));
}
