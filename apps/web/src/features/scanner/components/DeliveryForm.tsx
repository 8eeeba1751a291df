import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { missingProof, type LogisticsOptions, type Proof } from '../logistics';
import { PhotoField } from './PhotoField';
import { SignaturePad } from './SignaturePad';

type Props = { value: string; stage: string; options: LogisticsOptions; onConfirm: (proof: Proof) => void; onCancel: () => void };

/** The final stage: a photo, the recipient's signature and name, all required before the scan is sent. */
export function DeliveryForm({ value, stage, options, onConfirm, onCancel }: Props) {
  const [proof, setProof] = useState<Proof>({ recipient: '', photo: null, signature: null });
  const [problem, setProblem] = useState<string | null>(null);
  // A change answers the last complaint: it is shown again, up to date, at the next confirm.
  const change = (patch: Partial<Proof>) => {
    setProblem(null);
    setProof((now) => ({ ...now, ...patch }));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const missing = missingProof(options, proof);
    if (missing.length > 0) {
      setProblem(`Still needed: ${missing.join(', ')}.`);
      return;
    }
    onConfirm(proof);
  };
  return (
    <Box sx={{ maxWidth: 640, mx: 'auto', px: 2, py: 3 }}>
      <Stack component="form" noValidate onSubmit={submit} spacing={2.5} aria-labelledby="delivery-title">
        <div>
          <Typography id="delivery-title" variant="h2">
            {stage}: proof of delivery
          </Typography>
          <Typography sx={{ fontFamily: 'ui-monospace, monospace', fontSize: 20, fontWeight: 600, mt: 1, overflowWrap: 'anywhere' }}>{value}</Typography>
        </div>
        <TextField label="Recipient’s name" required value={proof.recipient} onChange={(event) => change({ recipient: event.target.value })} slotProps={{ htmlInput: { maxLength: 200, autoComplete: 'off' } }} />
        <Box>
          <Typography sx={{ fontWeight: 600, mb: 1 }}>Photo of the delivery</Typography>
          <PhotoField label="Photo of the delivery" image={proof.photo ?? undefined} onChange={(photo) => change({ photo })} />
        </Box>
        <Box>
          <Typography sx={{ fontWeight: 600, mb: 1 }}>Recipient’s signature</Typography>
          <SignaturePad label="Recipient’s signature" onChange={(signature) => change({ signature })} />
        </Box>
        {problem ? (
          <Typography role="alert" color="error">
            {problem}
          </Typography>
        ) : null}
        <Stack direction="row" spacing={1.5}>
          <Button type="submit" variant="contained" size="large" sx={{ flexGrow: 1, py: 1.5, fontSize: 17 }}>
            Confirm delivery
          </Button>
          <Button variant="outlined" size="large" onClick={onCancel}>
            Cancel
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}
