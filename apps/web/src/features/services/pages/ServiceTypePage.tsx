import Stack from '@mui/material/Stack';
import type { Service } from '@scanbase/contracts/services';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { FormAlert } from '../../auth/components/FormAlert';
import { basicsFieldKeys, basicsToForm, basicsVariables, type BasicsFormValues } from '../basics-form';
import { BasicsFields } from '../components/BasicsFields';
import { SaveBar } from '../components/SaveBar';
import { ServiceFrame } from '../components/ServiceFrame';
import { useIssues } from '../hooks/useIssues';
import { useUpdateService } from '../hooks/useUpdateService';
import { serviceErrorIssues } from '../service-errors';
import { nextTab, serviceTabHref } from '../service-tabs';

function TypeForm({ service }: { service: Service }) {
  const [form, setForm] = useState<BasicsFormValues>(() => basicsToForm(service));
  const [saved, setSaved] = useState(false);
  const issues = useIssues(basicsFieldKeys);
  const update = useUpdateService();
  const navigate = useNavigate();
  const next = nextTab('type');

  const change = (patch: Partial<BasicsFormValues>) => {
    setForm((current) => ({ ...current, ...patch }));
    setSaved(false);
    issues.clear(Object.keys(patch));
  };
  const save = async (andContinue: boolean) => {
    const checked = basicsVariables(form, service);
    if (!checked.variables) return issues.setIssues(checked.issues);
    try {
      await update.mutateAsync({ id: service.id, variables: checked.variables });
      issues.setIssues([]);
      if (andContinue) await navigate({ href: serviceTabHref(service.id, next.value) });
      else setSaved(true);
    } catch (error) {
      issues.setIssues(serviceErrorIssues(error, { webKind: form.webKind }));
    }
  };

  return (
    <Stack
      component="form"
      noValidate
      spacing={2.5}
      onSubmit={(event) => {
        event.preventDefault();
        void save(true);
      }}
    >
      <FormAlert message={issues.general} />
      <BasicsFields value={form} onChange={change} errors={issues.fields} mode="edit" />
      <SaveBar busy={update.isPending} primary={`Save and continue to ${next.label}`} onSaveOnly={() => void save(false)} failed={issues.issues.length > 0} saved={saved} />
    </Stack>
  );
}

/** /account/services/{serviceId}/type/: name, type, database or address, duplicates. */
export function ServiceTypePage() {
  return (
    <ServiceFrame tab="type" intro="What the scanner app does with each scan. Changing the type later keeps the scans already made.">
      {(service) => <TypeForm key={service.id} service={service} />}
    </ServiceFrame>
  );
}
