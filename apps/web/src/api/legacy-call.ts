import { legacyClientCodes } from '@scanbase/contracts/errors';
import { signInHref } from '../session/sign-in-target';
import type { LegacyClientOptions, LegacyParams, LegacyResponse } from './legacy-client';
import { decodeXml, xmlNode, xmlText } from './xml';

/*
 * The legacy client's work, in a chunk of its own: `LegacyClient.call` loads it on first use, which keeps the
 * XML decoding and the error catalogue out of the first page (/signin never calls the legacy API before
 * signing in; issue 18's budget).
 */

/** Routes where an empty legacy reply is reported as status -1 instead of an empty object (the scan editor relies on it). */
export const EMPTY_RESULT_ROUTES: readonly string[] = ['crapp.edit_scan', 'account.scans.edit'];

/** A legacy client call: POSTs `section`, `action`, the parameters and `website_token`; files go as multipart. */
export async function performLegacyCall(
  options: LegacyClientOptions,
  section: string,
  action: string,
  params: LegacyParams,
  files?: Record<string, Blob>,
): Promise<LegacyResponse> {
  const fields: [string, string][] = [
    ['section', section],
    ['action', action],
  ];
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null) fields.push([key, String(value)]);
  }
  const token = options.session.token;
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
    const doFetch = options.fetch ?? fetch;
    const response = await doFetch(options.baseUrl, { method: 'POST', body });
    text = await response.text();
  } catch (error) {
    console.error(`Legacy call ${section}.${action} failed`, error);
    return { xml: {}, message: { status: 0 }, networkError: true };
  }

  // An empty body, a parse failure, or a bare <xml/> all count as an empty result.
  const xml = xmlNode(decodeXml(text).xml);
  if (xml === undefined) {
    options.online.set(false);
    if (EMPTY_RESULT_ROUTES.includes(options.navigation.current().name ?? '')) {
      return { xml: {}, message: { status: -1, text: 'The server sent an empty reply.' } };
    }
    return { xml: {}, message: { status: 0 } };
  }
  options.online.set(true);

  const status = Number(xmlText(xml.status) ?? 0);
  const errorNode = xml.error;
  if (errorNode === undefined) return { xml, message: { status } };
  const error = { code: Number(xmlNode(errorNode)?._code ?? 0), text: xmlText(errorNode) ?? '' };
  await applyErrorCatalogue(options, error.code);
  return { xml, message: { status, text: error.text }, error };
}

/** What the client does for the error codes of spec section 8 that concern every page. */
async function applyErrorCatalogue(options: LegacyClientOptions, code: number): Promise<void> {
  const { navigation, session } = options;
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
