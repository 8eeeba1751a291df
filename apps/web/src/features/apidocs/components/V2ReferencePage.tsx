import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useNavigate } from '@tanstack/react-router';
import { useMemo } from 'react';
import { RouterLink } from '../../../ui/RouterLink';
import { useQueryParam } from '../../../ui/useQueryParam';
import { useOpenApiDocument } from '../hooks/useOpenApiDocument';
import { scannerDocument, sectionDocument, v2SectionHref, v2Sections, type V2Section } from '../v2-sections';
import { ReferenceLoading, V2Reference } from './V2Reference';
import { V2SectionIndex } from './V2SectionIndex';

/** Back to the index, and a chooser to jump to another section. */
function SectionBar({ sections, current }: { sections: readonly V2Section[]; current: string }) {
  const navigate = useNavigate();
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', px: { xs: 2, md: 3 }, pt: 2 }}>
      <Link component={RouterLink} href="/apidocs/v2">
        ← All sections of the V2 API
      </Link>
      <TextField
        select
        size="small"
        label="Section"
        value={current}
        onChange={(e) => void navigate({ href: v2SectionHref(e.target.value) })}
        sx={{ width: { xs: '100%', sm: 360 } }}
      >
        {sections.map((s) => (
          <MenuItem key={s.tag} value={s.tag}>
            {s.group} · {s.title}
          </MenuItem>
        ))}
      </TextField>
    </Box>
  );
}

/**
 * The V2 pages of the documentation. `/apidocs/v2` lists the sections and `?section=<tag>` renders one of them: the
 * whole reference (about 250 routes, a 1 MB document) took Redoc 20 s and more to lay out on a 2-core machine.
 */
export function V2ReferencePage({ scannerOnly }: { scannerOnly: boolean }) {
  const sectionTag = useQueryParam('section');
  const state = useOpenApiDocument();
  const sections = useMemo(() => (state.status === 'ready' ? v2Sections(state.document) : []), [state]);
  const failure =
    state.status === 'error' ? (
      <Alert severity="error" sx={{ my: 2 }} action={<Button onClick={state.retry}>Try again</Button>}>
        {state.message}
      </Alert>
    ) : null;

  if (scannerOnly) {
    if (state.status !== 'ready') return <Box sx={{ px: { xs: 2, md: 3 } }}>{failure ?? <ReferenceLoading />}</Box>;
    return <V2Reference document={scannerDocument(state.document)} />;
  }
  const section = sections.find((s) => s.tag === sectionTag);
  if (state.status !== 'ready' || !section) {
    const unknown = state.status === 'ready' && sectionTag !== undefined && (
      <Alert severity="warning" sx={{ my: 2 }}>
        There is no section called “{sectionTag}”. Choose one below.
      </Alert>
    );
    return <V2SectionIndex sections={sections} status={failure ?? unknown ?? (state.status === 'loading' && <ReferenceLoading />)} />;
  }
  return (
    <Box>
      <SectionBar sections={sections} current={section.tag} />
      <V2Reference key={section.tag} document={sectionDocument(state.document, section)} />
    </Box>
  );
}
