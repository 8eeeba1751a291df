import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AppUser } from '@scanbase/contracts/app-users';
import { useState } from 'react';
import { TextInput } from '../../../ui/TextInput';
import { FormAlert } from '../../auth/components/FormAlert';
import { parseDeviceLimit, usernameProblem } from '../app-user-form';
import { useUpdateAppUser } from '../hooks/useUpdateAppUser';

/** Username and device limit of an app user, saved together; read-only for the account owner's own app user. */
export function UserSignInCard({ user }: { user: AppUser }) {
  const update = useUpdateAppUser();
  const [username, setUsername] = useState(user.username);
  const [limit, setLimit] = useState(user.deviceLimit === null ? '' : String(user.deviceLimit));
  const [problems, setProblems] = useState<{ username?: string; limit?: string }>({});
  const [saved, setSaved] = useState(false);
  const changed = username.trim() !== user.username || limit.trim() !== (user.deviceLimit === null ? '' : String(user.deviceLimit));

  const save = () => {
    const nameProblem = username.trim() !== user.username ? usernameProblem(username) : null;
    const parsed = parseDeviceLimit(limit);
    const next = { ...(nameProblem ? { username: nameProblem } : {}), ...('problem' in parsed ? { limit: parsed.problem } : {}) };
    setProblems(next);
    setSaved(false);
    if (Object.keys(next).length > 0 || 'problem' in parsed) return;
    update.mutate(
      { id: user.id, ...(username.trim() !== user.username ? { username: username.trim() } : {}), deviceLimit: parsed.limit },
      { onSuccess: () => setSaved(true) },
    );
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h3">Sign-in and devices</Typography>
      {user.isOwner ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          This is the account owner&apos;s own app user: it signs in to the scanner app with the owner&apos;s email and password, on any number of devices, with every
          service. It cannot be changed here.
        </Typography>
      ) : null}
      <FormAlert message={update.error?.message ?? null} />
      <FormAlert message={saved && !changed ? 'Saved.' : null} severity="success" />
      <Stack
        component="form"
        noValidate
        spacing={2.5}
        sx={{ mt: 2 }}
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        <TextInput
          label="Username"
          value={username}
          disabled={user.isOwner}
          onChange={(event) => {
            setUsername(event.target.value);
            setProblems((current) => ({ ...current, username: undefined }));
          }}
          error={Boolean(problems.username)}
          helperText={problems.username ?? 'What the user types in the scanner app. Their scans keep their history when it changes.'}
        />
        <TextInput
          label="Device limit"
          inputMode="numeric"
          value={limit}
          disabled={user.isOwner}
          placeholder="No limit"
          onChange={(event) => {
            setLimit(event.target.value);
            setProblems((current) => ({ ...current, limit: undefined }));
          }}
          error={Boolean(problems.limit)}
          helperText={problems.limit ?? 'On how many devices this user may sign in. Empty: no limit.'}
          sx={{ maxWidth: 280 }}
        />
        {user.isOwner ? null : (
          <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
            <Button type="submit" variant="contained" disabled={!changed || update.isPending} startIcon={update.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}>
              Save sign-in
            </Button>
          </Box>
        )}
      </Stack>
    </Paper>
  );
}
