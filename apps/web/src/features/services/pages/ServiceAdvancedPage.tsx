import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { Service } from '@scanbase/contracts/services';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { FormAlert } from '../../auth/components/FormAlert';
import { FormSection } from '../../tasks/components/FormSection';
import { advancedFieldKeys, advancedToForm, advancedVariables, type AdvancedFormValues } from '../advanced-form';
import { DirectScanField, ForwardingFields, SyncFields, UploadEmailFields } from '../components/DeliveryFields';
import { PeriodFields } from '../components/PeriodFields';
import { RewriteFields } from '../components/RewriteFields';
import { SaveBar } from '../components/SaveBar';
import { ScanBehaviourFields } from '../components/ScanBehaviourFields';
import { ScanLimitFields } from '../components/ScanLimitFields';
import { ServiceFrame } from '../components/ServiceFrame';
import { SymbologyFields } from '../components/SymbologyFields';
import { useIssues } from '../hooks/useIssues';
import { useUpdateService } from '../hooks/useUpdateService';
import { serviceErrorIssues } from '../service-errors';
import { nextTab, serviceTabHref } from '../service-tabs';
import { usesDatabase } from '../service-types';

function AdvancedForm({ service }: { service: Service }) {
  const [form, setForm] = useState<AdvancedFormValues>(() => advancedToForm(service));
  const [saved, setSaved] = useState(false);
  const issues = useIssues(advancedFieldKeys);
  const update = useUpdateService();
  const navigate = useNavigate();
  const next = nextTab('advanced');
  const type = service.validationMethod;
  const onDevice = type === 'ondevicerecord' || type === 'ondevicedatabase';

  const change = (patch: Partial<AdvancedFormValues>) => {
    setForm((current) => ({ ...current, ...patch }));
    setSaved(false);
    issues.clear(Object.keys(patch));
  };
  const save = async (andContinue: boolean) => {
    const checked = advancedVariables(service, form);
    if (!checked.variables) return issues.setIssues(checked.issues);
    try {
      if (Object.keys(checked.variables).length > 0) await update.mutateAsync({ id: service.id, variables: checked.variables });
      issues.setIssues([]);
      if (andContinue) await navigate({ href: serviceTabHref(service.id, next.value) });
      else setSaved(true);
    } catch (error) {
      issues.setIssues(serviceErrorIssues(error, { scanPattern: form.scanPattern, responsePattern: form.responsePattern, forwarding: type !== 'postback' }));
    }
  };
  const part = { value: form, onChange: change, errors: issues.fields };

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
      <FormSection title="When it can be used" hint="Outside this period the scanner app does not offer the service.">
        <PeriodFields {...part} />
      </FormSection>
      <FormSection title="Barcode types" hint="Which kinds of barcode the scanner reads for this service.">
        <SymbologyFields value={form} onChange={change} error={issues.fields.symbologies} />
      </FormSection>
      <FormSection title="Scanning" hint="What happens after a scan and what people may do in the app.">
        <ScanBehaviourFields {...part} usesDatabase={usesDatabase(type)} />
      </FormSection>
      {type !== 'webview' ? (
        <FormSection title="Scans per value" hint="For passes and re-entry rules: a value scanned more often than this in the window is invalid.">
          <ScanLimitFields {...part} />
        </FormSection>
      ) : null}
      {type !== 'webview' ? (
        <FormSection title="Rewrite values" hint="For experts: regular expressions that change text before it is used.">
          <RewriteFields {...part} showResponse={usesDatabase(type) || type === 'postback'} />
        </FormSection>
      ) : null}
      {onDevice ? (
        <FormSection title="Offline sync" hint="How phones exchange scans and database values with Scanbase.">
          <SyncFields {...part} />
        </FormSection>
      ) : null}
      <FormSection title="Email after each upload">
        <UploadEmailFields {...part} />
      </FormSection>
      <FormSection title={type === 'postback' ? 'Your server' : 'Send scans to your server too'} hint={type === 'postback' ? undefined : 'Optional: a copy of each scan goes to your own system.'}>
        {type === 'postback' ? <DirectScanField {...part} /> : <ForwardingFields {...part} />}
      </FormSection>
      <FormSection title="Scanner configuration" hint="For experts: scanner settings as JSON, passed to the app as they are. Leave empty for none.">
        <TextField
          label="Configuration (JSON)"
          fullWidth
          multiline
          minRows={3}
          placeholder='{"beep": true}'
          value={form.decoderConfig}
          onChange={(event) => change({ decoderConfig: event.target.value })}
          error={Boolean(issues.fields.decoderConfig)}
          helperText={issues.fields.decoderConfig}
          slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace', fontSize: 13 } } }}
        />
      </FormSection>
      <SaveBar busy={update.isPending} primary={`Save and continue to ${next.label}`} onSaveOnly={() => void save(false)} failed={issues.issues.length > 0} saved={saved} />
    </Stack>
  );
}

/** /account/services/{serviceId}/advanced/: active period, barcode types, app behaviour, rewrites, sync, emails, forwarding, scanner JSON. */
export function ServiceAdvancedPage() {
  return (
    <ServiceFrame tab="advanced" intro="Optional settings. The defaults suit most services; change only what you need.">
      {(service) => <AdvancedForm key={service.id} service={service} />}
    </ServiceFrame>
  );
}
