import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { isAdminRole } from '@scanbase/contracts';
import { legacyCatalog } from '@scanbase/contracts/legacy-docs/catalog';
import { legacySamples } from '@scanbase/contracts/legacy-docs/samples.generated';
import { useParams } from '@tanstack/react-router';
import { useEffect, useMemo } from 'react';
import { useSession } from '../../../session/useSession';
import { ApiDocsFrame } from '../components/ApiDocsFrame';
import { DocsLink } from '../components/DocsLink';
import { LegacySectionContent } from '../components/LegacySectionContent';
import { OverviewContent } from '../components/OverviewContent';
import { V2ReferencePage } from '../components/V2ReferencePage';
import { docsPages, type DocsPage } from '../docs-pages';
import { legacyEntries } from '../docs-search';
import { useHashScroll } from '../hooks/useHashScroll';

function UnknownPage({ name, pages }: { name: string; pages: readonly DocsPage[] }) {
  return (
    <Box>
      <Typography variant="h4" component="h1">
        No page called &ldquo;{name}&rdquo;
      </Typography>
      <Typography sx={{ mt: 1 }}>These are the pages of the API documentation:</Typography>
      <Box component="ul">
        {pages.map((p) => (
          <li key={p.name}>
            <DocsLink page={p.name}>{p.title}</DocsLink>
          </li>
        ))}
      </Box>
      <Typography>
        Or read the <Link href="/api-v2/openapi.json">OpenAPI document</Link> of the V2 API.
      </Typography>
    </Box>
  );
}

/** `/apidocs/{pageName?}`: the overview, one page per legacy section, and the V2 and scanner API references. */
export function ApiDocsPage() {
  const { pageName = '' }: { pageName?: string } = useParams({ strict: false });
  const { session, user, signedIn } = useSession();
  const pages = useMemo(() => docsPages(legacyCatalog), []);
  const entries = useMemo(() => legacyEntries(legacyCatalog), []);
  const name = pageName.toLowerCase();
  const page = pages.find((p) => p.name === name);
  const endpoint = `${window.location.origin}/api/`;
  const tryToken = signedIn && user && isAdminRole(user.role) ? session.token : null;
  useHashScroll(page !== undefined && page.kind !== 'v2', name);

  // Public routes do not load the signed-in person; "Try it" needs their role.
  useEffect(() => {
    if (signedIn && !user) void session.ensureUser();
  }, [signedIn, user, session]);

  useEffect(() => {
    // After the root frame's effect, which sets the route's title on first render.
    const timer = window.setTimeout(() => {
      document.title = page && page.kind !== 'overview' ? `${page.title} · Scanbase API docs` : 'API documentation · Scanbase';
    }, 0);
    return () => window.clearTimeout(timer);
  }, [page]);

  return (
    <ApiDocsFrame pages={pages} current={page?.name} searchEntries={entries} signedIn={signedIn} wide={page?.kind === 'v2'}>
      {!page && <UnknownPage name={pageName} pages={pages} />}
      {page?.kind === 'overview' && <OverviewContent endpoint={endpoint} />}
      {page?.kind === 'legacy' && <LegacySectionContent key={page.name} section={page.section} samples={legacySamples} endpoint={endpoint} tryToken={tryToken} signedIn={signedIn} />}
      {page?.kind === 'v2' && <V2ReferencePage key={page.name} scannerOnly={page.name === 'scanner'} />}
    </ApiDocsFrame>
  );
}
