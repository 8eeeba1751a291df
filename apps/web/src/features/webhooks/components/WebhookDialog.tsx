import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { WebhookEventType, WebhookSubscription } from '@scanbase/contracts/webhooks';
import { useId, useState, type FormEvent } from 'react';
import { V2Error } from '../../../api/v2-client';
import { IdPicker } from '../../../ui/IdPicker';
import { FormAlert } from '../../auth/components/FormAlert';
import { useServiceOptions } from '../../app-users/hooks/useServiceOptions';
import { describeEvent, eventGroups, formBody, formIssues, initialForm, usesServiceFilter, type WebhookForm } from '../webhook-form';

type Props = {
  /** The subscription being edited; none: a new one. */
  subscription?: WebhookSubscription | undefined;
  busy: boolean;
  error: Error | null;
  onClose: () => void;
  onSubmit: (body: ReturnType<typeof formBody>) => void;
};

/** Creates or edits a subscription: URL, description, events (checkboxes by group) and the service filter. */
export function WebhookDialog({ subscription, busy, error, onClose, onSubmit }: Props) {
  const titleId = useId();
  const [form, setForm] = useState<WebhookForm>(() => initialForm(subscription));
  const [tried, setTried] = useState(false);
  const services = useServiceOptions();
  const local = tried ? formIssues(form) : {};
  const serverIssues = error instanceof V2Error ? error.fieldIssues : [];
  const issue = (path: 'url' | 'events' | 'description') => local[path] ?? serverIssues.find((i) => i.path === path || i.path.startsWith(`${path}.`))?.message;
  const generalError = error && serverIssues.length === 0 ? error.message : null;

  const toggle = (event: WebhookEventType, on: boolean) => setForm((f) => ({ ...f, events: on ? [...f.events, event] : f.events.filter((e) => e !== event) }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (Object.keys(formIssues(form)).length > 0) return;
    onSubmit(formBody(form));
  };
  const eventsError = issue('events');

  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} maxWidth="md" fullWidth>
      {/* A flex column, so that the content scrolls and the buttons stay in view on a small screen. */}
      <Box component="form" onSubmit={submit} noValidate sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, flex: '1 1 auto' }}>
        <DialogTitle id={titleId}>{subscription ? 'Edit webhook' : 'Add a webhook'}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2.5 }}>
          <FormAlert message={generalError} />
          <TextField
            label="Endpoint URL"
            placeholder="https://example.com/scanbase/webhooks"
            value={form.url}
            onChange={(e) => setForm((f) => ({ ...f, url: e.target.value }))}
            required
            autoFocus
            error={Boolean(issue('url'))}
            helperText={issue('url') ?? 'Scanbase POSTs signed JSON here. Internal addresses are refused unless the install allows them.'}
            slotProps={{ htmlInput: { spellCheck: false, inputMode: 'url' } }}
            sx={{ mt: 1 }}
          />
          <TextField
            label="Description"
            value={form.description}
            onChange={(e) => setForm((f) => ({ ...f, description: e.target.value }))}
            error={Boolean(issue('description'))}
            helperText={issue('description') ?? 'Optional: what receives it, e.g. “ERP sync”.'}
          />
          <FormControl component="fieldset" error={Boolean(eventsError)}>
            <FormLabel component="legend" sx={{ fontWeight: 600, color: 'text.primary', mb: 1 }}>
              Events to send
            </FormLabel>
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}>
              {eventGroups.map((group) => (
                <Box key={group.label}>
                  <Typography variant="subtitle2" component="p" sx={{ mb: 0.5 }}>
                    {group.label}
                  </Typography>
                  <FormGroup>
                    {group.events.map((event) => (
                      <FormControlLabel
                        key={event}
                        sx={{ alignItems: 'flex-start', mb: 0.5 }}
                        control={<Checkbox size="small" checked={form.events.includes(event)} onChange={(e) => toggle(event, e.target.checked)} sx={{ py: 0.25 }} />}
                        label={
                          <Box component="span" sx={{ display: 'block' }}>
                            <Box component="span" sx={{ display: 'block', fontFamily: 'monospace', fontSize: 14 }}>
                              {event}
                            </Box>
                            <Box component="span" sx={{ display: 'block', fontSize: 13, color: 'text.secondary' }}>
                              {describeEvent(event)}
                            </Box>
                          </Box>
                        }
                      />
                    ))}
                  </FormGroup>
                </Box>
              ))}
            </Box>
            {eventsError ? <FormHelperText>{eventsError}</FormHelperText> : null}
          </FormControl>
          {usesServiceFilter(form.events) ? (
            <Box>
              <IdPicker
                label="Only scans and uploads of these services"
                allLabel="All services"
                options={services.data?.items ?? []}
                value={form.serviceIds}
                onChange={(ids) => setForm((f) => ({ ...f, serviceIds: ids }))}
                loading={services.isPending}
                missingName={(id) => `Service #${id} (deleted)`}
                {...(services.isError ? { error: 'Services could not be loaded' } : {})}
              />
              <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                Leave empty for every service. Other events are not filtered by service.
              </Typography>
            </Box>
          ) : null}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {busy ? 'Saving…' : subscription ? 'Save webhook' : 'Add webhook'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
