import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { V2Error } from '../../../api/v2-client';
import { EmptyState, ErrorState, LoadingState } from '../../../ui/QueryStates';
import { RouterLink } from '../../../ui/RouterLink';
import { DeleteTemplateDialog } from '../components/DeleteTemplateDialog';
import { TemplateBuilder } from '../components/TemplateBuilder';
import { useExportTemplate } from '../hooks/useExportTemplate';
import { useSaveExportTemplate } from '../hooks/useSaveExportTemplate';
import { useTemplateId } from '../hooks/useTemplateId';
import { templateToForm } from '../template-form';

const back = (
  <Button component={RouterLink} href="/account/scans/templates/" sx={{ ml: -1, mb: 1 }}>
    ← All templates
  </Button>
);

const notFound = (
  <EmptyState
    title="Template not found"
    action={
      <Button variant="contained" component={RouterLink} href="/account/scans/templates/">
        All templates
      </Button>
    }
  >
    This account has no export template with that number. It may have been deleted.
  </EmptyState>
);

/** /account/scans/templates/{templateID}/: change an export template (the services picker only narrows the questions offered), or delete it. */
export function ExportTemplatePage() {
  const id = useTemplateId();
  const template = useExportTemplate(id);
  const save = useSaveExportTemplate();
  const navigate = useNavigate();
  const [serviceIds, setServiceIds] = useState<number[]>([]);
  const [deleting, setDeleting] = useState(false);

  let body;
  if (id === null) body = notFound;
  else if (template.isPending) body = <LoadingState label="Loading the template…" />;
  else if (template.isError) body = template.error instanceof V2Error && template.error.code === 'NOT_FOUND' ? notFound : <ErrorState message={template.error.message} onRetry={() => void template.refetch()} />;
  else {
    const data = template.data;
    body = (
      <>
        <TemplateBuilder
          key={data.id}
          initial={templateToForm(data)}
          serviceIds={serviceIds}
          onServiceIdsChange={setServiceIds}
          submitLabel="Save changes"
          onSave={async (input) => {
            await save.mutateAsync({ id: data.id, input });
            await navigate({ href: '/account/scans/templates/' });
          }}
        />
        <Box sx={{ pb: 2 }}>
          <Button color="error" variant="outlined" onClick={() => setDeleting(true)}>
            Delete template
          </Button>
        </Box>
        <DeleteTemplateDialog template={deleting ? data : null} onClose={() => setDeleting(false)} onDeleted={() => void navigate({ href: '/account/scans/templates/', replace: true })} />
      </>
    );
  }

  return (
    <Box sx={{ maxWidth: 1200 }}>
      {back}
      <Typography variant="h1" sx={{ mb: 3, overflowWrap: 'anywhere' }}>
        {template.data?.name ?? 'Export template'}
      </Typography>
      {body}
    </Box>
  );
}
