import { randomInt } from 'node:crypto';
import { shortLinkKind, shortLinkLimits, type ShortLink, type ShortLinkSource, type ShortLinkStatus, type ShortLinkVisit } from '@scanbase/contracts';
import type { SecretBox } from '../../platform/auth/secret-box.js';
import { isUniqueViolation } from '../../platform/db/dialect.js';
import { AppError } from '../../platform/errors.js';
import type { ShortLinkRow, ShortLinksRepo } from './short-links.repo.js';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** A random code of the contract's length from a uniform base62 draw. */
export function newShortCode(): string {
  let code = '';
  for (let i = 0; i < shortLinkLimits.codeLength; i += 1) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}

/**
 * The path (with query and fragment) a target names on our own origin, or null when it names another site or
 * is not an address at all. `origin` is this server's public origin; a full URL must be on it.
 */
export function shortLinkTargetPath(input: string, origin: string): string | null {
  const text = input.trim();
  // Spaces, backslashes and control characters: browsers read such addresses in surprising ways.
  if (text === '' || [...text].some((ch) => ch.charCodeAt(0) < 0x20) || /[\s\\]/.test(text)) return null;
  let url: URL;
  try {
    url = new URL(text, `${origin}/`);
  } catch {
    return null;
  }
  if (url.origin !== new URL(origin).origin) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // A link to a short link would make loops.
  if (path === '/l' || path.startsWith('/l/')) return null;
  return path;
}

/** Where `/l/<code>` sends a visitor: the target, or the expired-link page saying why. */
export type ShortLinkOpening = { kind: 'open'; target: string } | { kind: 'closed'; reason: 'expired' | 'revoked' | 'unknown' };

type Deps = { repo: ShortLinksRepo; publicUrl: string; box?: SecretBox; now?: () => Date };

/** An automatic short link: made with a share link, a download link or a portal grant (docs/SHORT-LINKS.md). */
export type AutoShortLink = {
  /** The path it opens. */
  target: string;
  /** The path shown in the list when `target` carries a secret token: the target is then sealed with SECRETS_KEY. */
  shownTarget?: string;
  label: string;
  source: Exclude<ShortLinkSource, 'manual'>;
  sourceId: number | null;
  expiresAt?: string | null;
};

const sealContext = (accountId: number) => `short-link:${accountId}`;

/** Short links of an account: make, list, change, revoke, and open them (`/l/<code>`) counting each visit. */
export class ShortLinksService {
  constructor(private readonly deps: Deps) {}

  private now(): string {
    return (this.deps.now?.() ?? new Date()).toISOString();
  }

  private status(row: ShortLinkRow, now: string): ShortLinkStatus {
    if (row.revoked_at !== null) return 'revoked';
    if (row.expires_at !== null && row.expires_at <= now) return 'expired';
    return 'active';
  }

  private answer(row: ShortLinkRow, now = this.now()): ShortLink {
    return {
      id: row.id,
      code: row.code,
      shortUrl: `${this.deps.publicUrl}/l/${row.code}`,
      target: row.target,
      label: row.label,
      kind: row.kind,
      source: row.source,
      sourceId: row.source_id,
      status: this.status(row, now),
      createdAt: row.created_at,
      expiresAt: row.expires_at,
      revokedAt: row.revoked_at,
      visits: row.visits,
      lastVisitAt: row.last_visit_at,
    };
  }

  private async row(accountId: number, id: number): Promise<ShortLinkRow> {
    const row = await this.deps.repo.get(accountId, id);
    if (!row) throw new AppError('NOT_FOUND', 'There is no such short link.');
    return row;
  }

  /** Makes a link to a path of this server; another site, or a link to a short link, is refused on `target`. */
  async create(accountId: number, createdBy: number | null, input: { target: string; label: string; expiresAt: string | null }): Promise<ShortLink> {
    const target = shortLinkTargetPath(input.target, this.deps.publicUrl);
    if (target === null) {
      throw new AppError('VALIDATION_FAILED', 'A short link opens a page of this site.', [
        { path: 'target', message: `Enter an address on ${this.deps.publicUrl} (or a path such as /checkinout/signin/), not another site or a short link.` },
      ]);
    }
    const now = this.now();
    const expiresAt = input.expiresAt === null ? null : new Date(input.expiresAt).toISOString();
    if (expiresAt !== null && expiresAt <= now) throw new AppError('VALIDATION_FAILED', 'The expiry is in the past.', [{ path: 'expiresAt', message: 'Choose a time in the future.' }]);
    // A collision of ~59-bit codes is unlikely; the unique index decides and a new code is drawn.
    for (let attempt = 0; ; attempt += 1) {
      try {
        const row = await this.deps.repo.insert({ accountId, code: newShortCode(), target, label: input.label, kind: shortLinkKind(target), createdBy, createdAt: now, expiresAt });
        return this.answer(row, now);
      } catch (error) {
        if (!isUniqueViolation(error) || attempt >= 4) throw error;
      }
    }
  }

  /**
   * Makes the short link of something just made (a share link, a download link). A secret target is sealed, and
   * without SECRETS_KEY (production) no short link is made: undefined. Codes are drawn as for `create`.
   */
  async createFor(accountId: number, createdBy: number | null, link: AutoShortLink): Promise<ShortLink | undefined> {
    const secret = link.shownTarget !== undefined;
    if (secret && !this.deps.box?.available) return undefined;
    const now = this.now();
    const sealedTarget = secret ? this.deps.box!.seal(link.target, sealContext(accountId)) : null;
    for (let attempt = 0; ; attempt += 1) {
      try {
        const row = await this.deps.repo.insert({
          accountId, code: newShortCode(), target: link.shownTarget ?? link.target, label: link.label.slice(0, shortLinkLimits.label), kind: shortLinkKind(link.target),
          createdBy, createdAt: now, expiresAt: link.expiresAt ?? null, source: link.source, sourceId: link.sourceId, sealedTarget,
        });
        return this.answer(row, now);
      } catch (error) {
        if (!isUniqueViolation(error) || attempt >= 4) throw error;
      }
    }
  }

  /** The active short link of a source and target (a portal's sign-in page), made when there is none. */
  async ensureFor(accountId: number, createdBy: number | null, link: AutoShortLink): Promise<ShortLink | undefined> {
    const found = (await this.deps.repo.activeOfSource(accountId, link.source, link.sourceId, this.now())).find((r) => r.target === link.target && r.sealed_target === null);
    return found ? this.answer(found) : this.createFor(accountId, createdBy, link);
  }

  /** The active short link of a source and target, if any (nothing is made). */
  async activeFor(accountId: number, source: Exclude<ShortLinkSource, 'manual'>, sourceId: number | null, target?: string): Promise<ShortLink | undefined> {
    const found = (await this.deps.repo.activeOfSource(accountId, source, sourceId, this.now())).find((r) => target === undefined || r.target === target);
    return found ? this.answer(found) : undefined;
  }

  /** Revokes the short links of a source: a revoked share link, a replaced or revoked download link. */
  async revokeFor(accountId: number, source: Exclude<ShortLinkSource, 'manual'>, sourceId: number): Promise<void> {
    await this.deps.repo.revokeOfSource(accountId, source, sourceId, this.now());
  }

  async list(accountId: number, query: { page: number; limit: number; search?: string; status?: ShortLinkStatus }): Promise<{ items: ShortLink[]; total: number; page: number; limit: number }> {
    const now = this.now();
    const { rows, total } = await this.deps.repo.list(accountId, { status: query.status, search: query.search, now }, (query.page - 1) * query.limit, query.limit);
    return { items: rows.map((row) => this.answer(row, now)), total, page: query.page, limit: query.limit };
  }

  async get(accountId: number, id: number): Promise<{ link: ShortLink; visits: ShortLinkVisit[] }> {
    const row = await this.row(accountId, id);
    const visits = await this.deps.repo.visits(accountId, id, shortLinkLimits.visitsShown);
    return { link: this.answer(row), visits: visits.map((v) => ({ visitedAt: v.visited_at, userAgent: v.user_agent, referrerHost: v.referrer_host })) };
  }

  /** Changes the label or expiry; a revoked link cannot be brought back (make a new one). */
  async update(accountId: number, id: number, changes: { label?: string; expiresAt?: string | null }): Promise<ShortLink> {
    const row = await this.row(accountId, id);
    if (row.revoked_at !== null && changes.expiresAt !== undefined) throw new AppError('CONFLICT', 'This link is revoked: make a new one instead.');
    const expiresAt = changes.expiresAt === undefined || changes.expiresAt === null ? changes.expiresAt : new Date(changes.expiresAt).toISOString();
    await this.deps.repo.update(accountId, id, { label: changes.label, expiresAt });
    return this.answer(await this.row(accountId, id));
  }

  async revoke(accountId: number, id: number): Promise<ShortLink> {
    await this.row(accountId, id);
    await this.deps.repo.revoke(accountId, id, this.now());
    return this.answer(await this.row(accountId, id));
  }

  /** Opens a code: counts and logs the visit of an active link. A malformed code is unknown without a query. */
  async open(code: string, visit: { userAgent: string; referrer: string }): Promise<ShortLinkOpening> {
    if (!/^[0-9A-Za-z]{1,32}$/.test(code)) return { kind: 'closed', reason: 'unknown' };
    const row = await this.deps.repo.byCode(code);
    if (!row) return { kind: 'closed', reason: 'unknown' };
    const now = this.now();
    const status = this.status(row, now);
    if (status !== 'active') return { kind: 'closed', reason: status };
    // A sealed target opens only with the key it was sealed with.
    const target = row.sealed_target === null ? row.target : this.deps.box?.open(row.sealed_target, sealContext(row.account_id));
    if (target === undefined) return { kind: 'closed', reason: 'unknown' };
    await this.deps.repo.recordVisit({ accountId: row.account_id, id: row.id }, { at: now, userAgent: visit.userAgent.slice(0, 300), referrerHost: referrerHost(visit.referrer) });
    return { kind: 'open', target };
  }
}

/** The host of a referrer, or '' (the rest of the address can carry another site's secrets). */
function referrerHost(referrer: string): string {
  try {
    return referrer ? new URL(referrer).host.slice(0, 200) : '';
  } catch {
    return '';
  }
}
