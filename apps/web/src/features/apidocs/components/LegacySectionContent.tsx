import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { LegacySample, LegacySectionDoc } from '@scanbase/contracts/legacy-docs/types';
import { ActionDoc } from './ActionDoc';
import { DocsLink } from './DocsLink';
import { InlineText } from './InlineText';
import { TryItNotice } from './TryItNotice';

type Props = {
  section: LegacySectionDoc;
  samples: Readonly<Record<string, LegacySample>>;
  endpoint: string;
  tryToken: string | null;
  signedIn: boolean;
};

/** One legacy section's page: its purpose, a list of its actions, then each action in full. */
export function LegacySectionContent({ section, samples, endpoint, tryToken, signedIn }: Props) {
  const hasReadOnly = section.actions.some((a) => a.readOnly);
  return (
    <Box>
      <Typography variant="overline" color="text.secondary">
        Legacy XML API · section={section.section}
      </Typography>
      <Typography variant="h4" component="h1" sx={{ fontSize: { xs: 28, sm: 34 } }}>
        {section.title}
      </Typography>
      <Typography sx={{ mt: 1, mb: 2 }}>
        <InlineText text={section.summary} />
      </Typography>
      <Box component="nav" aria-label={`Actions of ${section.title}`} sx={{ mb: 2 }}>
        <Box component="ul" sx={{ m: 0, pl: 0, listStyle: 'none', display: 'grid', gap: 0.5 }}>
          {section.actions.map((a) => (
            <li key={a.action}>
              <DocsLink page={section.section} anchor={a.action} sx={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontWeight: 600 }}>
                {a.action}
              </DocsLink>
              <Typography component="span" variant="body2" color="text.secondary">
                {' '}
                <InlineText text={a.summary} />
              </Typography>
            </li>
          ))}
        </Box>
      </Box>
      {hasReadOnly && tryToken === null && <TryItNotice signedIn={signedIn} />}
      {section.actions.map((a) => (
        <ActionDoc key={a.action} section={section.section} action={a} sample={samples[`${section.section}/${a.action}`]} endpoint={endpoint} tryToken={tryToken} />
      ))}
    </Box>
  );
}
