import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { DeletionStatus } from '@scanbase/contracts/account-deletion';
import { useState, type FormEvent } from 'react';
import { V2Error } from '../../../api/v2-client';
import { TextInput } from '../../../ui/TextInput';
import { FormAlert } from '../../auth/components/FormAlert';
import { PasswordField } from '../../auth/components/PasswordField';
import { useCancelDeletion } from '../hooks/useCancelDeletion';
import { useRequestDeletion } from '../hooks/useRequestDeletion';

const day = (iso: string) => new Date(iso).toLocaleDateString(undefined, { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' });

type FieldErrors = { companyName?: string; password?: string };

/** Step 2: type the company name and the password; once scheduled, the date and "Keep my account". */
export function DeleteSection({ status }: { status: DeletionStatus }) {
  const request = useRequestDeletion();
  const cancel = useCancelDeletion();
  const [companyName, setCompanyName] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const matches = companyName.trim().toLowerCase() === status.companyName.trim().toLowerCase();

  if (status.scheduled) {
    return (
      <Paper variant="outlined" component="section" aria-labelledby="delete-heading" sx={{ p: { xs: 2, sm: 3 }, borderColor: 'error.main' }}>
        <Typography id="delete-heading" variant="h2" sx={{ fontSize: '1.15rem', fontWeight: 600 }}>
          2. Deletion scheduled
        </Typography>
        <Alert severity="warning" sx={{ my: 2 }}>
          {status.companyName} will be deleted on <strong>{day(status.scheduled.dueAt)}</strong>. Until then everything keeps working, and you can keep the
          account here or with the link we emailed you.
        </Alert>
        <FormAlert message={cancel.error?.message ?? null} />
        <Button variant="contained" onClick={() => cancel.mutate(undefined)} disabled={cancel.isPending}>
          Keep my account
        </Button>
      </Paper>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: FieldErrors = {
      companyName: matches ? undefined : `Type ${status.companyName} to confirm`,
      password: password ? undefined : 'Enter your password',
    };
    setErrors(next);
    if (next.companyName || next.password) return;
    request.mutate(
      { companyName, password },
      {
        onError: (error) => {
          const issues = error instanceof V2Error ? error.fieldIssues : [];
          setErrors({ companyName: issues.find((d) => d.path === 'companyName')?.message, password: issues.find((d) => d.path === 'password')?.message });
        },
        onSuccess: () => setPassword(''),
      },
    );
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby="delete-heading" sx={{ p: { xs: 2, sm: 3 }, borderColor: 'error.light' }}>
      <Typography id="delete-heading" variant="h2" sx={{ fontSize: '1.15rem', fontWeight: 600 }}>
        2. Delete the account
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 2 }}>
        After {status.graceDays} {status.graceDays === 1 ? 'day' : 'days'} every scan, database, service, question, app user, team member, task and stored
        file of {status.companyName} is removed for good, and nobody can sign in to it any more. Until then you can change your mind.
      </Typography>
      <Stack component="form" spacing={2} noValidate onSubmit={submit} sx={{ maxWidth: 420 }}>
        <FormAlert message={request.error && !errors.companyName && !errors.password ? request.error.message : null} />
        <TextInput
          label={`Type ${status.companyName} to confirm`}
          autoComplete="off"
          value={companyName}
          onChange={(event) => setCompanyName(event.target.value)}
          error={Boolean(errors.companyName)}
          helperText={errors.companyName}
        />
        <PasswordField label="Your password" autoComplete="current-password" value={password} onChange={(event) => setPassword(event.target.value)} error={Boolean(errors.password)} helperText={errors.password} />
        <Button type="submit" variant="contained" color="error" disabled={request.isPending || !matches}>
          Delete {status.companyName}
        </Button>
      </Stack>
    </Paper>
  );
}
