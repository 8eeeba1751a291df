import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { v2ErrorStatus } from '@scanbase/contracts';
import { legacyActionErrorMeanings, legacyGenericErrors } from '@scanbase/contracts/legacy-docs/catalog';
import type { ReactNode } from 'react';
import { overviewAnchors } from '../docs-pages';
import { CodeBlock } from './CodeBlock';
import { DocsLink } from './DocsLink';
import { DocsTable } from './DocsTable';
import { InlineText } from './InlineText';

const titles = Object.fromEntries(overviewAnchors) as Record<(typeof overviewAnchors)[number][0], string>;

function Part({ id, children }: { id: keyof typeof titles; children: ReactNode }) {
  return (
    <Box component="section" id={id} aria-labelledby={`${id}-heading`} sx={{ scrollMarginTop: { xs: 124, sm: 80 }, pt: 3, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 1.5, '&:focus': { outline: 'none' } }}>
      <Typography id={`${id}-heading`} variant="h5" component="h2">
        {titles[id]}
      </Typography>
      {children}
    </Box>
  );
}

const code = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: 13 } as const;

const v2ErrorMeaning: Record<keyof typeof v2ErrorStatus, string> = {
  BAD_REQUEST: 'The body is not JSON, or multipart that cannot be read.',
  AUTH_FAILED: 'No, unknown or expired credentials; a wrong email or password.',
  FORBIDDEN: 'Your role or privileges do not allow this route, or the account requires two-factor sign-in you have not set up yet (details say `twoFactorSetupRequired`).',
  VERIFY_EMAIL: 'Sign-in before the email address is confirmed.',
  NOT_FOUND: 'No such route or object (another account’s objects read as not found).',
  CONFLICT: 'The object already exists or changed meanwhile.',
  PAYLOAD_TOO_LARGE: 'The body or a file is larger than the server takes.',
  UNSUPPORTED_MEDIA_TYPE: 'Send JSON, or multipart with a params field.',
  VALIDATION_FAILED: 'A field is wrong; details name each field and what is wrong.',
  LIMIT_MINUTE: 'Too many calls; wait as long as the Retry-After header says.',
  INTERNAL_ERROR: 'Something failed on the server; it is logged. Try again.',
  ERROR_MAINTENANCE: 'The server is in maintenance. Try again later.',
};

/** The overview: the two APIs, credentials, transports, replies, limits and every error code. */
export function OverviewContent({ endpoint }: { endpoint: string }) {
  const origin = endpoint.replace(/\/api\/$/, '');
  return (
    <Box>
      <Typography variant="overline" color="text.secondary">
        Scanbase API documentation
      </Typography>
      <Typography variant="h4" component="h1" sx={{ fontSize: { xs: 28, sm: 34 } }}>
        Connect your systems to Scanbase
      </Typography>
      <Typography sx={{ mt: 1 }}>
        Everything the web app does, your code can do: configure services, keep databases of valid values in step with your own
        records, read scans as they arrive, and build your own scanning clients.
      </Typography>

      <Part id="two-apis">
        <Typography>
          <b>The legacy XML API</b> at <Box component="code" sx={code}>{endpoint}</Box> speaks the codeREADr API: integrations
          written for it work unchanged. One endpoint, a <code>section</code> and an <code>action</code> per call, XML replies. Its
          sections each have a page here, starting with <DocsLink page="services">Services</DocsLink> and{' '}
          <DocsLink page="databases">Databases</DocsLink>.
        </Typography>
        <Typography>
          <b>The V2 JSON API</b> at <Box component="code" sx={code}>{origin}/api-v2/</Box> is what the web app itself uses: JSON in
          and out, one route per task, described by an OpenAPI 3.1 document at{' '}
          <Link href="/api-v2/openapi.json">/api-v2/openapi.json</Link>. Read it on the <DocsLink page="v2">V2 JSON API</DocsLink>{' '}
          page; the routes a scanning client needs (<code>/api-v2/app/*</code>) are on the <DocsLink page="scanner">Scanner API</DocsLink> page.
        </Typography>
      </Part>

      <Part id="credentials">
        <Typography>
          <b>Legacy API:</b> send <code>api_key</code> with every call. An administrator creates keys on the API page of the web app
          (or an operator with <code>npm run cli -- apikey:create</code>); a key starts with <code>sb_</code>, is shown once and
          acts as the account&rsquo;s owner, so keep it like a password and revoke it when it leaks. The account&rsquo;s IP
          allow-list, when set, applies to keys. A web session token may be sent as <code>website_token</code> instead; it has the
          rights of the person signed in.
        </Typography>
        <Typography>
          <b>V2 API:</b> <code>Authorization: Bearer &lt;token&gt;</code> with a session token from <code>auth/signin</code>, or for
          the scanner routes an app user&rsquo;s token from <code>app/signin</code>. Who may call each route is written on the
          route in the V2 reference.
        </Typography>
      </Part>

      <Part id="transports">
        <Typography>The legacy API takes the same variables any of these ways; the replies are the same:</Typography>
        <Box component="ol" sx={{ m: 0, pl: 3, display: 'grid', gap: 0.5 }}>
          <li>
            <code>POST</code> with <code>application/x-www-form-urlencoded</code> fields (recommended);
          </li>
          <li>
            <code>POST</code> with <code>multipart/form-data</code> (needed to upload a file, e.g. <DocsLink page="databases" anchor="upload">databases/upload</DocsLink>);
          </li>
          <li>
            <code>GET</code> with a query string;
          </li>
          <li>
            <code>POST</code> of a raw XML body, repeated elements making lists;
          </li>
          <li>
            a form field <code>xml</code> holding that XML document as text.
          </li>
        </Box>
        <CodeBlock
          label="A call as an XML body"
          code={`curl -X POST ${endpoint} -H 'Content-Type: application/xml' --data-binary \\\n  '<xml><section>databases</section><action>showvalues</action><api_key>YOUR_API_KEY</api_key><database_id>1</database_id></xml>'`}
        />
        <Typography>
          Bracketed names are maps and lists written PHP-style: <code>values[0][value]=A-1&amp;values[0][response]=Row 1</code>.
          <code> section</code> and <code>action</code> are matched without regard to case. The V2 API takes <code>POST</code> with a
          JSON body, or multipart with a <code>params</code> field holding the JSON beside file parts.
        </Typography>
      </Part>

      <Part id="replies">
        <Typography>
          Legacy replies are always HTTP 200 and XML. Success carries <code>&lt;status&gt;1&lt;/status&gt;</code>; failure carries{' '}
          <code>&lt;status&gt;0&lt;/status&gt;</code> and an <code>&lt;error code=&quot;N&quot;&gt;</code> with a message. Decide
          success from <code>status</code>, never from the HTTP status. The one exception is{' '}
          <DocsLink page="barcode" anchor="generate">barcode/generate</DocsLink>, which answers an image.
        </Typography>
        <CodeBlock label="A failed legacy reply" code={`<?xml version="1.0" encoding="UTF-8"?>\n<xml><status>0</status><error code="101">API key is missing.</error></xml>`} />
        <Typography>
          Id lists take one id, a comma list with or without spaces (<code>1005, 1010</code>) or <code>all</code>. Flags are{' '}
          <code>0</code> or <code>1</code>. Times in replies are <code>YYYY-MM-DD HH:MM:SS</code>, in America/New_York unless the
          call sends <code>timezone</code> (an IANA name, or <code>account</code> for the account&rsquo;s zone). Text is XML-escaped and
          characters XML forbids are removed.
        </Typography>
        <Typography>
          V2 replies are JSON with a proper HTTP status; lists take <code>page</code>, <code>limit</code> (up to 500),{' '}
          <code>search</code>, <code>sortby</code> and <code>sortdirection</code> and answer <code>{'{ items, total, page, limit }'}</code>.
        </Typography>
      </Part>

      <Part id="limits">
        <Typography>
          Calls with an API key count against the account&rsquo;s per-minute and per-day limits: over the first the reply is code{' '}
          <b>111</b> until the minute ends, over the second <b>113</b> until midnight UTC. Ask how many calls are left with{' '}
          <DocsLink page="limits" anchor="retrieve">limits/retrieve</DocsLink> (<code>-1</code> means unlimited). The V2 API answers{' '}
          <code>429 LIMIT_MINUTE</code> with a <code>Retry-After</code> header. Request bodies over the server&rsquo;s limit are
          refused with <b>102</b> (XML) or <b>105</b>; so are files over the upload limit.
        </Typography>
      </Part>

      <Part id="errors">
        <Typography>Every legacy action may answer these codes; each action&rsquo;s page lists its own besides.</Typography>
        <DocsTable label="Legacy error codes" head={['Code', 'Message', 'When']} rows={legacyGenericErrors.map((e) => [String(e.code), e.text, <InlineText key="when" text={e.when} />] as const)} />
        <Typography>Codes of particular actions (the message of the reply says more):</Typography>
        <DocsTable
          label="Legacy error codes of particular actions"
          head={['Code', 'Meaning']}
          rows={Object.entries(legacyActionErrorMeanings).map(([c, meaning]) => [c, <InlineText key="meaning" text={meaning} />] as const)}
        />
      </Part>

      <Part id="v2-errors">
        <Typography>
          A failed V2 call answers <code>{'{ "error": CODE, "message": "…", "details"?: … }'}</code> with this status:
        </Typography>
        <DocsTable
          label="V2 error codes"
          head={['Code', 'Status', 'When']}
          monoFirst
          rows={Object.entries(v2ErrorStatus).map(([c, status]) => [c, String(status), v2ErrorMeaning[c as keyof typeof v2ErrorStatus]] as const)}
        />
      </Part>

      <Part id="examples">
        <Typography>
          <Link href="/apidocs/examples/csv2db.html">CSV to database</Link>: a page that reads a CSV file in your browser and loads it
          into a database through <DocsLink page="databases" anchor="upsertmultivalue">databases/upsertmultivalue</DocsLink>, with
          progress and per-row errors. View its source to start your own.
        </Typography>
      </Part>
    </Box>
  );
}
