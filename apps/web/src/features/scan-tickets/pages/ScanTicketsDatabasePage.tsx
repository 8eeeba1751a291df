import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { SpecializedInstanceDetail } from '@scanbase/contracts/specialized';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { ErrorState } from '../../../ui/QueryStates';
import { RouterLink } from '../../../ui/RouterLink';
import { TextInput } from '../../../ui/TextInput';
import { FormAlert } from '../../auth/components/FormAlert';
import { useAddValue } from '../../databases/hooks/useAddValue';
import { useAutofill } from '../../databases/hooks/useAutofill';
import { useClearDatabase } from '../../databases/hooks/useClearDatabase';
import { InstanceFrame } from '../../specialized/components/InstanceFrame';
import { TicketExportCard } from '../components/TicketExportCard';
import { useTicketsSummary } from '../hooks/useTicketsSummary';
import { autofillBody, type AutofillForm } from '../ticket-form';

type Notice = { text: string; ok: boolean } | null;

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography component="h2" sx={{ fontWeight: 600, mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

function TicketDatabase({ instance, databaseId }: { instance: SpecializedInstanceDetail; databaseId: number }) {
  const client = useQueryClient();
  const summary = useTicketsSummary(instance.id);
  const add = useAddValue();
  const autofill = useAutofill();
  const clear = useClearDatabase();
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [fill, setFill] = useState<AutofillForm>({ count: '100', length: '12', prefix: '' });
  const [fillErrors, setFillErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<Notice>(null);
  const [confirmClear, setConfirmClear] = useState(false);
  const codes = summary.data?.codes;
  const refresh = () => client.invalidateQueries({ queryKey: ['scan-tickets', 'summary', instance.id] });
  const failed = (error: unknown) => setNotice({ text: error instanceof Error ? error.message : 'That did not work. Try again.', ok: false });

  const addCode = async () => {
    const value = code.trim();
    if (value === '') {
      setCodeError('Type or scan a ticket code');
      return;
    }
    setCodeError(null);
    try {
      await add.mutateAsync({ id: databaseId, value, response: '', validity: 1, trim: true });
      setCode('');
      setNotice({ text: `Added ${value}.`, ok: true });
      await refresh();
    } catch (error) {
      setCodeError(error instanceof Error ? error.message : 'Not added. Try again.');
    }
  };

  const runAutofill = async () => {
    const checked = autofillBody(databaseId, fill);
    setFillErrors(checked.issues);
    if (!checked.body) return;
    try {
      const done = await autofill.mutateAsync({ ...checked.body, response: '', start: 1, validity: 1 });
      setNotice({ text: `Added ${done.added.toLocaleString('en-US')} random codes.`, ok: true });
      await refresh();
    } catch (error) {
      failed(error);
    }
  };

  return (
    <Box sx={{ display: 'grid', gap: 2.5 }}>
      <FormAlert message={notice?.text ?? null} severity={notice?.ok ? 'success' : 'error'} />
      <Card title="Ticket codes">
        <Typography sx={{ mb: 1.5 }}>
          {codes === undefined ? 'Counting…' : codes === 0 ? 'No codes yet: add, import or auto-fill them below.' : `${codes.toLocaleString('en-US')} ${codes === 1 ? 'code' : 'codes'} in the list.`}
        </Typography>
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
          <Button variant="outlined" component={RouterLink} href={`/account/databases/${databaseId}/search/`}>
            See and edit the codes
          </Button>
          <Button variant="outlined" component={RouterLink} href={`/account/databases/${databaseId}/manage/`}>
            Import a CSV or Excel file
          </Button>
        </Box>
      </Card>
      <Card title="Add a code">
        <Box
          component="form"
          noValidate
          aria-label="Add a ticket code"
          onSubmit={(event) => {
            event.preventDefault();
            void addCode();
          }}
          sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}
        >
          <Box sx={{ flex: '1 1 240px' }}>
            <TextInput label="Ticket code" value={code} onChange={(event) => setCode(event.target.value)} error={Boolean(codeError)} helperText={codeError ?? 'Exactly as printed on the ticket'} />
          </Box>
          <Button type="submit" variant="contained" disabled={add.isPending} sx={{ mt: 1 }}>
            Add
          </Button>
        </Box>
      </Card>
      <Card title="Auto-fill random codes">
        <Box
          component="form"
          noValidate
          aria-label="Auto-fill random codes"
          onSubmit={(event) => {
            event.preventDefault();
            void runAutofill();
          }}
        >
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            New codes of letters and digits that nobody can guess, none equal to a code already in the list.
          </Typography>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr 1fr' } }}>
            <TextInput label="How many codes" inputMode="numeric" value={fill.count} onChange={(event) => setFill({ ...fill, count: event.target.value })} error={Boolean(fillErrors.count)} helperText={fillErrors.count ?? 'Up to 100,000'} />
            <TextInput label="Characters per code" inputMode="numeric" value={fill.length} onChange={(event) => setFill({ ...fill, length: event.target.value })} error={Boolean(fillErrors.length)} helperText={fillErrors.length ?? '8 to 64'} />
            <TextInput label="Prefix (optional)" value={fill.prefix} onChange={(event) => setFill({ ...fill, prefix: event.target.value })} error={Boolean(fillErrors.prefix)} helperText={fillErrors.prefix ?? 'For example FEST-'} />
          </Box>
          <Button type="submit" variant="contained" sx={{ mt: 2 }} disabled={autofill.isPending} startIcon={autofill.isPending ? <CircularProgress size={18} color="inherit" /> : null}>
            {autofill.isPending ? 'Adding codes…' : 'Add random codes'}
          </Button>
        </Box>
      </Card>
      <TicketExportCard instanceId={instance.id} codes={codes} />
      <Card title="Clear the list">
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          Removes every code: all tickets become unknown at the gate. Scans already made stay in the history.
        </Typography>
        <Button variant="outlined" color="error" onClick={() => setConfirmClear(true)} disabled={codes === 0}>
          Clear all codes…
        </Button>
      </Card>
      <ConfirmDialog
        open={confirmClear}
        title="Clear every ticket code?"
        confirmLabel="Clear all codes"
        danger
        busy={clear.isPending}
        onClose={() => setConfirmClear(false)}
        onConfirm={() =>
          void clear.mutateAsync(databaseId).then(
            async (done) => {
              setConfirmClear(false);
              setNotice({ text: `Removed ${done.removed.toLocaleString('en-US')} codes.`, ok: true });
              await refresh();
            },
            (error: unknown) => {
              setConfirmClear(false);
              failed(error);
            },
          )
        }
      >
        {codes === undefined ? 'Every code' : `All ${codes.toLocaleString('en-US')} codes`} will be removed from the list; this cannot be undone.
      </ConfirmDialog>
    </Box>
  );
}

/** /account/specialized-services/{instanceId}/scan-tickets/database/: the ticket codes: import, add, auto-fill, export as labels or images, clear. */
export function ScanTicketsDatabasePage() {
  return (
    <InstanceFrame type="scan-tickets" tab="database" intro="The codes that get in. Anything not in this list is refused at the gate.">
      {(instance) => (instance.databaseId === null ? <ErrorState message="This ticket gate has no database." /> : <TicketDatabase key={instance.id} instance={instance} databaseId={instance.databaseId} />)}
    </InstanceFrame>
  );
}
