import { createHash, X509Certificate } from 'node:crypto';
import { parseStringPromise, processors } from 'xml2js';
import type * as NodeSaml from '@node-saml/node-saml';
import type { CacheProvider, Profile, SAML } from '@node-saml/node-saml';
import { lazyPackage } from '../../platform/lazy-package.js';

/** node-saml (with its XML signature and DOM packages), loaded on the first SAML sign-in or settings page, not at start. */
const samlPackage = lazyPackage<typeof NodeSaml>('@node-saml/node-saml');

/*
 * SAML 2.0 for single sign-on (docs/SSO.md): reading an identity provider's metadata, checking its certificates,
 * and the node-saml service provider we build per sign-in. No SQL here; sso.service.ts decides and stores.
 */

/** How far the IdP's clock may be off ours; also the margin kept on used assertion ids. */
export const SAML_CLOCK_SKEW_MS = 60_000;
/** An assertion older than this (from its IssueInstant) is refused even if its IdP let it live longer. */
export const SAML_MAX_ASSERTION_AGE_MS = 10 * 60_000;
const EMAIL_FORMAT = 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress';
const REDIRECT_BINDING = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';

/** A problem with what the owner entered; `path` names the form field. */
export class SamlSettingsError extends Error {
  constructor(
    readonly path: string,
    message: string,
  ) {
    super(message);
  }
}

export type SamlIdp = { entityId: string; ssoUrl: string; certs: string[] };

/** A certificate as PEM, from PEM or the bare base64 that metadata and some admin consoles show. */
function toPem(text: string): string {
  const body = text.replace(/-----(BEGIN|END) CERTIFICATE-----/g, '').replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]+=*$/.test(body)) throw new SamlSettingsError('samlIdpCertificate', 'This is not a certificate: paste the PEM text (-----BEGIN CERTIFICATE----- …) or the base64 of the IdP’s signing certificate.');
  const lines = body.match(/.{1,64}/g) ?? [];
  return `-----BEGIN CERTIFICATE-----\n${lines.join('\n')}\n-----END CERTIFICATE-----`;
}

/** Splits pasted text into certificates (one or several PEM blocks, or one bare base64) and checks each parses. */
export function parseCertificates(text: string): string[] {
  const blocks = text.match(/-----BEGIN CERTIFICATE-----[\s\S]*?-----END CERTIFICATE-----/g) ?? (text.trim() ? [text] : []);
  const pems = blocks.map(toPem);
  for (const pem of pems) {
    try {
      new X509Certificate(pem);
    } catch {
      throw new SamlSettingsError('samlIdpCertificate', 'This certificate cannot be read: copy it again from your identity provider (PEM or base64).');
    }
  }
  return [...new Set(pems)];
}

/** What the settings page shows of a certificate: who it names, until when, its SHA-256 fingerprint. */
export function describeCertificate(pem: string): { subject: string; validTo: string; sha256: string } {
  try {
    const cert = new X509Certificate(pem);
    return { subject: cert.subject.replace(/\n/g, ', '), validTo: new Date(cert.validTo).toISOString(), sha256: cert.fingerprint256 };
  } catch {
    return { subject: '(unreadable)', validTo: '', sha256: createHash('sha256').update(pem).digest('hex') };
  }
}

type XmlNode = { $?: Record<string, string>; _?: string } & { [child: string]: XmlNode[] | Record<string, string> | string | undefined };

function children(node: XmlNode | undefined, name: string): XmlNode[] {
  const value = node?.[name];
  return Array.isArray(value) ? value : [];
}

/** Every descendant element with this (prefix-less) name, depth first. */
function descendants(node: XmlNode, name: string): XmlNode[] {
  const found: XmlNode[] = [];
  for (const [key, value] of Object.entries(node)) {
    if (key === '$' || key === '_' || !Array.isArray(value)) continue;
    for (const child of value) {
      if (typeof child !== 'object') continue;
      if (key === name) found.push(child);
      found.push(...descendants(child, name));
    }
  }
  return found;
}

/**
 * Reads an IdP's metadata (an EntityDescriptor, or the first IdP in an EntitiesDescriptor): its entityID, the
 * sign-in URL of the HTTP-Redirect binding (else the first), and its signing certificates. xml2js (sax) resolves
 * no external entities, so a hostile document cannot read files or reach the network.
 */
export async function parseIdpMetadata(xml: string): Promise<SamlIdp> {
  let root: XmlNode;
  try {
    root = (await parseStringPromise(xml, { tagNameProcessors: [processors.stripPrefix], explicitRoot: false, explicitCharkey: true })) as XmlNode;
  } catch {
    throw new SamlSettingsError('samlMetadataXml', 'This file is not XML. Download the metadata XML of the Scanbase app from your identity provider and upload it again.');
  }
  const entities = root ? [root, ...descendants(root, 'EntityDescriptor')] : [];
  const entity = entities.find((e) => children(e, 'IDPSSODescriptor').length > 0);
  const idpDescriptor = children(entity, 'IDPSSODescriptor')[0];
  if (!entity || !idpDescriptor) throw new SamlSettingsError('samlMetadataXml', 'This is not SAML identity provider metadata (no IDPSSODescriptor found). Download the metadata XML of the Scanbase app from your identity provider and upload it again.');
  const entityId = entity.$?.entityID?.trim() ?? '';
  const services = children(idpDescriptor, 'SingleSignOnService');
  const service = services.find((s) => s.$?.Binding === REDIRECT_BINDING) ?? services[0];
  const ssoUrl = service?.$?.Location?.trim() ?? '';
  const certs: string[] = [];
  for (const key of children(idpDescriptor, 'KeyDescriptor')) {
    if (key.$?.use === 'encryption') continue;
    for (const data of descendants(key, 'X509Certificate')) if (data._?.trim()) certs.push(...parseCertificates(data._));
  }
  if (!entityId) throw new SamlSettingsError('samlMetadataXml', 'The metadata names no entityID.');
  if (!ssoUrl) throw new SamlSettingsError('samlMetadataXml', 'The metadata names no SingleSignOnService (sign-in URL).');
  if (certs.length === 0) throw new SamlSettingsError('samlMetadataXml', 'The metadata holds no signing certificate.');
  return { entityId, ssoUrl, certs: [...new Set(certs)] };
}

/** Our side, per account: the entity id (also where our metadata is served) and the ACS URL the IdP posts to. */
export function serviceProvider(publicUrl: string, accountId: number): { entityId: string; acsUrl: string } {
  return { entityId: `${publicUrl}/saml/${accountId}/metadata`, acsUrl: `${publicUrl}/saml/acs` };
}

/**
 * A node-saml instance for one account and one sign-in. `requestId` (the AuthnRequest we sent, kept in the
 * state row) is the only InResponseTo accepted: no IdP-initiated or cross-flow answers. Assertions must be signed
 * by one of the IdP's certificates; audience (our entity id), issuer, NotBefore/NotOnOrAfter are checked.
 */
export function samlFor(sp: { entityId: string; acsUrl: string }, idp: SamlIdp, requestId?: string, onRequestId?: (id: string) => void): SAML {
  const cache: CacheProvider = {
    saveAsync: (key, value) => {
      onRequestId?.(key);
      return Promise.resolve({ value, createdAt: Date.now() });
    },
    getAsync: (key) => Promise.resolve(requestId !== undefined && key === requestId ? new Date().toISOString() : null),
    removeAsync: (key) => Promise.resolve(key),
  };
  const { SAML: Saml, ValidateInResponseTo } = samlPackage();
  return new Saml({
    issuer: sp.entityId,
    callbackUrl: sp.acsUrl,
    audience: sp.entityId,
    entryPoint: idp.ssoUrl,
    idpIssuer: idp.entityId,
    idpCert: idp.certs,
    identifierFormat: EMAIL_FORMAT,
    wantAssertionsSigned: true,
    // Okta and Entra ID sign the assertion by default, not the whole response: a signed assertion is what we require.
    wantAuthnResponseSigned: false,
    disableRequestedAuthnContext: true,
    acceptedClockSkewMs: SAML_CLOCK_SKEW_MS,
    maxAssertionAgeMs: SAML_MAX_ASSERTION_AGE_MS,
    validateInResponseTo: ValidateInResponseTo.always,
    requestIdExpirationPeriodMs: 10 * 60_000,
    cacheProvider: cache,
  });
}

/** Our SP metadata for the customer to give their IdP (entity id, ACS URL with the POST binding, email NameID). */
export function spMetadata(sp: { entityId: string; acsUrl: string }): string {
  const saml = new (samlPackage().SAML)({ issuer: sp.entityId, callbackUrl: sp.acsUrl, idpCert: 'unused', identifierFormat: EMAIL_FORMAT, wantAssertionsSigned: true });
  return saml.generateServiceProviderMetadata(null);
}

/** The address the IdP vouched for: an email attribute (several common names), else an email-shaped NameID. */
export function emailOf(profile: Profile): string {
  const attrs = (profile.attributes ?? {}) as Record<string, unknown>;
  const names = ['email', 'mail', 'emailaddress', 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress', 'urn:oid:0.9.2342.19200300.100.1.3', 'user.email'];
  for (const [name, value] of Object.entries(attrs)) {
    if (!names.includes(name.toLowerCase()) && !names.includes(name)) continue;
    const first = Array.isArray(value) ? (value[0] as unknown) : value;
    if (typeof first === 'string' && first.includes('@')) return first.trim().toLowerCase();
  }
  return profile.nameID && profile.nameID.includes('@') ? profile.nameID.trim().toLowerCase() : '';
}

/** A display name from the usual attributes (Entra's claim URIs, Okta's firstName/lastName, displayName). */
export function nameOf(profile: Profile): string {
  const attrs = (profile.attributes ?? {}) as Record<string, unknown>;
  const one = (key: string) => {
    const v = attrs[key];
    const first = Array.isArray(v) ? (v[0] as unknown) : v;
    return typeof first === 'string' ? first.trim() : '';
  };
  const display = one('displayName') || one('name') || one('http://schemas.microsoft.com/identity/claims/displayname');
  const full = [one('firstName') || one('givenName') || one('http://schemas.xmlsoap.org/ws/2005/05/identity/claims/givenname'), one('lastName') || one('surname') || one('http://schemas.xmlsoap.org/ws/2005/05/identity/claims/surname')].filter(Boolean).join(' ');
  return (display || full).slice(0, 120);
}

/** The group attribute's values (several values, or one separated by spaces or commas). */
export function samlGroups(profile: Profile, attribute: string): string[] {
  const value = ((profile.attributes ?? {}) as Record<string, unknown>)[attribute];
  const list = Array.isArray(value) ? value : [value];
  return list.flatMap((v) => (typeof v === 'string' ? v.split(/[\s,]+/).filter(Boolean) : []));
}

/** The assertion's ID and the latest moment it could still be accepted (for the replay store). */
export function assertionIdentity(profile: Profile, nowMs: number): { id: string; keepUntil: string } {
  const assertion = profile.getAssertion?.() as { Assertion?: { $?: { ID?: string; IssueInstant?: string } } } | undefined;
  const id = assertion?.Assertion?.$?.ID ?? '';
  const issued = Date.parse(assertion?.Assertion?.$?.IssueInstant ?? '');
  const from = Number.isFinite(issued) ? Math.max(issued, nowMs) : nowMs;
  return { id, keepUntil: new Date(from + SAML_MAX_ASSERTION_AGE_MS + SAML_CLOCK_SKEW_MS).toISOString() };
}
