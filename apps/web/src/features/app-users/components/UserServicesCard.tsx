import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { AppUser } from '@scanbase/contracts/app-users';
import { useState } from 'react';
import { FormAlert } from '../../auth/components/FormAlert';
import { useUpdateAppUser } from '../hooks/useUpdateAppUser';
import { ServicePermissions } from './ServicePermissions';

const same = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((id) => b.includes(id));

/** The services an app user may scan with, saved with one button. */
export function UserServicesCard({ user }: { user: AppUser }) {
  const update = useUpdateAppUser();
  const [selected, setSelected] = useState<number[]>(user.serviceIds);
  const [saved, setSaved] = useState(false);
  const changed = !same(selected, user.serviceIds);
  if (user.isOwner) {
    return (
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h3">Services</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          The account owner can scan with every service; there is nothing to choose here.
        </Typography>
      </Paper>
    );
  }
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h3">Services</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, mb: 2 }}>
        The services this user sees in the scanner app. Scans already made with other services stay.
      </Typography>
      <FormAlert message={update.error?.message ?? null} />
      <FormAlert message={saved && !changed ? 'Services saved.' : null} severity="success" />
      <ServicePermissions
        selected={selected}
        onChange={(ids) => {
          setSelected(ids);
          setSaved(false);
        }}
        disabled={update.isPending}
      />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, mt: 2 }}>
        {changed ? (
          <Button onClick={() => setSelected(user.serviceIds)} disabled={update.isPending}>
            Undo changes
          </Button>
        ) : null}
        <Button
          variant="contained"
          disabled={!changed || update.isPending}
          startIcon={update.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
          onClick={() => update.mutate({ id: user.id, serviceIds: selected }, { onSuccess: () => setSaved(true) })}
        >
          Save services
        </Button>
      </Box>
    </Paper>
  );
}
