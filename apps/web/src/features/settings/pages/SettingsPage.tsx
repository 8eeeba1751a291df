import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AccountSettings } from '@scanbase/contracts/settings';
import { useRef, useState } from 'react';
import { V2Error } from '../../../api/v2-client';
import { useServices } from '../../../app/useServices';
import { placeIssues } from '../../../ui/form-issues';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { ErrorState, LoadingState } from '../../../ui/QueryStates';
import { TextInput } from '../../../ui/TextInput';
import { FormAlert } from '../../auth/components/FormAlert';
import { TimeZoneField } from '../../tasks/components/TimeZoneField';
import { TimeDisplayField } from '../components/TimeDisplayField';
import { TwoFactorRequirement } from '../components/TwoFactorRequirement';
import { useSettings } from '../hooks/useSettings';
import { useUpdateSettings } from '../hooks/useUpdateSettings';
import { dateFormatChoices, formFromSettings, settingsChanges, settingsProblems, timeFormatChoices, type SettingsForm } from '../settings-form';
import { formatScanDateTime } from '../../scans/scan-format';

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
  const update = useUpdateSettings();
  const [confirmRetention, setConfirmRetention] = useState<string | null>(null);
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
    send(false);
  };

  const send = (confirmed: boolean) => {
    update.mutate(confirmed ? { ...changes, confirmRetention: true } : changes, {
      onSuccess: (saved) => {
        setConfirmRetention(null);
        setForm(formFromSettings(saved));
        setMessage({ text: 'Settings saved.', tone: 'success' });
      },
      onError: (error) => {
        // A retention that deletes scans at the next run: the server names how many; ask before saving.
        if (error instanceof V2Error && error.code === 'CONFLICT' && changes.scanRetentionDays !== undefined) {
          setConfirmRetention(error.message);
          return;
        }
        setConfirmRetention(null);
        if (error instanceof V2Error && error.fieldIssues.length > 0) {
          const placed = placeIssues(error.fieldIssues, ['timezoneBehavior', 'adminEmail', 'timezone', 'companyName', 'companyAddress', 'companyPhone', 'dateFormat', 'timeFormat']);
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
        <Stack spacing={2}>
          <TextInput label="Company name" value={form.companyName} onChange={(event) => change({ companyName: event.target.value })} disabled={update.isPending} error={Boolean(errors.companyName)} helperText={errors.companyName ?? 'Shown to your team and on invoices.'} />
          <TextInput label="Address (optional)" multiline minRows={2} value={form.companyAddress} onChange={(event) => change({ companyAddress: event.target.value })} disabled={update.isPending} error={Boolean(errors.companyAddress)} helperText={errors.companyAddress} />
          <TextInput label="Phone (optional)" type="tel" autoComplete="tel" value={form.companyPhone} onChange={(event) => change({ companyPhone: event.target.value })} disabled={update.isPending} error={Boolean(errors.companyPhone)} helperText={errors.companyPhone} />
          <Typography color="text.secondary">Databases: {stored.databaseCount.toLocaleString('en-US')}</Typography>
        </Stack>
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
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField select label="Date format" value={form.dateFormat} onChange={(event) => change({ dateFormat: event.target.value as SettingsForm['dateFormat'] })} disabled={update.isPending} sx={{ minWidth: 240 }}>
              {dateFormatChoices.map((choice) => (
                <MenuItem key={choice.value} value={choice.value}>
                  {choice.label}
                </MenuItem>
              ))}
            </TextField>
            <TextField select label="Time format" value={form.timeFormat} onChange={(event) => change({ timeFormat: event.target.value as SettingsForm['timeFormat'] })} disabled={update.isPending} sx={{ minWidth: 200 }}>
              {timeFormatChoices.map((choice) => (
                <MenuItem key={choice.value} value={choice.value}>
                  {choice.label}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
          <Typography variant="body2" color="text.secondary">
            Example: {formatScanDateTime('2026-03-03T14:05:09.000Z', 'UTC', { dateFormat: form.dateFormat, timeFormat: form.timeFormat })} (scan lists and exports on screen).
          </Typography>
        </Stack>
      </Paper>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h3" component="h2" sx={{ mb: 2 }}>
          Scan data retention
        </Typography>
        <Stack spacing={1.5}>
          <FormControlLabel
            control={<Checkbox checked={form.keepForever} onChange={(event) => change({ keepForever: event.target.checked, retention: event.target.checked ? '' : form.retention || '365' })} disabled={update.isPending} />}
            label="Keep scans for ever"
          />
          {form.keepForever ? null : (
            <TextInput
              label="Keep scans for (days)"
              inputMode="numeric"
              value={form.retention}
              onChange={(event) => change({ retention: event.target.value })}
              disabled={update.isPending}
              error={Boolean(errors.retention)}
              helperText={errors.retention ?? 'Every day at 00:00 UTC, scans older than this are deleted with their photos and signatures.'}
              sx={{ maxWidth: 320 }}
            />
          )}
          {stored.retention ? (
            <Typography role="status">
              Next purge: {formatScanDateTime(stored.retention.nextPurgeAt, undefined)}. It would delete {stored.retention.wouldDelete.toLocaleString('en-US')}{' '}
              {stored.retention.wouldDelete === 1 ? 'scan' : 'scans'}.
            </Typography>
          ) : (
            <Typography color="text.secondary">Scans are kept until you delete them.</Typography>
          )}
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
      <ConfirmDialog
        open={confirmRetention !== null}
        title="Delete older scans?"
        confirmLabel="Save and delete them"
        danger
        busy={update.isPending}
        onClose={() => setConfirmRetention(null)}
        onConfirm={() => send(true)}
      >
        {confirmRetention} Deleted scans cannot be brought back; download them first if you need them.
      </ConfirmDialog>
    </Stack>
  );
}
