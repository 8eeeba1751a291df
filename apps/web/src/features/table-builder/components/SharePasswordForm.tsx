import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { FormAlert } from '../../auth/components/FormAlert';

/** The password of a protected share link (asked again, with a message, when it was wrong). */
export function SharePasswordForm({ wrong, onSubmit }: { wrong: boolean; onSubmit: (password: string) => void }) {
  const [password, setPassword] = useState('');
  return (
    <Paper
      variant="outlined"
      component="form"
      noValidate
      aria-label="Password of the share link"
      onSubmit={(e) => {
        e.preventDefault();
        if (password !== '') onSubmit(password);
      }}
      sx={{ p: 3, maxWidth: 420, mx: 'auto', display: 'grid', gap: 2 }}
    >
      <Typography variant="h1">This table is protected</Typography>
      <FormAlert message={wrong ? 'That password is not right. Try again.' : null} />
      <TextField type="password" label="Password" value={password} onChange={(e) => setPassword(e.target.value)} autoFocus autoComplete="current-password" />
      <Button type="submit" variant="contained">
        Open the table
      </Button>
    </Paper>
  );
}
