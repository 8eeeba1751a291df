import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TwoFactorStatus } from '@scanbase/contracts/two-factor';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useServices } from '../../../app/useServices';
import { V2Error } from '../../../api/v2-client';
import { ErrorState, LoadingState } from '../../../ui/QueryStates';
import { CodeField } from '../../auth/components/CodeField';
import { FormAlert } from '../../auth/components/FormAlert';
import { PasswordField } from '../../auth/components/PasswordField';
import { useDisableTwoFactor } from '../hooks/useDisableTwoFactor';
import { useRegenerateRecoveryCodes } from '../hooks/useRegenerateRecoveryCodes';
import { useTwoFactorStatus } from '../hooks/useTwoFactorStatus';
import { RecoveryCodes } from './RecoveryCodes';
import { TwoFactorSetupFlow } from './TwoFactorSetupFlow';

const day = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** The field issue of a failed call for `path`, else its message as a general one. */
function problemOf(error: unknown, path: string): { field?: string; general?: string } {
  const issue = error instanceof V2Error ? error.fieldIssues.find((i) => i.path === path) : undefined;
  if (issue) return { field: issue.message };
  return { general: error instanceof Error ? error.message : 'That did not work. Try again.' };
}

/** Your profile's "Two-factor sign-in": status, set-up, new recovery codes, switching it off. */
export function TwoFactorSection({ email }: { email: string }) {
  const status = useTwoFactorStatus();
  const client = useQueryClient();
  const { v2 } = useServices();
  const [dialog, setDialog] = useState<'setup' | 'codes' | 'disable' | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const setupTitle = useId();

  if (status.isPending) return <LoadingState label="Loading two-factor sign-in…" />;
  if (status.isError) return <ErrorState message={status.error.message} onRetry={() => void status.refetch()} />;
  const s = status.data;

  return (
    <Box>
      <FormAlert severity="success" message={notice} />
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
        <Box>
          <Chip size="small" color={s.enabled ? 'success' : 'default'} label={s.enabled ? 'On' : 'Off'} sx={{ mr: 1 }} />
          <Typography component="span" variant="body2" color="text.secondary" data-testid="two-factor-status">
            {s.enabled ? `${s.enabledAt ? `Since ${day.format(new Date(s.enabledAt))} · ` : ''}${s.recoveryCodesLeft === 1 ? '1 recovery code' : `${s.recoveryCodesLeft} recovery codes`} left` : 'Only your password protects your login.'}
          </Typography>
          {s.requiredByAccount ? (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              Your account requires it for everyone on the team.
            </Typography>
          ) : null}
        </Box>
        {s.enabled ? (
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button variant="outlined" onClick={() => setDialog('codes')}>
              New recovery codes
            </Button>
            <Button variant="outlined" color="error" onClick={() => setDialog('disable')} disabled={s.requiredByAccount}>
              Turn off
            </Button>
          </Box>
        ) : (
          <Button variant="contained" onClick={() => { setNotice(null); setDialog('setup'); }}>
            Set up two-factor sign-in
          </Button>
        )}
      </Box>
      {s.enabled && s.recoveryCodesLeft <= 2 ? <FormAlert message={`Only ${s.recoveryCodesLeft} recovery codes left: make new ones so you are not locked out if you lose your phone.`} /> : null}

      <Dialog open={dialog === 'setup'} onClose={() => setDialog(null)} aria-labelledby={setupTitle} maxWidth="sm" fullWidth scroll="body">
        <DialogTitle id={setupTitle}>Set up two-factor sign-in</DialogTitle>
        <DialogContent>
          {dialog === 'setup' ? (
            <TwoFactorSetupFlow
              client={v2}
              onFinished={() => {
                setDialog(null);
                setNotice('Two-factor sign-in is on. From now on you sign in with your password and a code from the app.');
                void client.invalidateQueries({ queryKey: ['me', 'two-factor'] });
              }}
            />
          ) : null}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={() => { setDialog(null); void client.invalidateQueries({ queryKey: ['me', 'two-factor'] }); }}>Close</Button>
        </DialogActions>
      </Dialog>
      {dialog === 'codes' ? <RegenerateDialog email={email} onClose={() => setDialog(null)} /> : null}
      {dialog === 'disable' ? <DisableDialog status={s} onClose={(off) => { setDialog(null); if (off) setNotice('Two-factor sign-in is off.'); }} /> : null}
    </Box>
  );
}

function RegenerateDialog({ email, onClose }: { email: string; onClose: () => void }) {
  const regenerate = useRegenerateRecoveryCodes();
  const titleId = useId();
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<{ field?: string; general?: string }>({});
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (code.length !== 6) return setProblem({ field: 'Enter the 6-digit code from your authenticator app' });
    regenerate.mutate(code, { onError: (error) => setProblem(problemOf(error, 'code')) });
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>New recovery codes</DialogTitle>
      <DialogContent>
        {regenerate.data ? (
          <Stack spacing={2}>
            <Typography variant="body2">Your old recovery codes no longer work. Save these: they are not shown again.</Typography>
            <RecoveryCodes codes={regenerate.data.recoveryCodes} label={email} />
          </Stack>
        ) : (
          <Stack component="form" id={`${titleId}-form`} spacing={2} noValidate onSubmit={submit} sx={{ pt: 1 }}>
            <Typography variant="body2">Ten new codes replace the ones you have now. Confirm with a code from your authenticator app.</Typography>
            <CodeField value={code} autoFocus error={problem.field} disabled={regenerate.isPending} onChange={(v) => { setCode(v); setProblem({}); }} />
            <FormAlert message={problem.general ?? null} />
          </Stack>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>{regenerate.data ? 'Done' : 'Cancel'}</Button>
        {regenerate.data ? null : (
          <Button type="submit" form={`${titleId}-form`} variant="contained" disabled={regenerate.isPending} startIcon={regenerate.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}>
            Make new codes
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}

function DisableDialog({ status, onClose }: { status: TwoFactorStatus; onClose: (off: boolean) => void }) {
  const disable = useDisableTwoFactor();
  const titleId = useId();
  const [withCode, setWithCode] = useState(false);
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState<{ field?: string; general?: string }>({});
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (withCode && value.length !== 6) return setProblem({ field: 'Enter the 6-digit code from your authenticator app' });
    if (!withCode && !value) return setProblem({ field: 'Enter your password' });
    disable.mutate(withCode ? { code: value } : { password: value }, {
      onSuccess: () => onClose(true),
      onError: (error) => setProblem(problemOf(error, withCode ? 'code' : 'password')),
    });
  };
  return (
    <Dialog open onClose={() => onClose(false)} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>Turn off two-factor sign-in?</DialogTitle>
      <DialogContent>
        <Stack component="form" id={`${titleId}-form`} spacing={2} noValidate onSubmit={submit} sx={{ pt: 1 }}>
          <Typography variant="body2">
            Your password alone will sign you in, and your {status.recoveryCodesLeft} recovery codes stop working. Confirm with {withCode ? 'a code from your authenticator app' : 'your password'}.
          </Typography>
          {withCode ? (
            <CodeField key="code" value={value} autoFocus error={problem.field} disabled={disable.isPending} onChange={(v) => { setValue(v); setProblem({}); }} />
          ) : (
            <PasswordField key="password" label="Password" autoComplete="current-password" autoFocus value={value} onChange={(event) => { setValue(event.target.value); setProblem({}); }} error={Boolean(problem.field)} helperText={problem.field} disabled={disable.isPending} />
          )}
          <Link component="button" type="button" variant="body2" sx={{ alignSelf: 'flex-start' }} onClick={() => { setWithCode((c) => !c); setValue(''); setProblem({}); }}>
            {withCode ? 'Use your password instead' : 'Use a code from the app instead'}
          </Link>
          <FormAlert message={problem.general ?? null} />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={() => onClose(false)} autoFocus={false}>
          Keep it on
        </Button>
        <Button type="submit" form={`${titleId}-form`} variant="contained" color="error" disabled={disable.isPending} startIcon={disable.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}>
          Turn off
        </Button>
      </DialogActions>
    </Dialog>
  );
}
