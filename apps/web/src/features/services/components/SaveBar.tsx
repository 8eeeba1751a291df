import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';

type Props = {
  busy: boolean;
  /** Label of the main button, e.g. "Save and continue to Users". */
  primary: string;
  /** A second, plain save button (tabs of an existing service); absent on create. */
  onSaveOnly?: () => void;
  failed: boolean;
  saved?: boolean;
};

/** The buttons under a service form: the main submit, an optional plain save, and what happened. */
export function SaveBar({ busy, primary, onSaveOnly, failed, saved = false }: Props) {
  return (
    <Box sx={{ pb: 2 }}>
      <Box sx={{ display: 'flex', gap: 1.5, flexDirection: { xs: 'column-reverse', sm: 'row' }, justifyContent: 'flex-end' }}>
        {onSaveOnly ? (
          <Button variant="outlined" size="large" disabled={busy} onClick={onSaveOnly}>
            Save
          </Button>
        ) : null}
        <Button type="submit" variant="contained" size="large" disabled={busy} startIcon={busy ? <CircularProgress size={18} color="inherit" /> : undefined}>
          {primary}
        </Button>
      </Box>
      {failed ? (
        <Typography variant="body2" color="error" role="status" sx={{ textAlign: 'right', mt: 1 }}>
          Not saved yet: fix the marked fields.
        </Typography>
      ) : saved ? (
        <Typography variant="body2" role="status" sx={{ textAlign: 'right', mt: 1, color: 'success.dark' }}>
          Saved.
        </Typography>
      ) : null}
    </Box>
  );
}
