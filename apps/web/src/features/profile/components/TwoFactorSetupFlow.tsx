import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { SessionUser } from '@scanbase/contracts/auth';
import { enableTwoFactor, setUpTwoFactor } from '@scanbase/contracts/two-factor';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { V2Error, type V2Client } from '../../../api/v2-client';
import { ErrorState, LoadingState } from '../../../ui/QueryStates';
import { CodeField } from '../../auth/components/CodeField';
import { FormAlert } from '../../auth/components/FormAlert';
import { qrShape } from '../../scanner-help/qr-code';
import { RecoveryCodes } from './RecoveryCodes';

type Setup = { secret: string; uri: string; label: string };

/** The key as people type it: groups of four. */
const grouped = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim();

/**
 * Setting up two-factor sign-in, in three steps: scan the QR code (or type the key), confirm with a code,
 * save the recovery codes (shown this once). Calls go through `client`, so the sign-in page can run it for a
 * session the app has not taken yet; `onFinished` gets the signed-in person as the server now describes them.
 */
export function TwoFactorSetupFlow({ client, onFinished, finishLabel = 'Done' }: { client: V2Client; onFinished: (user: SessionUser) => void; finishLabel?: string }) {
  const [setup, setSetup] = useState<Setup | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>();
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<{ codes: string[]; user: SessionUser } | null>(null);
  const [copied, setCopied] = useState(false);
  const started = useRef(false);

  const start = () => {
    setLoadError(null);
    client.call(setUpTwoFactor, {}).then(
      (reply) => setSetup(reply),
      (error: unknown) => setLoadError(error instanceof Error ? error.message : 'The set-up could not be started.'),
    );
  };
  useEffect(() => {
    // One secret per opening (a second call would replace the one on screen).
    if (started.current) return;
    started.current = true;
    start();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    if (code.length !== 6) {
      setCodeError('Enter the 6-digit code from your authenticator app');
      return;
    }
    setBusy(true);
    setMessage(null);
    try {
      const reply = await client.call(enableTwoFactor, { code });
      setDone({ codes: reply.recoveryCodes, user: reply.user });
    } catch (error) {
      const issue = error instanceof V2Error ? error.fieldIssues.find((i) => i.path === 'code') : undefined;
      if (issue) setCodeError(issue.message);
      else setMessage(error instanceof Error ? error.message : 'Two-factor sign-in could not be switched on.');
    } finally {
      setBusy(false);
    }
  };

  if (done) {
    return (
      <Stack spacing={2}>
        <FormAlert severity="success" message="Two-factor sign-in is on." />
        <Typography variant="h3" component="h3">
          Save your recovery codes
        </Typography>
        <Typography variant="body2" color="text.secondary">
          If you lose your phone, each of these codes signs you in once instead of a code from the app. Keep them somewhere safe: they are not shown again.
        </Typography>
        <RecoveryCodes codes={done.codes} label={setup?.label ?? 'your login'} />
        <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button variant="contained" onClick={() => onFinished(done.user)}>
            {finishLabel}
          </Button>
        </Box>
      </Stack>
    );
  }
  if (loadError) return <ErrorState message={loadError} onRetry={start} />;
  if (!setup) return <LoadingState label="Preparing your set-up…" />;

  const qr = qrShape(setup.uri);
  return (
    <Stack component="form" spacing={2} noValidate onSubmit={(event: FormEvent) => void confirm(event)}>
      <Typography variant="body2">
        1. Scan this QR code with an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password, Authy…).
      </Typography>
      <Box sx={{ display: 'flex', justifyContent: 'center' }}>
        <Box component="svg" viewBox={`-2 -2 ${qr.size + 4} ${qr.size + 4}`} role="img" aria-label="QR code to add Scanbase to your authenticator app" sx={{ width: 184, height: 184, bgcolor: '#fff', border: 1, borderColor: 'divider', borderRadius: 1 }}>
          <path d={qr.path} fill="#000" shapeRendering="crispEdges" />
        </Box>
      </Box>
      <Box>
        <Typography variant="body2" color="text.secondary">
          Cannot scan it? Enter this key in the app instead (time-based):
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mt: 0.5 }}>
          <Box component="code" data-testid="two-factor-key" aria-label="Set-up key" sx={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: 15, bgcolor: 'grey.100', px: 1, py: 0.5, borderRadius: 1, wordBreak: 'break-all' }}>
            {grouped(setup.secret)}
          </Box>
          <Button
            size="small"
            startIcon={<ContentCopyOutlined />}
            onClick={() => {
              navigator.clipboard.writeText(setup.secret).then(
                () => setCopied(true),
                () => setCopied(false),
              );
            }}
          >
            {copied ? 'Copied' : 'Copy key'}
          </Button>
        </Box>
      </Box>
      <Typography variant="body2">2. Enter the 6-digit code the app shows.</Typography>
      <CodeField
        value={code}
        autoFocus
        disabled={busy}
        error={codeError}
        onChange={(value) => {
          setCode(value);
          setCodeError(undefined);
        }}
      />
      <FormAlert message={message} />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button type="submit" variant="contained" disabled={busy} startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}>
          Turn on
        </Button>
      </Box>
    </Stack>
  );
}
