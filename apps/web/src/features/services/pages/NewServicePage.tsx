import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { validationMethods, type ValidationMethod } from '@scanbase/contracts/services';
import { useNavigate, useParams } from '@tanstack/react-router';
import { useState } from 'react';
import { RouterLink } from '../../../ui/RouterLink';
import { FormAlert } from '../../auth/components/FormAlert';
import { basicsFieldKeys, basicsVariables, newBasicsForm, type BasicsFormValues } from '../basics-form';
import { BasicsFields } from '../components/BasicsFields';
import { SaveBar } from '../components/SaveBar';
import { useCreateService } from '../hooks/useCreateService';
import { useIssues } from '../hooks/useIssues';
import { serviceErrorIssues } from '../service-errors';
import { serviceTabHref } from '../service-tabs';

function typeParam(raw: string | undefined): ValidationMethod {
  return (validationMethods as readonly string[]).includes(raw ?? '') ? (raw as ValidationMethod) : 'record';
}

/** /account/services/new/{serviceType?}: name the service and give its type what it needs; then on to its users. */
export function NewServicePage() {
  const params: Record<string, string | undefined> = useParams({ strict: false });
  const [form, setForm] = useState<BasicsFormValues>(() => newBasicsForm(typeParam(params.serviceType)));
  const issues = useIssues(basicsFieldKeys);
  const create = useCreateService();
  const navigate = useNavigate();

  const change = (patch: Partial<BasicsFormValues>) => {
    setForm((current) => ({ ...current, ...patch }));
    issues.clear(Object.keys(patch));
  };
  const submit = async () => {
    const checked = basicsVariables(form);
    if (!checked.variables) return issues.setIssues(checked.issues);
    try {
      const service = await create.mutateAsync(checked.variables);
      await navigate({ href: serviceTabHref(service.id, 'users') });
    } catch (error) {
      issues.setIssues(serviceErrorIssues(error, { webKind: form.webKind }));
    }
  };

  return (
    <Box sx={{ maxWidth: 880 }}>
      <Button component={RouterLink} href="/account/services/pre-create/" sx={{ ml: -1, mb: 1 }}>
        ← Choose another type
      </Button>
      <Typography variant="h1">New service</Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 3, maxWidth: 720 }}>
        Step 1 of 4: the basics. After this you choose who may use it, the questions asked after each scan, and optional advanced settings.
      </Typography>
      <Stack
        component="form"
        noValidate
        spacing={2.5}
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <FormAlert message={issues.general} />
        <BasicsFields value={form} onChange={change} errors={issues.fields} mode="create" />
        <SaveBar busy={create.isPending} primary="Create and continue" failed={issues.issues.length > 0} />
      </Stack>
    </Box>
  );
}
