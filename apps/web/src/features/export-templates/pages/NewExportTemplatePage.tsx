import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { RouterLink } from '../../../ui/RouterLink';
import { useListSearch } from '../../tasks/hooks/useListSearch';
import { idListParam, parseIdList } from '../../uploads/upload-filters';
import { TemplateBuilder } from '../components/TemplateBuilder';
import { useSaveExportTemplate } from '../hooks/useSaveExportTemplate';
import { newTemplateForm } from '../template-form';

/** /account/scans/templates/new/?ids=1,2: a new export template; `ids` are the SERVICE ids whose questions are offered (kept in the address). */
export function NewExportTemplatePage() {
  const { search, update } = useListSearch();
  const serviceIds = parseIdList(search.ids);
  const save = useSaveExportTemplate();
  const navigate = useNavigate();
  const [initial] = useState(newTemplateForm);
  return (
    <Box sx={{ maxWidth: 1200 }}>
      <Button component={RouterLink} href="/account/scans/templates/" sx={{ ml: -1, mb: 1 }}>
        ← All templates
      </Button>
      <Typography variant="h1">New export template</Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 3, maxWidth: 760 }}>
        Choose the columns of the export, their order and headers, and how dates are written.
      </Typography>
      <TemplateBuilder
        initial={initial}
        serviceIds={serviceIds}
        onServiceIdsChange={(ids) => update({ ids: idListParam(ids) })}
        submitLabel="Save template"
        onSave={async (input) => {
          await save.mutateAsync({ id: null, input });
          await navigate({ href: '/account/scans/templates/' });
        }}
      />
    </Box>
  );
}
