import Box from '@mui/material/Box';

const tones = {
  error: { bg: '#fdecea', border: '#f5c2c0', color: '#8a1c1c' },
  success: { bg: '#e8f5e9', border: '#b9e0bc', color: '#1b5e20' },
  info: { bg: '#e9f1fe', border: '#bcd6fb', color: '#0d47a1' },
} as const;

/** The server's message for a form, announced to screen readers (a plain box: MUI's Alert would double the sign-in page's own code). */
export function FormAlert({ message, severity = 'error' }: { message: string | null; severity?: keyof typeof tones }) {
  if (!message) return null;
  const tone = tones[severity];
  return (
    <Box
      role={severity === 'error' ? 'alert' : 'status'}
      sx={{ mb: 2, px: 2, py: 1.5, borderRadius: 2, border: `1px solid ${tone.border}`, bgcolor: tone.bg, color: tone.color, fontSize: 14, lineHeight: 1.5 }}
    >
      {message}
    </Box>
  );
}
