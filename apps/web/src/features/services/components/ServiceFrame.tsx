import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import type { Service } from '@scanbase/contracts/services';
import type { ReactNode } from 'react';
import { ErrorState, LoadingState } from '../../../ui/QueryStates';
import { RouterLink } from '../../../ui/RouterLink';
import { useService } from '../hooks/useService';
import { useServiceIdParam } from '../hooks/useServiceIdParam';
import { serviceTabHref, serviceTabs, type ServiceTab } from '../service-tabs';
import { ServiceTypeChip } from './ServiceTypeChip';

type Props = { tab: ServiceTab; intro: string; children: (service: Service) => ReactNode };

/** The frame of a service's tabs: loads the service, shows its name and the tabs, then the tab's content. */
export function ServiceFrame({ tab, intro, children }: Props) {
  const id = useServiceIdParam();
  const service = useService(id);
  let body: ReactNode;
  if (id === null) body = <ErrorState message="This address does not name a service. Open the service from the list of services." />;
  else if (service.isPending) body = <LoadingState label="Loading the service…" />;
  else if (service.isError) body = <ErrorState message={service.error.message} onRetry={() => void service.refetch()} />;
  else body = children(service.data);
  return (
    <Box sx={{ maxWidth: 960 }}>
      <Button component={RouterLink} href="/account/services/" sx={{ ml: -1, mb: 1 }}>
        ← All services
      </Button>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
        <Typography variant="h1" sx={{ overflowWrap: 'anywhere' }}>
          {service.data?.name ?? 'Service'}
        </Typography>
        {service.data ? <ServiceTypeChip type={service.data.validationMethod} /> : null}
      </Box>
      {id !== null ? (
        <Tabs value={tab} variant="scrollable" allowScrollButtonsMobile aria-label="Service settings" sx={{ mt: 2, borderBottom: 1, borderColor: 'divider' }}>
          {serviceTabs.map((item) => (
            <Tab key={item.value} value={item.value} label={item.label} component={RouterLink} href={serviceTabHref(id, item.value)} />
          ))}
        </Tabs>
      ) : null}
      <Typography color="text.secondary" sx={{ mt: 2, mb: 2.5, maxWidth: 760 }}>
        {intro}
      </Typography>
      {body}
    </Box>
  );
}
