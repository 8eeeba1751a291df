import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { RouterLink } from '../../../ui/RouterLink';
import { v2SectionHref, type V2Section } from '../v2-sections';
import { DocsLink } from './DocsLink';

// aria-labelledby takes a list of ids separated by spaces, so the group's id has none.
const groupId = (group: string): string => `v2-group-${group.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;

/** `/apidocs/v2`: what the V2 API is, and its sections by group, each opening its own reference. */
export function V2SectionIndex({ sections, status }: { sections: readonly V2Section[]; status: ReactNode }) {
  const groups = [...new Set(sections.map((s) => s.group))];
  return (
    <Box sx={{ px: { xs: 2, md: 3 }, py: 3, maxWidth: 960 }}>
      <Typography variant="h4" component="h1">
        V2 JSON API
      </Typography>
      <Typography sx={{ mt: 1.5 }}>
        The JSON API the Scanbase web app itself uses. Every route is a <code>POST</code> to <code>/api-v2/&lt;section&gt;/&lt;action&gt;/</code> with a JSON
        body; authenticate with <code>Authorization: Bearer &lt;website_token&gt;</code>. Each route says who may call it and which errors it answers.
      </Typography>
      <Typography sx={{ mt: 1 }}>
        The routes of a scanning client are on the <DocsLink page="scanner">Scanner API</DocsLink> page. The whole description is also one{' '}
        <Link href="/api-v2/openapi.json">OpenAPI document</Link> for your own tools.
      </Typography>
      {status}
      {groups.map((group) => (
        <Box component="section" key={group} aria-labelledby={groupId(group)} sx={{ mt: 3 }}>
          <Typography variant="h6" component="h2" id={groupId(group)}>
            {group}
          </Typography>
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mt: 1, display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '1fr 1fr 1fr' } }}>
            {sections
              .filter((s) => s.group === group)
              .map((s) => (
                <li key={s.tag}>
                  <Link
                    component={RouterLink}
                    href={v2SectionHref(s.tag)}
                    underline="none"
                    sx={{ display: 'block', p: 1.5, border: 1, borderColor: 'divider', borderRadius: 1, '&:hover, &:focus-visible': { borderColor: 'primary.main', bgcolor: 'action.hover' } }}
                  >
                    <Typography component="span" sx={{ display: 'block', fontWeight: 600 }}>
                      {s.title}
                    </Typography>
                    <Typography component="span" variant="body2" color="text.secondary">
                      {s.routes === 1 ? '1 route' : `${s.routes} routes`} · <code>{s.tag}</code>
                    </Typography>
                  </Link>
                </li>
              ))}
          </Box>
        </Box>
      ))}
    </Box>
  );
}
