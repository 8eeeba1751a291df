import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ResultView } from '../result-view';
import { webContent } from '../scan-submit';
import { WebContentFrame } from './WebContentFrame';

/** The response text of a result: plain text, HTML in a script-less sandbox, or a link to open. */
export function ResponseContent({ view }: { view: ResultView }) {
  if (!view.text.trim()) return null;
  if (view.textKind === 'html') {
    return <Box component="iframe" title="Response" srcDoc={view.text} sandbox="" sx={{ width: '100%', height: 220, border: 0, borderRadius: 2, bgcolor: '#fff', display: 'block' }} />;
  }
  if (view.textKind === 'url') {
    const content = webContent(`<curl>${view.text.trim()}</curl>`);
    return (
      <Box sx={{ display: 'grid', gap: 1 }}>
        {content.kind === 'url' ? <WebContentFrame content={content} title="Response page" height={260} /> : null}
        <Link href={view.text} target="_blank" rel="noopener noreferrer" sx={{ color: 'inherit', fontSize: 20, fontWeight: 600, overflowWrap: 'anywhere' }}>
          Open the response page
        </Link>
      </Box>
    );
  }
  return (
    <Typography data-testid="result-text" sx={{ fontSize: { xs: 22, sm: 26 }, fontWeight: 500, lineHeight: 1.35, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {view.text}
    </Typography>
  );
}
