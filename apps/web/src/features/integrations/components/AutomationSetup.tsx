import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { automationOperations, triggerEventTypes, triggerLabels, triggerSamples, type HookSource } from '@scanbase/contracts/integrations';
import { useId, type ReactNode } from 'react';
import { ApiKeyStep } from './ApiKeyStep';
import { CopyField } from './CopyField';
import { IntegrationsBreadcrumb } from './IntegrationsBreadcrumb';
import { RestHookList } from './RestHookList';

/** The address this Scanbase answers at, as Zapier and Make must call it. */
export function scanbaseAddress(): string {
  return window.location.origin;
}

function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  const id = useId();
  return (
    <Paper component="section" aria-labelledby={id} variant="outlined" sx={{ p: { xs: 1.5, sm: 2.5 }, mb: 2 }} data-testid={testId}>
      <Typography id={id} variant="h2" sx={{ fontSize: 20, mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/**
 * A Zapier or Make tab: the steps (given by the page), the account's own address and endpoints, an API key,
 * the triggers with their sample payloads, the actions and searches, and the REST hooks the app has subscribed.
 */
export function AutomationSetup({ source, appName, intro, steps }: { source: HookSource; appName: string; intro: ReactNode; steps: ReactNode[] }) {
  const base = scanbaseAddress();
  const endpoints = [
    ['Connection test', 'hooks/me'],
    ['Subscribe a REST hook', 'hooks/subscribe'],
    ['Unsubscribe a REST hook', 'hooks/unsubscribe'],
    ['Polling fallback', 'hooks/poll'],
    ['Sample payload', 'hooks/sample'],
  ] as const;
  return (
    <Box sx={{ maxWidth: 980 }}>
      <IntegrationsBreadcrumb />
      <Typography variant="h1">{appName}</Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 3, maxWidth: 780 }}>
        {intro}
      </Typography>

      <Section title="Set it up step by step">
        <Box component="ol" sx={{ m: 0, pl: 3, display: 'grid', gap: 1 }}>
          {steps.map((step, i) => (
            <Typography component="li" variant="body2" key={i}>
              {step}
            </Typography>
          ))}
        </Box>
      </Section>

      <Section title="Your address and API key" testId="automation-credentials">
        <CopyField label="Scanbase address" value={base} testId="scanbase-address" />
        <ApiKeyStep appName={appName} />
      </Section>

      <Section title={`${appName} REST hooks`} testId="rest-hooks">
        <RestHookList source={source} appName={appName} />
      </Section>

      <Section title="Endpoints">
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          Every call is a POST with a JSON body and the API key as <code>Authorization: Bearer sb_…</code> (or an <code>X-API-Key</code> header). The app definition already
          uses these; they are here for your own tools.
        </Typography>
        {endpoints.map(([label, path]) => (
          <CopyField key={path} label={label} value={`${base}/api-v2/${path}/`} />
        ))}
      </Section>

      <Section title="Actions and searches" testId="automation-operations">
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          Later steps of a {appName === 'Zapier' ? 'Zap' : 'scenario'} can change Scanbase or look things up. They use the same address and key; the service, database and task
          fields are lists of your own. When Scanbase refuses a step, {appName} shows why, with a code such as <code>NOT_FOUND</code> or <code>FORBIDDEN</code> (a plan
          limit reached).
        </Typography>
        {(['action', 'search'] as const).map((kind) => (
          <Box key={kind} sx={{ mb: 1.5 }}>
            <Typography variant="h3" sx={{ fontSize: 16, fontWeight: 600, mb: 0.5 }}>
              {kind === 'action' ? 'Actions' : 'Searches'}
            </Typography>
            <Box component="ul" sx={{ m: 0, pl: 3, display: 'grid', gap: 0.75 }}>
              {automationOperations
                .filter((o) => o.kind === kind)
                .map((o) => (
                  <Typography component="li" variant="body2" key={o.key} data-testid={`operation-${o.key}`}>
                    <strong>{o.label}</strong>: {o.description}{' '}
                    <Box component="code" sx={{ fontSize: 13, overflowWrap: 'anywhere' }}>
                      /api-v2/{o.route}/
                    </Box>
                  </Typography>
                ))}
            </Box>
          </Box>
        ))}
      </Section>

      <Section title="Triggers and sample payloads">
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          A REST hook receives <code>{'{"type", "timestamp", "data"}'}</code>, signed like every webhook; the trigger’s fields are <code>data</code>. The polling fallback answers
          the same <code>data</code> objects, newest first.
        </Typography>
        {triggerEventTypes.map((event) => (
          <Box key={event} component="details" sx={{ mb: 1, '& summary': { cursor: 'pointer', fontWeight: 600, py: 0.5 } }}>
            <summary>
              {triggerLabels[event]} <Box component="code" sx={{ fontWeight: 400, fontSize: 13 }}>({event})</Box>
            </summary>
            <Box component="pre" sx={{ m: 0, mt: 1, p: 1.5, bgcolor: 'grey.100', borderRadius: 1, overflowX: 'auto', fontSize: 13 }}>
              {JSON.stringify(triggerSamples[event], null, 2)}
            </Box>
          </Box>
        ))}
      </Section>
    </Box>
  );
}
