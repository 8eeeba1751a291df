import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { specializedTypeInfo, type SpecializedInstanceDetail, type SpecializedType } from '@scanbase/contracts/specialized';
import type { ReactNode } from 'react';
import { ErrorState, LoadingState } from '../../../ui/QueryStates';
import { RouterLink } from '../../../ui/RouterLink';
import { useInstanceIdParam } from '../hooks/useInstanceIdParam';
import { useSpecializedInstance } from '../hooks/useSpecializedInstance';
import { instanceHref } from '../specialized-links';
import { InstanceStatusChip } from './InstanceStatusChip';
import { TypePicture } from './TypePicture';

type Props = {
  type: SpecializedType;
  /** The tab shown (one of the type's tabs; omit for a type without tabs). */
  tab?: string;
  intro?: ReactNode;
  children: (instance: SpecializedInstanceDetail) => ReactNode;
};

const tabLabel = (tab: string) => {
  const words = tab.replace(/-/g, ' ').replace('tableview', 'table view').replace('shareurl', 'share link').replace('exportfields', 'export fields');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/**
 * The frame of an instance's pages: loads the instance (refusing one of another type), shows its name,
 * type and status, the type's tabs, then the tab's content.
 */
export function InstanceFrame({ type, tab, intro, children }: Props) {
  const id = useInstanceIdParam();
  const instance = useSpecializedInstance(id);
  const info = specializedTypeInfo[type];
  let body: ReactNode;
  if (id === null) body = <ErrorState message="This address does not name a specialized service. Open it from the list." />;
  else if (instance.isPending) body = <LoadingState label="Loading…" />;
  else if (instance.isError) body = <ErrorState message={instance.error.message} onRetry={() => void instance.refetch()} />;
  else if (instance.data.type !== type) body = <ErrorState message={`This is a ${specializedTypeInfo[instance.data.type].title} service, not ${info.title}.`} />;
  else body = children(instance.data);
  return (
    <Box sx={{ maxWidth: 1100 }}>
      <Button component={RouterLink} href="/account/specialized-services/" sx={{ ml: -1, mb: 1 }}>
        ← All specialized services
      </Button>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
        <TypePicture type={type} size={40} />
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography variant="h1" sx={{ overflowWrap: 'anywhere' }}>
            {instance.data?.name ?? info.title}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {info.title}
          </Typography>
        </Box>
        {instance.data ? <InstanceStatusChip status={instance.data.status} /> : null}
      </Box>
      {id !== null && tab !== undefined && info.tabs.length > 0 ? (
        <Tabs value={tab} variant="scrollable" allowScrollButtonsMobile aria-label={`${info.title} settings`} sx={{ mt: 2, borderBottom: 1, borderColor: 'divider' }}>
          {info.tabs.map((item) => (
            <Tab key={item} value={item} label={tabLabel(item)} component={RouterLink} href={instanceHref({ id, type }, item)} />
          ))}
        </Tabs>
      ) : null}
      {intro ? (
        <Typography component="div" color="text.secondary" sx={{ mt: 2, mb: 2.5, maxWidth: 760 }}>
          {intro}
        </Typography>
      ) : (
        <Box sx={{ mt: 2.5 }} />
      )}
      {body}
    </Box>
  );
}
