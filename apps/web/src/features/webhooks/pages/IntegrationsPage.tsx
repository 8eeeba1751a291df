import Add from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { WebhookDelivery, WebhookSubscription } from '@scanbase/contracts/webhooks';
import { useRef, useState } from 'react';
import { useSession } from '../../../session/useSession';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { EmptyState, ErrorState, LoadingState } from '../../../ui/QueryStates';
import { FormAlert } from '../../auth/components/FormAlert';
import { useServiceOptions } from '../../app-users/hooks/useServiceOptions';
import { DeliveryDialog } from '../components/DeliveryDialog';
import { DeliveryLog } from '../components/DeliveryLog';
import { OtherIntegrations } from '../components/OtherIntegrations';
import { WebhookDialog } from '../components/WebhookDialog';
import { WebhookList } from '../components/WebhookList';
import { WebhookSecretDialog } from '../components/WebhookSecretDialog';
import { useCreateWebhook } from '../hooks/useCreateWebhook';
import { useDeleteWebhook } from '../hooks/useDeleteWebhook';
import { useRedeliverWebhook } from '../hooks/useRedeliverWebhook';
import { useRotateWebhookSecret } from '../hooks/useRotateWebhookSecret';
import { useTestWebhook } from '../hooks/useTestWebhook';
import { useUpdateWebhook } from '../hooks/useUpdateWebhook';
import type { DeliveryFilter } from '../hooks/useWebhookDeliveries';
import { useWebhooks } from '../hooks/useWebhooks';

type Notice = { text: string; severity: 'success' | 'error' | 'info' };

/** /account/integrations/: the integrations hub. Webhooks (subscriptions, secrets, test, delivery log) and cards for the other integrations. */
export function IntegrationsPage() {
  const { user } = useSession();
  const timeZone = user?.timezone || undefined;
  const hooks = useWebhooks();
  const services = useServiceOptions();
  const create = useCreateWebhook();
  const update = useUpdateWebhook();
  const remove = useDeleteWebhook();
  const rotate = useRotateWebhookSecret();
  const test = useTestWebhook();
  const redeliver = useRedeliverWebhook();
  const [editing, setEditing] = useState<WebhookSubscription | 'new' | null>(null);
  const [secret, setSecret] = useState<{ title: string; secret: string; rotated: boolean } | null>(null);
  const [deleting, setDeleting] = useState<WebhookSubscription | null>(null);
  const [rotating, setRotating] = useState<WebhookSubscription | null>(null);
  const [busyId, setBusyId] = useState<number | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [filter, setFilter] = useState<DeliveryFilter>({ page: 1, limit: 25 });
  const [open, setOpen] = useState<WebhookDelivery | null>(null);
  const logHeading = useRef<HTMLHeadingElement>(null);

  const subscriptions = hooks.data?.items ?? [];
  const serviceName = (id: number) => services.data?.items.find((s) => s.id === id)?.name ?? `Service #${id}`;
  const urlOf = (id: number) => subscriptions.find((s) => s.id === id)?.url ?? `#${id}`;
  const startAdd = () => {
    create.reset();
    setNotice(null);
    setEditing('new');
  };
  const addButton = (
    <Button variant="contained" startIcon={<Add />} onClick={startAdd}>
      Add webhook
    </Button>
  );

  const sendTest = (s: WebhookSubscription) => {
    setBusyId(s.id);
    setNotice(null);
    test.mutate(s.id, {
      onSuccess: (d) => {
        setNotice(
          d.status === 'succeeded'
            ? { text: `Test event delivered to ${s.url}: HTTP ${d.httpStatus ?? ''} in ${d.durationMs ?? 0} ms.`, severity: 'success' }
            : { text: `The test event was not accepted by ${s.url}: ${d.error ?? 'no reply'}`, severity: 'error' },
        );
        setOpen(d);
      },
      onError: (e) => setNotice({ text: e.message, severity: 'error' }),
      onSettled: () => setBusyId(null),
    });
  };
  const toggle = (s: WebhookSubscription) => {
    setBusyId(s.id);
    setNotice(null);
    update.mutate(
      { id: s.id, active: !s.active },
      {
        onSuccess: (next) => setNotice({ text: next.active ? `Resumed: events are sent to ${next.url} again.` : `Paused: no events are recorded for ${next.url} until you resume it.`, severity: 'success' }),
        onError: (e) => setNotice({ text: e.message, severity: 'error' }),
        onSettled: () => setBusyId(null),
      },
    );
  };
  const showDeliveries = (s: WebhookSubscription) => {
    setFilter({ page: 1, limit: filter.limit, subscriptionId: s.id });
    logHeading.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    logHeading.current?.focus();
  };

  let list;
  if (hooks.isPending) list = <LoadingState label="Loading webhooks…" />;
  else if (hooks.isError) list = <ErrorState message={hooks.error.message} onRetry={() => void hooks.refetch()} />;
  else if (subscriptions.length === 0)
    list = (
      <EmptyState title="No webhooks yet" action={addButton}>
        A webhook sends an event to your server the moment something happens: a scan is stored or edited, a database value changes, a task run ends. Each request is
        signed so your server can check it came from Scanbase.
      </EmptyState>
    );
  else
    list = (
      <>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2, flexWrap: 'wrap' }}>
          <Typography variant="body2" color="text.secondary" sx={{ flex: '1 1 240px' }}>
            {subscriptions.length === 1 ? '1 subscription' : `${subscriptions.length} subscriptions`}. Deliveries are retried for about a day; a subscription failing for 3 days is
            paused and the account’s admin is mailed.
          </Typography>
          {addButton}
        </Box>
        <WebhookList
          subscriptions={subscriptions}
          serviceName={serviceName}
          timeZone={timeZone}
          busyId={busyId}
          onTest={sendTest}
          onEdit={(s) => {
            update.reset();
            setNotice(null);
            setEditing(s);
          }}
          onToggle={toggle}
          onRotate={(s) => {
            rotate.reset();
            setRotating(s);
          }}
          onDelete={(s) => {
            remove.reset();
            setDeleting(s);
          }}
          onShowDeliveries={showDeliveries}
        />
      </>
    );

  return (
    <Box sx={{ maxWidth: 1200 }}>
      <Typography variant="h1">Integrations</Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 3, maxWidth: 760 }}>
        Connect Scanbase to your own systems. Webhooks push events to a URL of yours as they happen; the other integrations follow.
      </Typography>
      <FormAlert message={notice?.text ?? null} severity={notice?.severity ?? 'info'} />

      <Box component="section" aria-labelledby="webhooks-heading" sx={{ mb: 5 }}>
        <Typography id="webhooks-heading" variant="h2" sx={{ mb: 2 }}>
          Webhooks
        </Typography>
        {list}
      </Box>

      {subscriptions.length > 0 ? (
        <Box component="section" aria-labelledby="deliveries-heading" sx={{ mb: 5 }}>
          <Typography id="deliveries-heading" ref={logHeading} tabIndex={-1} variant="h2" sx={{ mb: 2, scrollMarginTop: 80, '&:focus': { outline: 'none' } }}>
            Delivery log
          </Typography>
          <DeliveryLog subscriptions={subscriptions} filter={filter} onFilter={setFilter} timeZone={timeZone} onOpen={(d) => { redeliver.reset(); setOpen(d); }} />
        </Box>
      ) : null}

      <Box component="section" aria-labelledby="other-heading">
        <Typography id="other-heading" variant="h2" sx={{ mb: 2 }}>
          Other integrations
        </Typography>
        <OtherIntegrations />
      </Box>

      {editing !== null ? (
        <WebhookDialog
          subscription={editing === 'new' ? undefined : editing}
          busy={editing === 'new' ? create.isPending : update.isPending}
          error={editing === 'new' ? create.error : update.error}
          onClose={() => setEditing(null)}
          onSubmit={(body) => {
            if (editing === 'new')
              create.mutate(body, {
                onSuccess: (reply) => {
                  setEditing(null);
                  setSecret({ title: 'Webhook added', secret: reply.secret, rotated: false });
                },
              });
            else
              update.mutate(
                { id: editing.id, ...body },
                {
                  onSuccess: () => {
                    setEditing(null);
                    setNotice({ text: 'Webhook saved.', severity: 'success' });
                  },
                },
              );
          }}
        />
      ) : null}
      {secret ? <WebhookSecretDialog title={secret.title} secret={secret.secret} rotated={secret.rotated} onClose={() => setSecret(null)} /> : null}
      <ConfirmDialog
        open={rotating !== null}
        title="Rotate the signing secret?"
        confirmLabel="Rotate secret"
        busy={rotate.isPending}
        onClose={() => setRotating(null)}
        onConfirm={() => {
          if (!rotating) return;
          rotate.mutate(rotating.id, {
            onSuccess: (reply) => {
              setRotating(null);
              setSecret({ title: 'New signing secret', secret: reply.secret, rotated: true });
            },
          });
        }}
      >
        A new secret is made and shown once. For 24 hours every delivery to {rotating ? <strong>{rotating.url}</strong> : null} is signed with both the old and the new
        secret, so the receiver keeps working while you switch it over.
        {rotate.error ? (
          <Box component="span" role="alert" sx={{ display: 'block', mt: 1.5, color: 'error.main' }}>
            {rotate.error.message}
          </Box>
        ) : null}
      </ConfirmDialog>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this webhook?"
        confirmLabel="Delete webhook"
        danger
        busy={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          const { url, id } = deleting;
          remove.mutate(id, {
            onSuccess: () => {
              setDeleting(null);
              if (filter.subscriptionId === id) setFilter({ page: 1, limit: filter.limit });
              setNotice({ text: `The webhook for ${url} was deleted.`, severity: 'success' });
            },
          });
        }}
      >
        No more events are sent to {deleting ? <strong>{deleting.url}</strong> : null}, and its delivery log is deleted with it. This cannot be undone.
        {remove.error ? (
          <Box component="span" role="alert" sx={{ display: 'block', mt: 1.5, color: 'error.main' }}>
            {remove.error.message}
          </Box>
        ) : null}
      </ConfirmDialog>
      {open ? (
        <DeliveryDialog
          delivery={open}
          url={urlOf(open.subscriptionId)}
          timeZone={timeZone}
          busy={redeliver.isPending}
          error={redeliver.error?.message ?? null}
          onClose={() => setOpen(null)}
          onRedeliver={() =>
            redeliver.mutate(open.id, {
              onSuccess: (d) => {
                setOpen(null);
                setNotice({ text: `Delivery #${open.id} is queued to be sent again (as #${d.id}).`, severity: 'success' });
              },
            })
          }
        />
      ) : null}
    </Box>
  );
}
