import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ApiKey } from '@scanbase/contracts/api-access';
import { formatWhen, maskedKey } from '../api-format';

type Props = { keys: ApiKey[]; timeZone: string | undefined; onRename: (key: ApiKey) => void; onRevoke: (key: ApiKey) => void };

/** The account's keys as rows that stack on phones: name, masked key, created, last used, Rename and Revoke. */
export function ApiKeyList({ keys, timeZone, onRename, onRevoke }: Props) {
  return (
    <Box component="ul" aria-label="API keys" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
      {keys.map((key) => (
        <Paper
          component="li"
          variant="outlined"
          key={key.id}
          sx={{ p: 2, display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 2fr) minmax(0, 3fr) auto' }, alignItems: 'center' }}
        >
          <Box sx={{ minWidth: 0 }}>
            <Typography component="h3" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
              {key.name}
            </Typography>
            <Typography variant="body2" sx={{ fontFamily: 'monospace', color: 'text.secondary' }} aria-label={`Key starting ${key.prefix}`}>
              {maskedKey(key.prefix)}
            </Typography>
          </Box>
          <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 1.5, rowGap: 0.25, fontSize: 14 }}>
            <Box component="dt" sx={{ color: 'text.secondary' }}>
              Created
            </Box>
            <Box component="dd" sx={{ m: 0 }}>
              {formatWhen(key.createdAt, timeZone)}
            </Box>
            <Box component="dt" sx={{ color: 'text.secondary' }}>
              Last used
            </Box>
            <Box component="dd" sx={{ m: 0 }}>
              {key.lastUsedAt ? formatWhen(key.lastUsedAt, timeZone) : 'Never'}
            </Box>
          </Box>
          <Box sx={{ display: 'flex', gap: 1, justifyContent: { md: 'flex-end' } }}>
            <Button variant="outlined" size="small" onClick={() => onRename(key)} aria-label={`Rename ${key.name}`}>
              Rename
            </Button>
            <Button variant="outlined" color="error" size="small" onClick={() => onRevoke(key)} aria-label={`Revoke ${key.name}`}>
              Revoke
            </Button>
          </Box>
        </Paper>
      ))}
    </Box>
  );
}
