import ConstructionOutlined from '@mui/icons-material/ConstructionOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useRouterState } from '@tanstack/react-router';
import { availability } from '../../../app/route-table';
import { MessagePage } from '../../../ui/MessagePage';
import { plannedAreas } from '../planned-areas';

/** Any screen of the route table that a later issue builds: says so honestly and lists what will come. */
export function NotAvailableYetPage() {
  const def = useRouterState({ select: (state) => state.matches.at(-1)?.staticData.def });
  const counts = availability();
  const planned: readonly string[] = (def?.planned ? plannedAreas[def.planned] : undefined) ?? [];
  return (
    <MessagePage
      framed={def?.layout !== 'app'}
      icon={<ConstructionOutlined />}
      title={def?.meta.title ?? 'Not available yet'}
      actions={
        <Button variant="outlined" onClick={() => window.history.back()}>
          Go back
        </Button>
      }
    >
      <Typography sx={{ mb: 2 }}>This screen is not available yet in this version of Scanbase.</Typography>
      {planned.length > 0 ? (
        <Box sx={{ textAlign: 'left', display: 'inline-block' }}>
          <Typography sx={{ fontWeight: 600, color: 'text.primary' }}>What it will offer</Typography>
          <Box component="ul" sx={{ pl: 3, my: 1 }}>
            {planned.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </Box>
        </Box>
      ) : null}
      <Typography variant="body2" sx={{ mt: 2 }}>
        {counts.available} of {counts.total} screens are available so far.
      </Typography>
    </MessagePage>
  );
}
