import { fileStoreReturnSlugs, oauthFileStoreKinds, type OauthFileStoreKind } from '@scanbase/contracts/file-storage';

/** The provider whose return page this path is (`/account/integrations/file-storage/<slug>/return/`), or undefined. */
export function kindFromPath(pathname: string): OauthFileStoreKind | undefined {
  const slug = /\/file-storage\/([^/]+)\/return\/?$/.exec(pathname)?.[1];
  return oauthFileStoreKinds.find((kind) => fileStoreReturnSlugs[kind] === slug);
}

export type ReturnQuery = { code?: string; state?: string; error?: string; errorDescription?: string };

/** What the provider sent back, as the finish call takes it; undefined when the page was opened without any of it. */
export function returnBody(query: { code?: string | undefined; state?: string | undefined; error?: string | undefined; error_description?: string | undefined }): ReturnQuery | undefined {
  const body: ReturnQuery = {};
  if (query.code) body.code = query.code;
  if (query.state) body.state = query.state;
  if (query.error) body.error = query.error;
  if (query.error_description) body.errorDescription = query.error_description;
  return body.code || body.state || body.error ? body : undefined;
}
