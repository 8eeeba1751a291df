import AddOutlined from '@mui/icons-material/AddOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { ExportTemplate } from '@scanbase/contracts/scan-data';
import { useState } from 'react';
import { useSession } from '../../../session/useSession';
import { EmptyState, ErrorState, LoadingState } from '../../../ui/QueryStates';
import { RouterLink } from '../../../ui/RouterLink';
import { DeleteTemplateDialog } from '../components/DeleteTemplateDialog';
import { TemplatesList } from '../components/TemplatesList';
import { useExportTemplateList } from '../hooks/useExportTemplateList';

const newButton = (label: string) => (
  <Button variant="contained" component={RouterLink} href="/account/scans/templates/new/" startIcon={<AddOutlined />}>
    {label}
  </Button>
);

/** /account/scans/templates/: the account's export templates, with New, Edit and Delete. */
export function ExportTemplatesPage() {
  const { user } = useSession();
  const list = useExportTemplateList();
  const [deleting, setDeleting] = useState<ExportTemplate | null>(null);
  const items = list.data?.items ?? [];
  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="h1" sx={{ flexGrow: 1 }}>
          Export templates
        </Typography>
        {items.length > 0 ? newButton('New template') : null}
      </Box>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 3, maxWidth: 760 }}>
        The layout of a scan export: which columns, in what order, under which headers, and how dates are written. Scheduled &ldquo;Export scans with a
        template&rdquo; tasks use them.
      </Typography>
      {list.isPending ? (
        <LoadingState label="Loading templates…" />
      ) : list.isError ? (
        <ErrorState message={list.error.message} onRetry={() => void list.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState title="No export templates yet" action={newButton('Create your first template')}>
          Exports without a template have Scanbase&rsquo;s default columns: every scan field, then a column per question and per property. A template picks
          just the columns you need (say, the barcode, the time and one answer), puts them in your order under your own headers, and writes dates the way your
          spreadsheet or system expects.
        </EmptyState>
      ) : (
        <TemplatesList templates={items} timeZone={user?.timezone || undefined} onDelete={setDeleting} />
      )}
      <DeleteTemplateDialog template={deleting} onClose={() => setDeleting(null)} />
    </Box>
  );
}
