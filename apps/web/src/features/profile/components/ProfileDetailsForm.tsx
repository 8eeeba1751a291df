import { zodResolver } from '@hookform/resolvers/zod';
import type { Profile } from '@scanbase/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { TextInput } from '../../../ui/TextInput';
import { FormAlert } from '../../auth/components/FormAlert';
import { useServerErrors } from '../../auth/hooks/useServerErrors';
import { TimeZoneField } from '../../tasks/components/TimeZoneField';
import { useUpdateProfile } from '../hooks/useUpdateProfile';

const form = z.object({ name: z.string().trim().min(1, 'Enter your name').max(120, 'A name has at most 120 characters'), timezone: z.string().min(1, 'Choose a time zone') });
type Values = z.infer<typeof form>;

/** Name and time zone of the signed-in person. */
export function ProfileDetailsForm({ profile }: { profile: Profile }) {
  const update = useUpdateProfile();
  const [saved, setSaved] = useState(false);
  const { register, handleSubmit, setError, control, formState, reset } = useForm<Values>({ resolver: zodResolver(form), values: { name: profile.name, timezone: profile.timezone } });
  const { message, setMessage, report } = useServerErrors(setError, ['name', 'timezone']);

  const onSubmit = async (values: Values) => {
    setSaved(false);
    setMessage(null);
    try {
      const { profile: next } = await update.mutateAsync({ name: values.name, timezone: values.timezone });
      reset({ name: next.name, timezone: next.timezone });
      setSaved(true);
    } catch (error) {
      report(error);
    }
  };

  return (
    <Box component="form" noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
      <FormAlert message={message} />
      <FormAlert message={saved && !formState.isDirty ? 'Saved.' : null} severity="success" />
      <Stack spacing={2.5}>
        <TextInput label="Name" autoComplete="name" {...register('name')} error={Boolean(formState.errors.name)} helperText={formState.errors.name?.message} />
        <Controller
          control={control}
          name="timezone"
          render={({ field, fieldState }) => (
            <TimeZoneField
              value={field.value}
              onChange={field.onChange}
              error={fieldState.error?.message}
              helperText={profile.kind === 'owner' ? 'Also the account’s time zone.' : 'Times are shown to you in this zone.'}
              disabled={formState.isSubmitting}
            />
          )}
        />
        <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button type="submit" variant="contained" disabled={formState.isSubmitting || !formState.isDirty} startIcon={formState.isSubmitting ? <CircularProgress size={16} color="inherit" /> : null} sx={{ width: { xs: '100%', sm: 'auto' } }}>
            Save
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
