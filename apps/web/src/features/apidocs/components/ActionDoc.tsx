import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { legacyErrors } from '@scanbase/contracts';
import { legacyActionErrorMeanings } from '@scanbase/contracts/legacy-docs/catalog';
import { formatLegacyXml } from '@scanbase/contracts/legacy-docs/format-xml';
import type { LegacyActionDoc, LegacySample } from '@scanbase/contracts/legacy-docs/types';
import { sampleRequest } from '../code-samples';
import { CodeBlock } from './CodeBlock';
import { CodeSamples } from './CodeSamples';
import { DocsLink } from './DocsLink';
import { InlineText } from './InlineText';
import { ParamsTable } from './ParamsTable';
import { TryIt } from './TryIt';

type Props = {
  section: string;
  action: LegacyActionDoc;
  sample: LegacySample | undefined;
  endpoint: string;
  /** The administrator's session token when "Try it" may be offered, else null. */
  tryToken: string | null;
};

const errorText = (code: number): string => (legacyErrors as Record<number, string>)[code] ?? legacyActionErrorMeanings[code] ?? '';

/** One action: what it does, its variables, errors, sample request in four languages, the generated reply and "Try it". */
export function ActionDoc({ section, action, sample, endpoint, tryToken }: Props) {
  const name = `${section}/${action.action}`;
  return (
    <Box component="section" id={action.action} aria-labelledby={`${action.action}-heading`} sx={{ scrollMarginTop: { xs: 124, sm: 80 }, py: 3, borderTop: 1, borderColor: 'divider', display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2, '&:focus': { outline: 'none' } }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography id={`${action.action}-heading`} variant="h5" component="h2" sx={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: { xs: 19, sm: 22 } }}>
          {name}
        </Typography>
        <Chip size="small" label={action.readOnly ? 'Read-only' : 'Changes data'} color={action.readOnly ? 'success' : 'warning'} variant="outlined" />
        <DocsLink page={section} anchor={action.action} underline="hover" aria-label={`Link to ${name}`} sx={{ fontSize: 14 }}>
          #
        </DocsLink>
      </Box>
      <Typography>
        <InlineText text={action.summary} />
      </Typography>
      {action.details?.split(/\n\s*\n/).map((paragraph, i) => (
        <Typography key={i} color="text.secondary">
          <InlineText text={paragraph} />
        </Typography>
      ))}
      <Box>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
          Variables
        </Typography>
        <ParamsTable params={action.params} name={name} />
      </Box>
      {action.errors.length > 0 && (
        <Box>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
            Errors of this action
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 3 }}>
            {action.errors.map((code) => (
              <li key={code}>
                <Typography variant="body2">
                  <b>{code}</b> <InlineText text={errorText(code)} />
                </Typography>
              </li>
            ))}
          </Box>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            Every action can also answer the <DocsLink page="" anchor="errors">generic codes</DocsLink>.
          </Typography>
        </Box>
      )}
      <Box>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
          Sample request
        </Typography>
        <CodeSamples request={sampleRequest(section, action, sample, endpoint)} name={name} />
      </Box>
      <Box>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
          Sample reply
        </Typography>
        {sample ? (
          <CodeBlock code={sample.reply.startsWith('<') ? formatLegacyXml(sample.reply) : sample.reply} label={`${name} sample reply`} />
        ) : (
          <Typography color="text.secondary">No generated sample yet.</Typography>
        )}
      </Box>
      {action.readOnly && tryToken !== null && <TryIt section={section} action={action} initial={sample?.params ?? action.sample} sessionToken={tryToken} />}
    </Box>
  );
}
