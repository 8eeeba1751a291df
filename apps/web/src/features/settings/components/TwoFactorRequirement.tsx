import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { RouterLink } from '../../../ui/RouterLink';
import { FormAlert } from '../../auth/components/FormAlert';
import { useRequireTwoFactor } from '../hooks/useRequireTwoFactor';

/** The account-wide "require two-factor sign-in" switch: the owner changes it, administrators see it. */
export function TwoFactorRequirement({ required, owner }: { required: boolean; owner: boolean }) {
  const update = useRequireTwoFactor();
  const [message, setMessage] = useState<{ text: string; tone: 'success' | 'error' } | null>(null);
  const change = (next: boolean) => {
    setMessage(null);
    update.mutate(next, {
      onSuccess: () => setMessage({ tone: 'success', text: next ? 'Two-factor sign-in is now required. Team members without it were signed out and set it up when they next sign in.' : 'Two-factor sign-in is no longer required.' }),
      onError: (error) => setMessage({ tone: 'error', text: error.message }),
    });
  };
  return (
    <Paper variant="outlined" component="section" aria-labelledby="settings-security-heading" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id="settings-security-heading" variant="h3" component="h2" sx={{ mb: 1 }}>
        Security
      </Typography>
      <FormControlLabel
        control={<Switch checked={required} onChange={(event) => change(event.target.checked)} disabled={!owner || update.isPending} />}
        label="Require two-factor sign-in for all team members"
      />
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        {owner
          ? 'Everyone signing in to this account then needs a code from an authenticator app; anyone without it is taken to set it up before anything else. Switch it on for yourself first on '
          : 'Only the account owner can change this. Set up your own two-factor sign-in on '}
        <Link component={RouterLink} href="/account/userprofile/">
          Your profile
        </Link>
        .
      </Typography>
      {message ? (
        <Box sx={{ mt: 2 }}>
          <FormAlert message={message.text} severity={message.tone} />
        </Box>
      ) : null}
    </Paper>
  );
}
