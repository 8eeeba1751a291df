import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import type { LegacyParamDoc } from '@scanbase/contracts/legacy-docs/types';
import { InlineText } from './InlineText';

const mono = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: 13 } as const;

function requiredText(required: LegacyParamDoc['required']): string {
  if (required === true) return 'Required';
  if (required === false) return 'Optional';
  const condition = required.replace(/^required\s+/i, '');
  return `Required ${condition.charAt(0).toLowerCase()}${condition.slice(1)}`;
}

function typeText(param: LegacyParamDoc): string {
  return param.type === 'enum' && param.values ? param.values.join(' | ') : param.type;
}

/** The variables of an action: a table on wide screens, a list of blocks on phones. */
export function ParamsTable({ params, name }: { params: readonly LegacyParamDoc[]; name: string }) {
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  if (params.length === 0) return <Typography color="text.secondary">No variables besides section, action and credentials.</Typography>;
  if (narrow) {
    return (
      <Box component="ul" aria-label={`Variables of ${name}`} sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
        {params.map((p) => (
          <Box component="li" key={p.name} sx={{ borderLeft: 3, borderColor: p.required === true ? 'primary.main' : 'divider', pl: 1.5 }}>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
              <Box component="code" sx={{ ...mono, fontWeight: 600 }}>{p.name}</Box>
              <Chip size="small" label={typeText(p)} variant="outlined" />
              <Typography variant="caption" color={p.required === true ? 'primary.main' : 'text.secondary'}><InlineText text={requiredText(p.required)} /></Typography>
            </Box>
            <Typography variant="body2" sx={{ mt: 0.5 }}>
              <InlineText text={p.description} />
            </Typography>
            {p.default !== undefined && <Typography variant="body2" color="text.secondary">Default: <code>{p.default}</code></Typography>}
          </Box>
        ))}
      </Box>
    );
  }
  return (
    <Table size="small" aria-label={`Variables of ${name}`} sx={{ '& td, & th': { verticalAlign: 'top' } }}>
      <TableHead>
        <TableRow>
          <TableCell>Variable</TableCell>
          <TableCell>Type</TableCell>
          <TableCell>Required</TableCell>
          <TableCell>Default</TableCell>
          <TableCell>Description</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {params.map((p) => (
          <TableRow key={p.name}>
            <TableCell sx={{ ...mono, fontWeight: 600, whiteSpace: 'nowrap' }}>{p.name}</TableCell>
            <TableCell sx={mono}>{typeText(p)}</TableCell>
            <TableCell sx={{ color: p.required === true ? 'primary.main' : 'text.secondary', minWidth: 90 }}>
              <InlineText text={requiredText(p.required)} />
            </TableCell>
            <TableCell sx={mono}>{p.default ?? '–'}</TableCell>
            <TableCell>
              <InlineText text={p.description} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
