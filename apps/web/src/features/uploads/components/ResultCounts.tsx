import Box from '@mui/material/Box';
import type { UploadRow } from '@scanbase/contracts/scan-data';

const parts = [
  { key: 'valid', label: 'valid', colour: '#1b5e20' },
  { key: 'invalid', label: 'invalid', colour: '#b71c1c' },
  { key: 'notValidated', label: 'not validated', colour: '#3d4a5c' },
] as const;

/** "10 valid · 1 invalid · 1 not validated" (the words carry the meaning, the colours help). */
export function ResultCounts({ upload }: { upload: UploadRow }) {
  return (
    <Box component="span" sx={{ display: 'inline-flex', flexWrap: 'wrap', columnGap: 1 }}>
      {parts.map((part, index) => (
        <Box component="span" key={part.key} sx={{ whiteSpace: 'nowrap', color: upload[part.key] > 0 ? part.colour : 'text.secondary' }}>
          {upload[part.key].toLocaleString('en-US')} {part.label}
          {index < parts.length - 1 ? <Box component="span" sx={{ color: 'text.secondary', ml: 1 }} aria-hidden>·</Box> : null}
        </Box>
      ))}
    </Box>
  );
}
