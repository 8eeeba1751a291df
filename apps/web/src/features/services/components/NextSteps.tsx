import Box from '@mui/material/Box';
import type { Service } from '@scanbase/contracts/services';
import { TypeCard } from './TypeCard';
import { serviceTabHref } from '../service-tabs';

/** What to do once a service is set up: people, the scanner, the scans. */
export function NextSteps({ service }: { service: Service }) {
  const noUsers = service.userIds.length === 0;
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr 1fr' } }}>
      <TypeCard
        highlight={noUsers}
        title={noUsers ? '1. Let people use it' : '1. People'}
        description={noUsers ? 'Nobody can open this service yet. Tick the app users who scan, or add new ones.' : `${service.userIds.length} ${service.userIds.length === 1 ? 'person' : 'people'} can open it. Add or remove people at any time.`}
        href={serviceTabHref(service.id, 'users')}
      />
      <TypeCard title="2. Start scanning" description="Open the web scanner on this computer or a phone, sign in and pick this service. The scanner app works too." href="/scanner" />
      <TypeCard title="3. Watch the scans" description="Scans appear in Scanbase as they arrive, with answers, users and times. Filter, map and export them." href={`/account/scans/search/full/?service_ids=${service.id}`} />
    </Box>
  );
}
