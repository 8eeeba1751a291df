import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { saveBlob } from '../../../ui/save-file';

/** The text of a recovery-codes file: what they are for, then one code a line. */
export function recoveryCodesText(codes: readonly string[], label: string): string {
  return `Scanbase recovery codes for ${label}\nEach code signs you in once when you cannot use your authenticator app.\n\n${codes.join('\n')}\n`;
}

/** Ten single-use recovery codes, shown once: a list to read, copy or download as a .txt file. */
export function RecoveryCodes({ codes, label }: { codes: readonly string[]; label: string }) {
  const [status, setStatus] = useState<string | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      setStatus('Copied to the clipboard.');
    } catch {
      setStatus('Copying is not allowed here: select the codes and copy them yourself.');
    }
  };
  return (
    <Box>
      <Box
        component="ol"
        aria-label="Recovery codes"
        data-testid="recovery-codes"
        sx={{ listStyle: 'none', m: 0, p: 2, borderRadius: 2, bgcolor: 'grey.100', display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(2, max-content)' }, columnGap: 4, rowGap: 0.75, justifyContent: 'center' }}
      >
        {codes.map((code) => (
          <Box component="li" key={code} sx={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: 16 }}>
            {code}
          </Box>
        ))}
      </Box>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 1.5 }}>
        <Button variant="outlined" startIcon={<ContentCopyOutlined />} onClick={() => void copy()}>
          Copy codes
        </Button>
        <Button variant="outlined" startIcon={<DownloadOutlined />} onClick={() => saveBlob(new Blob([recoveryCodesText(codes, label)], { type: 'text/plain;charset=utf-8' }), 'scanbase-recovery-codes.txt')}>
          Download .txt
        </Button>
      </Box>
      <Typography variant="body2" color="text.secondary" role="status" sx={{ mt: 1, minHeight: 20 }}>
        {status}
      </Typography>
    </Box>
  );
}
