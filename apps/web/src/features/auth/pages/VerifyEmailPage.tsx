import { zodResolver } from '@hookform/resolvers/zod';
import { resendVerification } from '@scanbase/contracts/auth';
import MarkEmailUnreadOutlined from '@mui/icons-material/MarkEmailUnreadOutlined';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { TextInput } from '../../../ui/TextInput';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useServices } from '../../../app/useServices';
import { PublicFrame } from '../../../ui/PublicFrame';
import { RouterLink } from '../../../ui/RouterLink';
import { useQueryParam } from '../../../ui/useQueryParam';
import { AuthHeading } from '../components/AuthHeading';
import { FormAlert } from '../components/FormAlert';
import { SubmitButton } from '../components/SubmitButton';
import { useServerErrors } from '../hooks/useServerErrors';

type Input = z.input<typeof resendVerification.body>;
type Output = z.output<typeof resendVerification.body>;

/** /verify-email: the address must be confirmed before signing in; the link can be sent again. */
export function VerifyEmailPage() {
  const { v2 } = useServices();
  const email = useQueryParam('email') ?? '';
  const [sent, setSent] = useState(false);
  const { register, handleSubmit, setError, formState } = useForm<Input, unknown, Output>({ resolver: zodResolver(resendVerification.body), defaultValues: { email } });
  const { message, report } = useServerErrors(setError, ['email']);

  const onSubmit = async (values: Output) => {
    try {
      await v2.call(resendVerification, values);
      setSent(true);
    } catch (error) {
      report(error);
    }
  };

  return (
    <PublicFrame>
      <Box sx={{ color: 'primary.main', mb: 1 }}>
        <MarkEmailUnreadOutlined sx={{ fontSize: 44 }} />
      </Box>
      <AuthHeading title="Check your email">
        {email ? (
          <>
            We sent a verification link to <strong>{email}</strong>. Open it to activate your account.
          </>
        ) : (
          'Your email address is not verified yet. Open the link we sent you to activate your account.'
        )}
      </AuthHeading>
      <FormAlert message={sent ? 'A new link is on its way. It can take a minute to arrive; check your spam folder too.' : null} severity="success" />
      <FormAlert message={message} />
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        No email? Send the link again:
      </Typography>
      <Stack component="form" spacing={2} noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
        <TextInput label="Email" type="email" autoComplete="email" {...register('email')} error={Boolean(formState.errors.email)} helperText={formState.errors.email?.message} />
        <SubmitButton busy={formState.isSubmitting}>Send the link again</SubmitButton>
      </Stack>
      <Typography variant="body2" sx={{ mt: 3, textAlign: 'center' }}>
        <Link component={RouterLink} href="/signin">
          Back to sign in
        </Link>
      </Typography>
    </PublicFrame>
  );
}
