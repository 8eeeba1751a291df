import { z } from 'zod';
import { email, id, timestamp } from './common.js';
import { accountChoice, sessionUser } from './auth.js';
import { defineV2Route } from './route.js';
import { appDevice, appService, appUserInfo } from './scanner.js';

/*
 * Single sign-on with OpenID Connect (issue 16; docs/SSO.md): one identity provider per account, configured by
 * the owner on /account/integrations/single-sign-on/, and "Sign in with Google" set up by the operator.
 */

/**
 * Why an SSO sign-in failed, as `/sso-fail/?reason=` carries it. Stable: the fail page and the docs key their
 * text on these; add new ones, never rename.
 */
export const ssoFailReasons = [
  'idp_error',
  'state_expired',
  'state_mismatch',
  'not_configured',
  'exchange_failed',
  'no_email',
  'email_not_verified',
  'domain_not_allowed',
  'no_account',
  'several_accounts',
  'two_factor_on',
  'unreachable',
  'saml_invalid',
  'saml_replayed',
  'saml_unsolicited',
  'app_sso_off',
  'no_app_user',
  'app_user_taken',
  'device_limit',
  'app_user_limit',
] as const;
export const ssoFailReason = z.enum(ssoFailReasons);
export type SsoFailReason = z.infer<typeof ssoFailReason>;

/** What a person reads on /sso-fail/ for each reason (the detail, when there is one, is shown below). */
export const ssoFailTexts: Record<SsoFailReason, { title: string; action: string }> = {
  idp_error: { title: 'The identity provider refused the sign-in.', action: 'Check the details above; if it is not clear, ask the person who manages your company’s sign-in.' },
  state_expired: { title: 'This sign-in took too long or was already used.', action: 'Start again from the sign-in page: you have 10 minutes to finish at the identity provider.' },
  state_mismatch: { title: 'This sign-in was started in another browser.', action: 'Start again from the sign-in page, in the browser you want to use.' },
  not_configured: { title: 'Single sign-on is not set up (or was switched off) for this company.', action: 'Sign in with your password, or ask your account owner to set up single sign-on.' },
  exchange_failed: { title: 'Scanbase could not confirm the sign-in with the identity provider.', action: 'Try again. If it keeps failing, your account owner should check the client ID and secret with “Test connection”.' },
  no_email: { title: 'The identity provider did not tell us your email address.', action: 'Ask the person who manages your company’s sign-in to release the “email” claim to Scanbase.' },
  email_not_verified: { title: 'Your email address is not verified at the identity provider.', action: 'Verify the address there, then try again.' },
  domain_not_allowed: { title: 'Your email domain is not allowed to sign in to this company.', action: 'Sign in with your company address, or ask your account owner to add your domain.' },
  no_account: { title: 'There is no Scanbase login for your email address in this company.', action: 'Ask an administrator to invite you to the team (or to turn on automatic accounts).' },
  several_accounts: { title: 'Your email address belongs to several Scanbase companies.', action: 'Use “Sign in to a specific company”, then choose Google there.' },
  two_factor_on: { title: 'Your login uses two-factor sign-in, which Google sign-in does not replace.', action: 'Sign in with your password and your authenticator code.' },
  unreachable: { title: 'Scanbase could not reach the identity provider.', action: 'Try again in a moment. If it keeps failing, your account owner should run “Test connection”.' },
  saml_invalid: {
    title: 'Scanbase could not accept the answer of your identity provider.',
    action: 'Start again from the sign-in page. If it keeps failing, your account owner should compare the IdP certificate, Entity ID and ACS URL on the single sign-on tab with the identity provider (the details above say what did not match).',
  },
  saml_unsolicited: { title: 'Signing in from the identity provider’s app list is not supported.', action: 'Start from the Scanbase sign-in page with “Sign in with SSO”; it sends you to your identity provider and back.' },
  saml_replayed: { title: 'This sign-in answer was already used.', action: 'Start again from the sign-in page; each answer of the identity provider works once.' },
  app_sso_off: { title: 'This company does not use single sign-on for the scanner and portals.', action: 'Sign in with the username and password your administrator gave you, or ask the account owner to switch on single sign-on for app users.' },
  no_app_user: { title: 'There is no scanner user for your email address in this company.', action: 'Ask an administrator to add an app user with your email address as username (or to turn on automatic app users on the single sign-on tab).' },
  app_user_taken: { title: 'Your email address is already a scanner username in another company.', action: 'Ask an administrator to add you with another username, or sign in with that other company’s password.' },
  device_limit: { title: 'You have reached the number of devices you may scan on.', action: 'Sign in on a device you used before, or ask an administrator to raise your device limit.' },
  app_user_limit: { title: 'Your company’s plan has no room for another scanner user.', action: 'Ask an administrator to change the plan under My plan, or to remove an app user who no longer needs access; then sign in again.' },
};

/** Where an app user's SSO sign-in was started and returns to (the scanner or one of the portals). */
export const appSsoFlows = ['scanner', 'userportal', 'taskportal', 'checkinout', 'attendance'] as const;
export const appSsoFlow = z.enum(appSsoFlows);
export type AppSsoFlow = z.infer<typeof appSsoFlow>;

/** What a just-in-time app user gets when the identity provider lists this group ('*': everyone). */
export const appUserGroupGrant = z.object({
  group: z.string().trim().min(1, 'Enter the group name').max(200),
  serviceIds: z.array(id).max(500).default([]),
  userPortal: z.boolean().default(false),
  taskPortal: z.boolean().default(false),
});
export type AppUserGroupGrant = z.output<typeof appUserGroupGrant>;

/** The identity provider's protocol: OpenID Connect (issuer, client) or SAML 2.0 (metadata, certificate). */
export const ssoProtocols = ['oidc', 'saml'] as const;
export type SsoProtocol = (typeof ssoProtocols)[number];

/** Roles single sign-on may give: the roles an invitation gives (never owner). */
export const ssoRoles = ['admin', 'billing_admin'] as const;
const ssoRole = z.enum(ssoRoles, { message: 'Choose Administrator or Billing administrator' });

const issuerUrl = z
  .string()
  .trim()
  .min(1, 'Enter the issuer URL of your identity provider')
  .max(2000, 'A URL has at most 2,000 characters')
  .refine((v) => /^https?:\/\/[^\s/]+/i.test(v), 'Use an https:// URL');
/** In the settings: required for OpenID Connect only (the service checks it then); SAML leaves it empty. */
const optionalUrl = z
  .string()
  .trim()
  .max(2000, 'A URL has at most 2,000 characters')
  .refine((v) => v === '' || /^https?:\/\/[^\s/]+/i.test(v), 'Use an https:// URL');

const domain = z
  .string()
  .trim()
  .toLowerCase()
  .max(253)
  .regex(/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, 'Enter a domain such as example.com');

/** The account's OIDC settings as shown: never the client secret (only whether one is stored). */
export const ssoConfig = z.object({
  enabled: z.boolean(),
  issuerUrl: z.string(),
  clientId: z.string(),
  clientSecretSet: z.boolean(),
  /** Only these email domains may sign in (empty: any address the identity provider vouches for). */
  allowedDomains: z.array(z.string()),
  /** Create a team member on first sign-in ("just-in-time") with a mapped or the default role. */
  jitEnabled: z.boolean(),
  jitDefaultRole: z.string(),
  /** The ID-token claim with the person's groups (`groups`), and which group gives which role (first match wins). */
  groupClaim: z.string(),
  groupRoles: z.array(z.object({ group: z.string(), role: z.string() })),
  /** Team members must sign in through the identity provider; the owner's password always works (break-glass). */
  requireSso: z.boolean(),
  /** The redirect URI to register at the identity provider. */
  redirectUri: z.string(),
  protocol: z.enum(ssoProtocols),
  /** The provider's name on "Sign in with …" buttons of the scanner and portals ('' shows "SSO"). */
  displayName: z.string(),
  /** App users (scanner, portals): allowed to sign in by SSO, required to, created just in time with group grants. */
  appUsers: z.object({ enabled: z.boolean(), requireSso: z.boolean(), jit: z.boolean(), groups: z.array(appUserGroupGrant) }),
  /** SAML 2.0: the IdP as stored, and what the customer gives their IdP about us (the service provider). */
  saml: z.object({
    idpEntityId: z.string(),
    idpSsoUrl: z.string(),
    idpCertificates: z.array(z.object({ subject: z.string(), validTo: z.string(), sha256: z.string() })),
    spEntityId: z.string(),
    acsUrl: z.string(),
    spMetadata: z.string(),
  }),
  updatedAt: timestamp.nullable(),
});
export type SsoConfig = z.infer<typeof ssoConfig>;

export const getSso = defineV2Route({
  path: 'sso/get',
  access: 'owner',
  summary: 'The account’s single sign-on (OpenID Connect) settings, without the client secret.',
  body: z.object({}),
  reply: ssoConfig,
});

export const updateSso = defineV2Route({
  path: 'sso/update',
  access: 'owner',
  summary: 'Saves the single sign-on settings. The client secret is encrypted at rest; leave it out to keep the stored one.',
  body: z.object({
    enabled: z.boolean(),
    protocol: z.enum(ssoProtocols).default('oidc'),
    issuerUrl: optionalUrl.default(''),
    clientId: z.string().trim().max(500).default(''),
    clientSecret: z.string().trim().max(2000).optional(),
    allowedDomains: z.array(domain).max(50).default([]),
    jitEnabled: z.boolean().default(false),
    jitDefaultRole: ssoRole.default('admin'),
    groupClaim: z.string().trim().max(100).default('groups'),
    groupRoles: z.array(z.object({ group: z.string().trim().min(1, 'Enter the group name').max(200), role: ssoRole })).max(50).default([]),
    requireSso: z.boolean().default(false),
    /** SAML: the IdP's metadata XML; when given, it fills entity id, sign-in URL and certificates. */
    samlMetadataXml: z.string().max(500_000, 'Metadata has at most 500,000 characters').optional(),
    samlIdpEntityId: z.string().trim().max(1000).default(''),
    samlIdpSsoUrl: optionalUrl.default(''),
    /** PEM (or bare base64) signing certificate(s); leave out to keep the stored ones. */
    samlIdpCertificate: z.string().trim().max(50_000).optional(),
    displayName: z.string().trim().max(60).default(''),
    appUsers: z.object({ enabled: z.boolean().default(false), requireSso: z.boolean().default(false), jit: z.boolean().default(false), groups: z.array(appUserGroupGrant).max(50).default([]) }).default({ enabled: false, requireSso: false, jit: false, groups: [] }),
  }),
  reply: ssoConfig,
});

export const testSso = defineV2Route({
  path: 'sso/test',
  access: 'owner',
  summary: 'Runs OpenID Connect discovery on an issuer URL and reports what the identity provider offers.',
  body: z.object({ issuerUrl }),
  reply: z.discriminatedUnion('ok', [
    z.object({
      ok: z.literal(true),
      issuer: z.string(),
      authorizationEndpoint: z.string(),
      tokenEndpoint: z.string(),
      scopes: z.array(z.string()),
      pkce: z.boolean(),
    }),
    z.object({ ok: z.literal(false), message: z.string() }),
  ]),
});

export const ssoOptions = defineV2Route({
  path: 'auth/sso/options',
  access: 'public',
  summary: 'Which single sign-on buttons the sign-in page shows (Google only when the operator configured it).',
  body: z.object({}),
  reply: z.object({ google: z.boolean() }),
});

export const startSso = defineV2Route({
  path: 'auth/sso/start',
  access: 'public',
  summary: 'Starts a sign-in at the identity provider of the company the email belongs to; answers the URL to open (or the companies to choose from).',
  body: z.object({ email, accountId: id.optional() }),
  reply: z.discriminatedUnion('kind', [z.object({ kind: z.literal('redirect'), url: z.string() }), z.object({ kind: z.literal('choose_account'), accounts: z.array(accountChoice.pick({ accountId: true, companyName: true })) })]),
});

export const startGoogle = defineV2Route({
  path: 'auth/google/start',
  access: 'public',
  summary: 'Starts “Sign in with Google”; answers the URL to open. `accountId` picks the company when the address has several.',
  body: z.object({ accountId: id.optional() }),
  reply: z.object({ kind: z.literal('redirect'), url: z.string() }),
});

export const finishSso = defineV2Route({
  path: 'auth/sso/callback',
  access: 'public',
  summary: 'Finishes an SSO or Google sign-in with what the identity provider sent back to /signinSSO or /google-auth; answers a session or why it failed.',
  body: z.object({
    code: z.string().max(4000).optional(),
    /** SAML: the handle the ACS endpoint put on /signinSSO?saml= for the answer it received. */
    saml: z.string().max(200).optional(),
    state: z.string().max(500).optional(),
    iss: z.string().max(2000).optional(),
    error: z.string().max(500).optional(),
    errorDescription: z.string().max(2000).optional(),
  }),
  reply: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('signed_in'), token: z.string(), user: sessionUser }),
    /** An app user's sign-in (scanner, portals): the same app token `app/signin` answers, and where to go back to. */
    z.object({ kind: z.literal('app_signed_in'), flow: appSsoFlow, returnTo: z.string(), token: z.string(), user: appUserInfo, device: appDevice, services: z.array(appService) }),
    /** `returnTo`: for an app user's sign-in, the page it started from (the fail page links back to it). */
    z.object({ kind: z.literal('failed'), reason: ssoFailReason, detail: z.string(), returnTo: z.string().optional() }),
  ]),
});

/** A path of ours to come back to (no scheme, no host: never an open redirect). */
const returnPath = z
  .string()
  .max(2000)
  .refine((v) => /^\/(?![/\\])/.test(v), 'A path of this site');

export const appSsoOptions = defineV2Route({
  path: 'auth/sso/app/options',
  access: 'public',
  summary: 'Whether the scanner and portals of this account offer “Sign in with <provider>”, and the provider’s name; without an account, whether any company of this install signs its app users in with SSO.',
  body: z.object({ accountId: id.optional() }),
  reply: z.object({ available: z.boolean(), providerName: z.string() }),
});

export const startAppSso = defineV2Route({
  path: 'auth/sso/app/start',
  access: 'public',
  summary: 'Starts an app user’s sign-in (scanner or a portal) at the account’s identity provider; by account id, or by email like auth/sso/start.',
  body: z.object({ flow: appSsoFlow, returnTo: returnPath, udid: z.string().trim().min(1).max(200), deviceName: z.string().trim().min(1).max(100).default('Browser scanner'), accountId: id.optional(), email: email.optional() }),
  reply: startSso.reply,
});
