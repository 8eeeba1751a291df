import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { WebContent } from '../scan-submit';

/**
 * Web content inside the scanner: a page (<curl>URL</curl>) in an iframe, inline HTML in a sandboxed
 * srcdoc iframe without scripts (an empty sandbox: no scripts, forms, pop-ups or same-origin access),
 * plain text as text. `allowScripts` is only for custom web questions' HTML, still without same-origin access.
 */
export function WebContentFrame({ content, title, height = 420, allowScripts = false }: { content: WebContent; title: string; height?: number | string; allowScripts?: boolean }) {
  if (content.kind === 'text') {
    return content.text ? <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{content.text}</Typography> : null;
  }
  // A page of its own origin keeps it (logins, storage); one on our origin never gets same-origin access to us.
  const ownOrigin = content.kind === 'url' && new URL(content.url).origin === window.location.origin;
  const sandbox =
    content.kind === 'html' ? (allowScripts ? 'allow-scripts allow-forms' : '') : `allow-scripts allow-forms allow-popups${ownOrigin ? '' : ' allow-same-origin'}`;
  return (
    <Box
      component="iframe"
      title={title}
      src={content.kind === 'url' ? content.url : undefined}
      srcDoc={content.kind === 'html' ? content.html : undefined}
      sandbox={sandbox}
      referrerPolicy="no-referrer"
      sx={{ width: '100%', height, border: '1px solid #dde3ea', borderRadius: 2, bgcolor: '#fff', display: 'block' }}
    />
  );
}
