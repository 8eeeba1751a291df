import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AccountSettings } from '@scanbase/contracts/settings';
import { useRef, useState } from 'react';
import { V2Error } from '../../../api/v2-client';
import { useServices } from '../../../app/useServices';
import { useSession } from '../../../session/useSession';
import { placeIssues } from '../../../ui/form-issues';
import { ErrorState, LoadingState } from '../../../ui/QueryStates';
import { TextInput } from '../../../ui/TextInput';
import { FormAlert } from '../../auth/components/FormAlert';
import { TimeZoneField } from '../../tasks/components/TimeZoneField';
import { TimeDisplayField } from '../components/TimeDisplayField';
import { TwoFactorRequirement } from '../components/TwoFactorRequirement';
import { useSettings } from '../hooks/useSettings';
import { useUpdateSettings } from '../hooks/useUpdateSettings';
import { formFromSettings, settingsChanges, settingsProblems, type SettingsForm } from '../settings-form';

/** `account/settings/`: the account's time zone, how times are shown, and the administrative email. */
export function SettingsPage() {
  const settings = useSettings();
  const { session } = useServices();
  return (
    <Box sx={{ maxWidth: 760 }}>
      <Typography variant="h1">Settings</Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
        Settings of the whole account: they apply to everyone on your team.
      </Typography>
      {settings.isPending ? (
        <LoadingState label="Loading settings…" />
      ) : settings.isError ? (
        <ErrorState message={settings.error.message} onRetry={() => void settings.refetch()} />
      ) : (
        <Stack spacing={2.5}>
          <SettingsEditor stored={settings.data} />
          <TwoFactorRequirement required={settings.data.requireTwoFactor} owner={session.roles[0] === 'owner'} />
        </Stack>
      )}
    </Box>
  );
}

type Field = keyof SettingsForm;

function SettingsEditor({ stored }: { stored: AccountSettings }) {
  const { user } = useSession();
  const update = useUpdateSettings();
  const emailRef = useRef<HTMLInputElement>(null);
  const [form, setForm] = useState<SettingsForm>(() => formFromSettings(stored));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [message, setMessage] = useState<{ text: string; tone: 'success' | 'error' } | null>(null);
  const changes = settingsChanges(form, stored);
  const dirty = Object.keys(changes).length > 0;

  const change = (patch: Partial<SettingsForm>) => {
    setForm((current) => ({ ...current, ...patch }));
    setErrors((current) => {
      const next = { ...current };
      for (const key of Object.keys(patch) as Field[]) delete next[key];
      return next;
    });
    setMessage(null);
  };

  const save = () => {
    const problems = settingsProblems(form);
    setErrors(problems);
    if (Object.keys(problems).length > 0) {
      if (problems.adminEmail) emailRef.current?.focus();
      setMessage({ text: 'Check the fields marked in red.', tone: 'error' });
      return;
    }
    update.mutate(changes, {
      onSuccess: (saved) => {
        setForm(formFromSettings(saved));
        setMessage({ text: 'Settings saved.', tone: 'success' });
      },
      onError: (error) => {
        if (error instanceof V2Error && error.fieldIssues.length > 0) {
          const placed = placeIssues(error.fieldIssues, ['timezoneBehavior', 'adminEmail', 'timezone']);
          setErrors(placed.fields);
          setMessage({ text: placed.general.join(' ') || 'Check the fields marked in red.', tone: 'error' });
          return;
        }
        setMessage({ text: error.message, tone: 'error' });
      },
    });
  };

  return (
    <Stack
      component="form"
      spacing={2.5}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h3" component="h2" sx={{ mb: 1.5 }}>
          Company
        </Typography>
        <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '200px 1fr' }, rowGap: 1, '& dt': { color: 'text.secondary' }, '& dd': { m: 0, mb: { xs: 1, sm: 0 } } }}>
          <dt>Company name</dt>
          <dd>{user?.account || '–'}</dd>
          <dt>Databases</dt>
          <dd>{stored.databaseCount.toLocaleString('en-US')}</dd>
        </Box>
      </Paper>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h3" component="h2" sx={{ mb: 2 }}>
          Time
        </Typography>
        <Stack spacing={3}>
          <TimeZoneField
            label="Account time zone"
            size="medium"
            helperText="Lists, new tasks and export templates use this zone."
            value={form.timezone}
            onChange={(timezone) => change({ timezone })}
            error={errors.timezone}
            disabled={update.isPending}
          />
          <TimeDisplayField value={form.timezoneBehavior} onChange={(timezoneBehavior) => change({ timezoneBehavior })} error={errors.timezoneBehavior} disabled={update.isPending} />
        </Stack>
      </Paper>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h3" component="h2" sx={{ mb: 2 }}>
          Contact
        </Typography>
        <TextInput
          ref={emailRef}
          label="Administrative email (optional)"
          type="email"
          autoComplete="email"
          value={form.adminEmail}
          onChange={(event) => change({ adminEmail: event.target.value })}
          disabled={update.isPending}
          error={Boolean(errors.adminEmail)}
          helperText={errors.adminEmail ?? 'An address for administrative notices about this account, besides the owner’s sign-in address.'}
        />
      </Paper>
      <Box>
        {message ? <FormAlert message={message.text} severity={message.tone} /> : null}
        <Box sx={{ display: 'flex', gap: 1.5, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
          <Button type="button" disabled={!dirty || update.isPending} onClick={() => { setForm(formFromSettings(stored)); setErrors({}); setMessage(null); }}>
            Undo changes
          </Button>
          <Button type="submit" variant="contained" disabled={!dirty || update.isPending} startIcon={update.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}>
            Save settings
          </Button>
        </Box>
      </Box>
    </Stack>
  );
}
