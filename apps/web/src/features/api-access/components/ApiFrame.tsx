import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { RouterLink } from '../../../ui/RouterLink';
import { ApiTabs, type ApiTab } from './ApiTabs';

/** The API page: heading, a line about the API with a link to its documentation, the section tabs and the section. */
export function ApiFrame({ current, children }: { current: ApiTab; children: ReactNode }) {
  return (
    <Box>
      <Typography variant="h1">API</Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 2, maxWidth: 760 }}>
        Connect your own software to Scanbase: read scans, manage databases and services from a script or another system. See the{' '}
        <Link component={RouterLink} href="/apidocs/">
          API documentation
        </Link>{' '}
        for every call.
      </Typography>
      <ApiTabs current={current} />
      {children}
    </Box>
  );
}
