import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { DocsPage } from '../docs-pages';
import { overviewAnchors } from '../docs-pages';
import { DocsLink } from './DocsLink';

const mono = 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace';

function Group({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Box component="li" sx={{ mb: 2 }}>
      <Typography variant="overline" color="text.secondary" component="h2" sx={{ lineHeight: 2 }}>
        {title}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {children}
      </Box>
    </Box>
  );
}

function PageLink({ page, current, onNavigate }: { page: DocsPage; current: string | undefined; onNavigate?: () => void }) {
  const active = page.name === current;
  return (
    <DocsLink
      page={page.name}
      underline="hover"
      onClick={onNavigate}
      aria-current={active ? 'page' : undefined}
      sx={{ display: 'block', py: 0.5, px: 1, borderRadius: 1, fontWeight: active ? 600 : 400, bgcolor: active ? 'action.selected' : undefined, color: active ? 'primary.dark' : 'text.primary' }}
    >
      {page.title}
    </DocsLink>
  );
}

function SubLink({ page, anchor, label, code, onNavigate }: { page: string; anchor: string; label: string; code?: boolean; onNavigate?: () => void }) {
  return (
    <li>
      <DocsLink page={page} anchor={anchor} underline="hover" onClick={onNavigate} sx={{ display: 'block', py: 0.25, pl: 3, fontSize: 14, fontFamily: code ? mono : undefined, color: 'text.secondary' }}>
        {label}
      </DocsLink>
    </li>
  );
}

/** The documentation's navigation: overview, the legacy sections (with the current one's actions), the V2 pages, examples. */
export function ApiDocsNav({ pages, current, onNavigate }: { pages: readonly DocsPage[]; current: string | undefined; onNavigate?: () => void }) {
  const legacy = pages.filter((p) => p.kind === 'legacy');
  const v2 = pages.filter((p) => p.kind === 'v2');
  const overview = pages.find((p) => p.kind === 'overview');
  return (
    <Box component="nav" aria-label="API documentation" sx={{ p: 2 }}>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        <Group title="Start here">
          {overview && (
            <li>
              <PageLink page={overview} current={current} onNavigate={onNavigate} />
              {current === '' && (
                <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
                  {overviewAnchors.map(([id, title]) => (
                    <SubLink key={id} page="" anchor={id} label={title} onNavigate={onNavigate} />
                  ))}
                </Box>
              )}
            </li>
          )}
        </Group>
        <Group title="Legacy XML API">
          {legacy.map((page) => (
            <li key={page.name}>
              <PageLink page={page} current={current} onNavigate={onNavigate} />
              {page.name === current && page.kind === 'legacy' && (
                <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
                  {page.section.actions.map((a) => (
                    <SubLink key={a.action} page={page.name} anchor={a.action} label={a.action} code onNavigate={onNavigate} />
                  ))}
                </Box>
              )}
            </li>
          ))}
        </Group>
        <Group title="V2 JSON API">
          {v2.map((page) => (
            <li key={page.name}>
              <PageLink page={page} current={current} onNavigate={onNavigate} />
            </li>
          ))}
        </Group>
        <Group title="Examples">
          <li>
            <Link href="/apidocs/examples/csv2db.html" underline="hover" sx={{ display: 'block', py: 0.5, px: 1, color: 'text.primary' }}>
              CSV to database
            </Link>
          </li>
        </Group>
      </Box>
    </Box>
  );
}
