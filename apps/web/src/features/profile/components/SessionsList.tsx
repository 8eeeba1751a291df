import ComputerOutlined from '@mui/icons-material/ComputerOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { ErrorState, LoadingState } from '../../../ui/QueryStates';
import { FormAlert } from '../../auth/components/FormAlert';
import { describeUserAgent } from '../profile-text';
import { useRevokeSession } from '../hooks/useRevokeSession';
import { useSessions } from '../hooks/useSessions';

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function seen(iso: string | null, fallback: string): string {
  const date = new Date(iso ?? fallback);
  return Number.isNaN(date.getTime()) ? '—' : when.format(date);
}

/** The sessions signed in with this login: browser, IP, last seen; sign out one, or every other. */
export function SessionsList() {
  const sessions = useSessions();
  const revoke = useRevokeSession();
  const [confirming, setConfirming] = useState(false);
  const [message, setMessage] = useState<{ text: string; severity: 'error' | 'success' } | null>(null);

  const run = async (which: { id: number } | { allOthers: true }, label: string) => {
    setMessage(null);
    try {
      const result = await revoke.mutateAsync(which);
      setMessage({ severity: 'success', text: 'allOthers' in which ? `${result.signedOut === 1 ? 'One session was' : `${result.signedOut} sessions were`} signed out.` : `${label} was signed out.` });
    } catch (error) {
      setMessage({ severity: 'error', text: error instanceof Error ? error.message : 'The session could not be signed out.' });
    } finally {
      setConfirming(false);
    }
  };

  if (sessions.isPending) return <LoadingState label="Loading your sessions…" />;
  if (sessions.isError) return <ErrorState message={sessions.error.message} onRetry={() => void sessions.refetch()} />;
  const items = sessions.data.items;
  const others = items.filter((s) => !s.current).length;

  return (
    <Box>
      <FormAlert message={message?.text ?? null} severity={message?.severity} />
      <List disablePadding aria-label="Your sessions">
        {items.map((s) => {
          const name = describeUserAgent(s.userAgent);
          return (
            <ListItem
              key={s.id}
              divider
              data-testid="profile-session"
              data-current={s.current ? 'true' : 'false'}
              sx={{ px: 0, py: 1.5, gap: 1.5, flexWrap: { xs: 'wrap', sm: 'nowrap' }, alignItems: 'flex-start' }}
            >
              <ComputerOutlined color="action" sx={{ mt: 0.25, display: { xs: 'none', sm: 'block' } }} />
              <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                  <Typography sx={{ fontWeight: 600 }} title={s.userAgent ?? undefined}>
                    {name}
                  </Typography>
                  {s.current ? <Chip size="small" color="primary" label="This device" /> : null}
                </Box>
                <Typography variant="body2" color="text.secondary">
                  {[s.ip ? `IP ${s.ip}` : 'IP unknown', `last seen ${seen(s.lastSeenAt, s.createdAt)}`, `signed in ${seen(s.createdAt, s.createdAt)}`].join(' · ')}
                </Typography>
              </Box>
              {s.current ? null : (
                <Button size="small" variant="outlined" color="error" disabled={revoke.isPending} onClick={() => void run({ id: s.id }, name)} aria-label={`Sign out ${name}, IP ${s.ip ?? 'unknown'}`} sx={{ flexShrink: 0 }}>
                  Sign out
                </Button>
              )}
            </ListItem>
          );
        })}
      </List>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 2, mt: 2, flexWrap: 'wrap' }}>
        <Typography variant="body2" color="text.secondary">
          {others === 0 ? 'You are signed in on this device only.' : `Signed in on ${others} other ${others === 1 ? 'session' : 'sessions'}.`}
        </Typography>
        <Button variant="outlined" color="error" disabled={others === 0 || revoke.isPending} onClick={() => setConfirming(true)} sx={{ width: { xs: '100%', sm: 'auto' } }}>
          Sign out everywhere else
        </Button>
      </Box>
      <ConfirmDialog
        open={confirming}
        title="Sign out everywhere else?"
        confirmLabel="Sign out other sessions"
        danger
        busy={revoke.isPending}
        onConfirm={() => void run({ allOthers: true }, '')}
        onClose={() => setConfirming(false)}
      >
        Every other browser signed in with your login is signed out ({others} {others === 1 ? 'session' : 'sessions'}). This one stays signed in.
      </ConfirmDialog>
    </Box>
  );
}
