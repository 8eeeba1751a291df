import type { FieldIssue, RouteBody, RouteReply, V2ErrorCode, V2Route } from '@scanbase/contracts';
import type { SessionStore } from '../session/session-store';
import { signInHref } from '../session/sign-in-target';
import type { NavigationPort } from './navigation-port';

/** Codes a V2 call can fail with: the server's, plus NETWORK (no answer) and UNKNOWN (an answer we cannot read). */
export type V2FailureCode = V2ErrorCode | 'NETWORK' | 'UNKNOWN';

/** A failed V2 call, with the server's message (or the raw reply body when it sent no JSON error). */
export class V2Error extends Error {
  constructor(
    readonly code: V2FailureCode,
    message: string,
    readonly status: number,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'V2Error';
  }

  /** The per-field problems of a VALIDATION_FAILED reply. */
  get fieldIssues(): FieldIssue[] {
    if (!Array.isArray(this.details)) return [];
    return this.details.filter(
      (item): item is FieldIssue => typeof item === 'object' && item !== null && typeof (item as FieldIssue).path === 'string',
    );
  }
}

/** What the client needs from a session: the bearer token, and sign-out for the error catalogue. */
export type V2Session = Pick<SessionStore, 'token' | 'signOut'>;

export type V2ClientOptions = {
  baseUrl: string;
  session: V2Session;
  navigation: NavigationPort;
  fetch?: typeof fetch;
};

/** A file a V2 route answered with (PDF, image): its bytes and the name from content-disposition. */
export type V2File = { blob: Blob; fileName: string | null; contentType: string };

/** The file name of a content-disposition header (`filename*=UTF-8''…` or `filename="…"`). */
export function dispositionFileName(header: string | null): string | null {
  if (!header) return null;
  const star = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(header);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // Fall through to the plain form.
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(header);
  const name = plain?.[2] ?? plain?.[1]?.trim();
  return name ? name : null;
}

export const NETWORK_MESSAGE = 'Could not reach Scanbase. Check your connection and try again.';

/** Joins the base and a route path: surrounding slashes and spaces trimmed, exactly one trailing slash. */
export function v2Url(baseUrl: string, path: string): string {
  const base = baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`;
  return `${base}${path.trim().replace(/^\/+|\/+$/g, '')}/`;
}

function readJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function errorFields(json: unknown): { error?: string; message?: string; details?: unknown } {
  if (typeof json !== 'object' || json === null) return {};
  const record = json as Record<string, unknown>;
  return {
    error: typeof record.error === 'string' ? record.error : undefined,
    message: typeof record.message === 'string' ? record.message : undefined,
    details: record.details,
  };
}

/** The client of the JSON API (`/api-v2/`, spec section 7) with the error catalogue of section 8. */
export class V2Client {
  /** Readable so that a client for another token can be made from it (features/auth/components/TwoFactorStep.tsx). */
  constructor(readonly options: V2ClientOptions) {}

  /** Calls a V2 route with a body typed by its contract and returns the validated reply. */
  async call<R extends V2Route>(route: R, body: RouteBody<R>, files?: Record<string, Blob>): Promise<RouteReply<R>> {
    const headers: Record<string, string> = {};
    const token = this.options.session.token;
    if (token !== null) headers.Authorization = `Bearer ${token}`;
    let payload: string | FormData;
    if (files && Object.keys(files).length > 0) {
      const form = new FormData();
      form.append('params', JSON.stringify(body));
      for (const [key, file] of Object.entries(files)) form.append(key, file);
      payload = form;
    } else {
      headers['Content-Type'] = 'application/json';
      payload = JSON.stringify(body);
    }

    let response: Response;
    let text: string;
    try {
      const doFetch = this.options.fetch ?? fetch;
      response = await doFetch(v2Url(this.options.baseUrl, route.path), { method: 'POST', headers, body: payload });
      text = await response.text();
    } catch (error) {
      console.error(`V2 call ${route.path} failed`, error);
      throw new V2Error('NETWORK', NETWORK_MESSAGE, 0);
    }

    const json = readJson(text);
    const fields = errorFields(json);
    if (response.ok && fields.error === undefined) {
      const parsed = route.reply.safeParse(json);
      if (parsed.success) return parsed.data as RouteReply<R>;
      console.error(`V2 call ${route.path}: unexpected reply`, parsed.error);
      throw new V2Error('UNKNOWN', 'The server sent a reply this page cannot read. Reload the page and try again.', response.status);
    }

    const code = (fields.error ?? 'UNKNOWN') as V2FailureCode;
    // Without a JSON error the reply body itself (a proxy page, a plain-text error) is the best message there is.
    const message = fields.message ?? (text.trim().slice(0, 300) || `The server answered ${response.status} ${response.statusText}`.trim());
    await this.applyErrorCatalogue(code, body);
    throw new V2Error(code, message, response.status, fields.details);
  }

  /**
   * Calls a V2 route that answers raw bytes (`barcode/generate`, `barcode/labels`, `jobs/download`);
   * failures are JSON errors and go through the same catalogue as `call`.
   */
  async callForFile<R extends V2Route>(route: R, body: RouteBody<R>): Promise<V2File> {
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    const token = this.options.session.token;
    if (token !== null) headers.Authorization = `Bearer ${token}`;
    let response: Response;
    let blob: Blob;
    try {
      const doFetch = this.options.fetch ?? fetch;
      response = await doFetch(v2Url(this.options.baseUrl, route.path), { method: 'POST', headers, body: JSON.stringify(body) });
      blob = await response.blob();
    } catch (error) {
      console.error(`V2 call ${route.path} failed`, error);
      throw new V2Error('NETWORK', NETWORK_MESSAGE, 0);
    }
    const contentType = response.headers.get('content-type') ?? blob.type;
    // A JSON reply is an error, unless it is sent as an attachment (a JSON export is a file like any other).
    const attachment = /^\s*attachment/i.test(response.headers.get('content-disposition') ?? '');
    if (response.ok && (attachment || !contentType.includes('application/json'))) {
      return { blob, fileName: dispositionFileName(response.headers.get('content-disposition')), contentType };
    }
    const text = await blob.text();
    const fields = errorFields(readJson(text));
    const code = (fields.error ?? 'UNKNOWN') as V2FailureCode;
    const message = fields.message ?? (text.trim().slice(0, 300) || `The server answered ${response.status} ${response.statusText}`.trim());
    await this.applyErrorCatalogue(code, body);
    throw new V2Error(code, message, response.status, fields.details);
  }

  private async applyErrorCatalogue(code: V2FailureCode, body: unknown): Promise<void> {
    const { navigation, session } = this.options;
    const place = navigation.current();
    if (code === 'ERROR_MAINTENANCE') {
      if (!place.pathname.startsWith('/maintenance')) navigation.go('/maintenance/');
    } else if (code === 'AUTH_FAILED') {
      // On public pages (sign-in itself) a failed authentication is just an answer to show.
      if (!place.authenticate) return;
      await session.signOut();
      navigation.go(signInHref(place));
    } else if (code === 'VERIFY_EMAIL') {
      const email = typeof body === 'object' && body !== null ? (body as Record<string, unknown>).email : undefined;
      navigation.go(typeof email === 'string' ? `/verify-email?${new URLSearchParams({ email }).toString()}` : '/verify-email');
    } else if (code === 'LIMIT_MINUTE') {
      await session.signOut();
      navigation.go('/limitreached/');
    }
  }
}
