import HighlightOff from '@mui/icons-material/HighlightOff';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { TextInput } from '../../../ui/TextInput';
import { toneColour } from '../result-view';
import { AbPair } from './AbPair';

type Props = { a: string; b: string; detail: string; onReason: (reason: string) => void };

/** A/B matching: the red MISMATCH screen with both values, asking the required reason before the scan is sent. */
export function AbReasonForm({ a, b, detail, onReason }: Props) {
  const [reason, setReason] = useState('');
  const [issue, setIssue] = useState<string | null>(null);
  const send = (event: FormEvent) => {
    event.preventDefault();
    if (reason.trim() === '') return setIssue('Give a reason for the mismatch');
    onReason(reason);
  };
  return (
    <Box role="alertdialog" aria-labelledby="ab-reason-title" data-testid="ab-reason" sx={{ position: 'fixed', inset: 0, zIndex: 1300, bgcolor: toneColour.invalid, color: '#fff', display: 'flex', flexDirection: 'column', overflowY: 'auto' }}>
      <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', textAlign: 'center', px: 3, py: 4, gap: 2, maxWidth: 720, width: '100%', mx: 'auto' }}>
        <HighlightOff sx={{ fontSize: 64 }} aria-hidden />
        <Typography id="ab-reason-title" component="h2" sx={{ fontSize: { xs: 40, sm: 52 }, fontWeight: 800, lineHeight: 1.1 }}>
          MISMATCH
        </Typography>
        <AbPair a={a} b={b} />
        <Typography sx={{ fontSize: 18 }}>{detail}.</Typography>
        <Paper component="form" noValidate onSubmit={send} aria-label="Reason for the mismatch" sx={{ p: 2.5, width: '100%', textAlign: 'left', color: 'text.primary', display: 'grid', gap: 2 }}>
          <TextInput label="Reason for the mismatch" required value={reason} onChange={(event) => setReason(event.target.value)} error={Boolean(issue)} helperText={issue ?? 'Required before the next scan, for example “label reprinted”'} autoFocus inputProps={{ maxLength: 500 }} />
          <Button type="submit" variant="contained" size="large" sx={{ justifySelf: 'end' }}>
            Save the reason
          </Button>
        </Paper>
      </Box>
    </Box>
  );
}
