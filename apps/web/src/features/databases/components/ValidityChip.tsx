import Chip from '@mui/material/Chip';

/** Valid (green) or invalid (red): what the scanner says when this value is scanned. */
export function ValidityChip({ validity }: { validity: number }) {
  return validity === 1 ? (
    <Chip size="small" label="Valid" sx={{ bgcolor: 'custom.chipGreen', color: 'custom.chipGreenText', fontWeight: 600 }} />
  ) : (
    <Chip size="small" label="Invalid" sx={{ bgcolor: 'custom.chipRed', color: 'custom.chipRedText', fontWeight: 600 }} />
  );
}
