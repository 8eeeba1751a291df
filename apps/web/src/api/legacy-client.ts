import { legacyClientCodes } from '@scanbase/contracts/errors';
import type { SessionStore } from '../session/session-store';
import { signInHref } from '../session/sign-in-target';
import type { NavigationPort } from './navigation-port';
import type { OnlineStatus } from './online-status';
import { decodeXml, xmlNode, xmlText, type XmlNode } from './xml';

export type LegacyParams = Record<string, string | number | boolean | null | undefined>;

/** A decoded legacy reply: the `<xml>` element, its status, and the error when status is 0. */
export type LegacyResponse = {
  xml: XmlNode;
  message: { status: number; text?: string };
  error?: { code: number; text: string };
  /** True when the request never got an answer (logged, nothing else happens). */
  networkError?: boolean;
};

/** Routes where an empty legacy reply is reported as status -1 instead of an empty object (the scan editor relies on it). */
export const EMPTY_RESULT_ROUTES: readonly string[] = ['crapp.edit_scan', 'account.scans.edit'];

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

  /** POSTs `section`, `action`, the parameters and `website_token`; files go as multipart. */
  async call(section: string, action: string, params: LegacyParams = {}, files?: Record<string, Blob>): Promise<LegacyResponse> {
    const fields: [string, string][] = [
      ['section', section],
      ['action', action],
    ];
    for (const [key, value] of Object.entries(params)) {
      if (value !== undefined && value !== null) fields.push([key, String(value)]);
    }
    const token = this.options.session.token;
    if (token !== null && !('website_token' in params)) fields.push(['website_token', token]);
    let body: URLSearchParams | FormData;
    if (files && Object.keys(files).length > 0) {
      const form = new FormData();
      for (const [key, value] of fields) form.append(key, value);
      for (const [key, file] of Object.entries(files)) form.append(key, file);
      body = form;
    } else {
      body = new URLSearchParams(fields);
    }

    let text: string;
    try {
      const doFetch = this.options.fetch ?? fetch;
      const response = await doFetch(this.options.baseUrl, { method: 'POST', body });
      text = await response.text();
    } catch (error) {
      console.error(`Legacy call ${section}.${action} failed`, error);
      return { xml: {}, message: { status: 0 }, networkError: true };
    }

    // An empty body, a parse failure, or a bare <xml/> all count as an empty result.
    const xml = xmlNode(decodeXml(text).xml);
    if (xml === undefined) {
      this.options.online.set(false);
      if (EMPTY_RESULT_ROUTES.includes(this.options.navigation.current().name ?? '')) {
        return { xml: {}, message: { status: -1, text: 'The server sent an empty reply.' } };
      }
      return { xml: {}, message: { status: 0 } };
    }
    this.options.online.set(true);

    const status = Number(xmlText(xml.status) ?? 0);
    const errorNode = xml.error;
    if (errorNode === undefined) return { xml, message: { status } };
    const error = { code: Number(xmlNode(errorNode)?._code ?? 0), text: xmlText(errorNode) ?? '' };
    await this.applyErrorCatalogue(error.code);
    return { xml, message: { status, text: error.text }, error };
  }

  private async applyErrorCatalogue(code: number): Promise<void> {
    const { navigation, session } = this.options;
    const place = navigation.current();
    switch (code) {
      case legacyClientCodes.maintenance:
        if (!place.pathname.startsWith('/maintenance')) navigation.go('/maintenance/');
        return;
      case legacyClientCodes.minuteLimit:
        await session.signOut();
        navigation.go('/limitreached/');
        return;
      case legacyClientCodes.notAuthenticated: {
        const prefix = place.name?.split('.')[0];
        if (prefix !== 'AP' && prefix !== 'UP' && prefix !== 'CIO') session.clear();
        if (place.pathname !== '/signin') navigation.go(signInHref(place));
        return;
      }
      default:
        return;
    }
  }
}
