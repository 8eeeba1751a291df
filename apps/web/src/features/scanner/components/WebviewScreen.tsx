import Box from '@mui/material/Box';
import type { AppService } from '@scanbase/contracts/scanner';
import { webContent } from '../scan-submit';
import { WebContentFrame } from './WebContentFrame';

/** A webview service: its content fills the screen; nothing is scanned. */
export function WebviewScreen({ service }: { service: AppService }) {
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth: 960, mx: 'auto' }}>
      <WebContentFrame content={webContent(service.description)} title={service.name} height="calc(100vh - 90px)" />
    </Box>
  );
}
