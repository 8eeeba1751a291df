import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import type { BusinessDetails } from '@scanbase/contracts/billing';
import { useState } from 'react';
import { V2Error } from '../../../api/v2-client';
import { TextInput } from '../../../ui/TextInput';
import { useUpdateBusinessDetails } from '../hooks/useUpdateBusinessDetails';

const fields: { key: keyof BusinessDetails; label: string; wide?: boolean }[] = [
  { key: 'companyName', label: 'Company name', wide: true },
  { key: 'addressLine1', label: 'Address', wide: true },
  { key: 'addressLine2', label: 'Address (line 2)', wide: true },
  { key: 'postalCode', label: 'Postal code' },
  { key: 'city', label: 'City' },
  { key: 'country', label: 'Country' },
  { key: 'taxId', label: 'Tax id (VAT, EIN, ...)' },
  { key: 'billingEmail', label: 'Billing email', wide: true },
];

/** The billing address, tax id and billing email printed on new invoices. */
export function BusinessForm({ stored }: { stored: BusinessDetails }) {
  const update = useUpdateBusinessDetails();
  const [form, setForm] = useState<BusinessDetails>(stored);
  const [errors, setErrors] = useState<Partial<Record<keyof BusinessDetails, string>>>({});
  const [saved, setSaved] = useState(false);
  const save = () =>
    update.mutate(form, {
      onSuccess: (details) => {
        setForm(details);
        setErrors({});
        setSaved(true);
      },
      onError: (error) => {
        if (error instanceof V2Error) setErrors(Object.fromEntries(error.fieldIssues.map((i) => [i.path, i.message])));
      },
    });
  return (
    <Paper variant="outlined" component="form" noValidate onSubmit={(e) => (e.preventDefault(), save())} sx={{ p: { xs: 2, sm: 3 }, maxWidth: 760 }}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        {fields.map((f) => (
          <Box key={f.key} sx={{ gridColumn: f.wide ? { sm: '1 / -1' } : undefined }}>
            <TextInput
              label={f.label}
              value={form[f.key]}
              error={errors[f.key] !== undefined}
              helperText={errors[f.key]}
              onChange={(e) => {
                const value = e.target.value;
                setForm((current) => ({ ...current, [f.key]: value }));
                setSaved(false);
              }}
            />
          </Box>
        ))}
      </Box>
      {saved ? (
        <Alert severity="success" sx={{ mt: 2 }}>
          Saved. New invoices carry these details.
        </Alert>
      ) : null}
      {update.isError && Object.keys(errors).length === 0 ? (
        <Alert severity="error" sx={{ mt: 2 }}>
          {update.error.message}
        </Alert>
      ) : null}
      <Button type="submit" variant="contained" sx={{ mt: 2 }} disabled={update.isPending}>
        Save
      </Button>
    </Paper>
  );
}
