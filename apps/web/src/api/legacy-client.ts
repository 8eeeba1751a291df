import type { SessionStore } from '../session/session-store';
import type { NavigationPort } from './navigation-port';
import type { OnlineStatus } from './online-status';
import type { XmlNode } from './xml';

export type LegacyParams = Record<string, string | number | boolean | null | undefined>;

/** A decoded legacy reply: the `<xml>` element, its status, and the error when status is 0. */
export type LegacyResponse = {
  xml: XmlNode;
  message: { status: number; text?: string };
  error?: { code: number; text: string };
  /** True when the request never got an answer (logged, nothing else happens). */
  networkError?: boolean;
};

export type LegacyClientOptions = {
  baseUrl: string;
  session: SessionStore;
  navigation: NavigationPort;
  online: OnlineStatus;
  fetch?: typeof fetch;
};

/** The client of the legacy XML API (`/api/`, spec section 7) with the error catalogue of section 8. */
export class LegacyClient {
  constructor(private readonly options: LegacyClientOptions) {}

  /** POSTs `section`, `action`, the parameters and `website_token`; files go as multipart (the work is in legacy-call.ts). */
  async call(section: string, action: string, params: LegacyParams = {}, files?: Record<string, Blob>): Promise<LegacyResponse> {
    const { performLegacyCall } = await import('./legacy-call');
    return performLegacyCall(this.options, section, action, params, files);
  }
}
