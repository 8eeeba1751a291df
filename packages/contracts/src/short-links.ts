import { z } from 'zod';
import { id, listQuery, listReply, timestamp } from './common.js';
import { defineV2Route } from './route.js';

/**
 * Short links (`account/links/`, issues 14 and 15): `/l/<code>` on our own origin sends its visitor to one of the
 * account's addresses (a share link, a secret download link, a portal sign-in, any page), with an expiry, revocation,
 * and the visits counted and logged. Decisions in docs/SHORT-LINKS.md.
 */

export const shortLinkLimits = {
  label: 120,
  target: 2000,
  /** Characters of a code (base62): ~59.5 bits, and `/l/<code>` answers at most 60 times a minute per address. */
  codeLength: 10,
  /** Visits a link's page lists (the newest). */
  visitsShown: 100,
} as const;

export const shortLinkKinds = ['page', 'download', 'portal', 'share'] as const;
export type ShortLinkKind = (typeof shortLinkKinds)[number];

/** Where a link came from: made by hand, or automatically with a share link, a scan-to-excel download link or a portal grant. */
export const shortLinkSources = ['manual', 'share-link', 'scan-to-excel', 'portal'] as const;
export type ShortLinkSource = (typeof shortLinkSources)[number];

export const shortLinkStatuses = ['active', 'expired', 'revoked'] as const;
export type ShortLinkStatus = (typeof shortLinkStatuses)[number];

/**
 * What a target is, read from its path: secret downloads, portal sign-ins and share pages are told apart so the
 * list can say what a link opens.
 */
export function shortLinkKind(path: string): ShortLinkKind {
  if (path.startsWith('/scan-to-excel/')) return 'download';
  if (/^\/(checkinout|attendance)\/signin|^\/share\/preview\/|^\/task-portal\//.test(path)) return 'portal';
  if (path.startsWith('/share-link')) return 'share';
  return 'page';
}

export const shortLink = z.object({
  id,
  code: z.string(),
  /** The full short address to copy. */
  shortUrl: z.string(),
  /** The path on this server the link opens. */
  target: z.string(),
  label: z.string(),
  kind: z.enum(shortLinkKinds),
  /** Where it came from; `sourceId` is the share link's id or the scan-to-excel instance's id (null otherwise). */
  source: z.enum(shortLinkSources),
  sourceId: id.nullable(),
  status: z.enum(shortLinkStatuses),
  createdAt: timestamp,
  expiresAt: timestamp.nullable(),
  revokedAt: timestamp.nullable(),
  visits: z.number().int(),
  lastVisitAt: timestamp.nullable(),
});
export type ShortLink = z.infer<typeof shortLink>;

export const shortLinkVisit = z.object({ visitedAt: timestamp, userAgent: z.string(), referrerHost: z.string() });
export type ShortLinkVisit = z.infer<typeof shortLinkVisit>;

const label = z.string().trim().max(shortLinkLimits.label, `A label has at most ${shortLinkLimits.label} characters`);
const expiresAt = z.iso.datetime({ offset: true, message: 'Enter a date and time' }).nullable();

export const listShortLinks = defineV2Route({
  path: 'links/list',
  access: 'admin',
  summary: "The account's short links, newest first; `search` matches the label, code or target; `status` filters.",
  body: listQuery.pick({ page: true, limit: true, search: true }).extend({ status: z.enum(shortLinkStatuses).optional() }),
  reply: listReply(shortLink),
});

export const getShortLink = defineV2Route({
  path: 'links/get',
  access: 'admin',
  summary: 'One short link with its newest visits (at most 100).',
  body: z.object({ id }),
  reply: z.object({ link: shortLink, visits: z.array(shortLinkVisit) }),
});

export const createShortLink = defineV2Route({
  path: 'links/create',
  access: 'admin',
  summary: 'Makes a short link to an address on this server (a path, or a full URL on its own origin); another site is refused.',
  body: z.object({
    target: z.string().max(shortLinkLimits.target, `An address has at most ${shortLinkLimits.target} characters`),
    label: label.default(''),
    expiresAt: expiresAt.default(null),
  }),
  reply: shortLink,
});

export const updateShortLink = defineV2Route({
  path: 'links/update',
  access: 'admin',
  summary: 'Changes the label or the expiry (null: never); a revoked link stays revoked.',
  body: z.object({ id, label: label.optional(), expiresAt: expiresAt.optional() }),
  reply: shortLink,
});

export const revokeShortLink = defineV2Route({
  path: 'links/revoke',
  access: 'admin',
  summary: 'Revokes a short link for good: its address then lands on the expired-link page.',
  body: z.object({ id }),
  reply: shortLink,
});
