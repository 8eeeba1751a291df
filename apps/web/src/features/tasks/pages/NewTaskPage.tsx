import ArrowForward from '@mui/icons-material/ArrowForward';
import LockClockOutlined from '@mui/icons-material/LockClockOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TaskTypeInfo } from '@scanbase/contracts/tasks';
import { ErrorState, LoadingState } from '../../../ui/QueryStates';
import { RouterLink } from '../../../ui/RouterLink';
import { useTaskCatalogue } from '../hooks/useTaskCatalogue';

function TypeCard({ info }: { info: TaskTypeInfo }) {
  const body = (
    <>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
        <Typography sx={{ fontWeight: 600 }}>{info.label}</Typography>
        {info.available ? <ArrowForward fontSize="small" color="primary" /> : <LockClockOutlined fontSize="small" color="disabled" />}
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        {info.description}
      </Typography>
      {info.available ? null : (
        <Typography variant="body2" sx={{ mt: 1, fontStyle: 'italic', color: 'text.secondary' }}>
          Not available yet: {info.unavailableReason}
        </Typography>
      )}
    </>
  );
  if (!info.available) {
    return (
      <Card variant="outlined" sx={{ p: 2, height: '100%', bgcolor: '#f4f6f8', opacity: 0.75 }} aria-disabled="true">
        {body}
      </Card>
    );
  }
  return (
    <Card variant="outlined" sx={{ height: '100%', '&:hover': { borderColor: 'primary.main' } }}>
      <CardActionArea component={RouterLink} href={`/account/tasks/${info.type}/create/`} sx={{ p: 2, height: '100%', display: 'block' }}>
        {body}
      </CardActionArea>
    </Card>
  );
}

/** /account/tasks/new/: pick the kind of task; types that cannot run yet are shown greyed with the reason. */
export function NewTaskPage() {
  const catalogue = useTaskCatalogue();
  const items = catalogue.data?.items ?? [];
  const ready = items.filter((info) => info.available);
  const later = items.filter((info) => !info.available);
  return (
    <Box>
      <Typography variant="h1">New task</Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 3, maxWidth: 720 }}>
        What should Scanbase do for you? Pick a kind of task; next you choose its settings and when it runs.
      </Typography>
      {catalogue.isPending ? (
        <LoadingState label="Loading task types…" />
      ) : catalogue.isError ? (
        <ErrorState message={catalogue.error.message} onRetry={() => void catalogue.refetch()} />
      ) : (
        <>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: '1fr 1fr 1fr' } }}>
            {ready.map((info) => (
              <TypeCard key={info.type} info={info} />
            ))}
          </Box>
          {later.length > 0 ? (
            <>
              <Typography variant="h3" sx={{ mt: 4, mb: 0.5 }}>
                Coming with other parts of Scanbase
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
                These tasks work on data this installation does not have yet.
              </Typography>
              <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: '1fr 1fr 1fr' } }}>
                {later.map((info) => (
                  <TypeCard key={info.type} info={info} />
                ))}
              </Box>
            </>
          ) : null}
        </>
      )}
    </Box>
  );
}
