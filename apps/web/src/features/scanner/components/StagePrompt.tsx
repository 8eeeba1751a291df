import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';

type Props = { value: string; stages: string[]; onChoose: (stage: string) => void; onCancel: () => void };

/** Logistics: one big button per stage for the scanned package (keys 1–9, Escape to cancel). */
export function StagePrompt({ value, stages, onChoose, onCancel }: Props) {
  const choose = useRef(onChoose);
  const cancel = useRef(onCancel);
  useEffect(() => {
    choose.current = onChoose;
    cancel.current = onCancel;
  });
  useEffect(() => {
    const listen = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      const n = Number(event.key);
      if (Number.isInteger(n) && n >= 1 && n <= stages.length && n <= 9) choose.current(stages[n - 1]!);
      else if (event.key === 'Escape') cancel.current();
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', listen);
    return () => window.removeEventListener('keydown', listen);
  }, [stages]);
  return (
    <Box component="section" aria-labelledby="stage-title" sx={{ maxWidth: 640, mx: 'auto', px: 2, py: 3, display: 'grid', gap: 2 }}>
      <div>
        <Typography id="stage-title" variant="h2">
          Which stage?
        </Typography>
        <Typography sx={{ fontFamily: 'ui-monospace, monospace', fontSize: 20, fontWeight: 600, mt: 1, overflowWrap: 'anywhere' }}>{value}</Typography>
      </div>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 1.5 }}>
        {stages.map((stage, index) => (
          <Button
            key={stage}
            variant={index === stages.length - 1 ? 'contained' : 'outlined'}
            autoFocus={index === 0}
            onClick={() => onChoose(stage)}
            aria-keyshortcuts={index < 9 ? String(index + 1) : undefined}
            sx={{ py: 2.5, fontSize: 20, fontWeight: 700, justifyContent: 'flex-start', gap: 1.5 }}
          >
            <Box component="span" aria-hidden sx={{ fontSize: 14, opacity: 0.75, minWidth: 18 }}>
              {index < 9 ? index + 1 : ''}
            </Box>
            {stage}
          </Button>
        ))}
      </Box>
      <Typography color="text.secondary" sx={{ fontSize: 14 }}>
        Keys: the stage’s number, Escape to cancel. The last stage asks for a photo, a signature and the recipient’s name.
      </Typography>
      <Button variant="outlined" color="inherit" onClick={onCancel} sx={{ justifySelf: 'start' }}>
        Cancel this scan
      </Button>
    </Box>
  );
}
