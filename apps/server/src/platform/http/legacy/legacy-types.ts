import type { Session } from '../../auth/session.js';
import type { XmlNode } from '../../xml/xml-writer.js';
import type { UploadedFile } from '../uploaded-file.js';
import type { LegacyParams } from './legacy-params.js';

/** How a legacy call authenticated: an account's API key, or a web session token. */
export type LegacyAuth =
  | { kind: 'api_key'; accountId: number; apiKeyId: number }
  | { kind: 'website_token'; accountId: number; session: Session; token: string };

export type LegacyCall = {
  section: string;
  action: string;
  params: LegacyParams;
  auth: LegacyAuth;
  ip: string;
  files: UploadedFile[];
};

/** Raw bytes instead of XML (barcode images). */
export type LegacyBinaryReply = { kind: 'binary'; contentType: string; body: Buffer };

/** A legacy action: its handler answers the children of `<xml>` after `<status>1</status>`. */
export type LegacyAction =
  | { tokenOptional?: false; handle(call: LegacyCall): Promise<XmlNode[] | LegacyBinaryReply> }
  // Answers even when the website_token is unknown or expired (security/logout is idempotent).
  | { tokenOptional: true; handle(call: Omit<LegacyCall, 'auth'> & { auth: LegacyAuth | null; token: string | undefined }): Promise<XmlNode[]> };

/** A legacy section: its actions by name. Who may call each is declared in the access table (`@scanbase/contracts` `legacyAccess`). */
export type LegacySection = { actions: Record<string, LegacyAction> };

/** The pre-handler checks every api_key call goes through (allow-list, limits) and its log entry. */
export type LegacyGate = {
  resolveApiKey(key: string): Promise<{ accountId: number; apiKeyId: number } | undefined>;
  admitApiKeyCall(accountId: number, ip: string): Promise<void>;
  logApiKeyCall(entry: { accountId: number; apiKeyId: number; section: string; action: string; ip: string; status: 0 | 1; errorCode: number | null; durationMs: number }): Promise<void>;
};
