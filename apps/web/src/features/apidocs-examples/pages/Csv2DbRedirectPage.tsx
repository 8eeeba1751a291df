import CodeOutlined from '@mui/icons-material/CodeOutlined';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { MessagePage } from '../../../ui/MessagePage';
import { documentUrl, shouldLoadStaticPage, staticPageHref } from '../static-page';

/** The example's own address, answered by the server with apps/web/public/apidocs/examples/csv2db.html. */
export const CSV2DB_PATH = '/apidocs/examples/csv2db.html';

/** /apidocs/examples/csv2db.html (app.apidocs.csv2db) reached inside the app: loads the static example page. */
export function Csv2DbRedirectPage() {
  const href = staticPageHref(CSV2DB_PATH, window.location);
  const [missing] = useState(() => !shouldLoadStaticPage(CSV2DB_PATH, documentUrl()));

  useEffect(() => {
    if (!missing) window.location.replace(href);
  }, [href, missing]);

  if (missing) {
    return (
      <MessagePage framed icon={<CodeOutlined />} title="Example: CSV to database">
        <Typography>
          This server has no copy of the example page. It comes with the built web app: rebuild it (<code>npm run build</code>) and restart the
          server.
        </Typography>
      </MessagePage>
    );
  }
  return (
    <MessagePage
      framed
      icon={<CodeOutlined />}
      title="Example: CSV to database"
      actions={
        <Button variant="contained" href={href}>
          Open the example
        </Button>
      }
    >
      <Typography role="status">Opening the example page…</Typography>
    </MessagePage>
  );
}
