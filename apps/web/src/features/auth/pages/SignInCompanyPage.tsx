import { zodResolver } from '@hookform/resolvers/zod';
import { email, id } from '@scanbase/contracts/common';
import { signIn } from '@scanbase/contracts/auth';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { TextInput } from '../../../ui/TextInput';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { useServices } from '../../../app/useServices';
import { PublicFrame } from '../../../ui/PublicFrame';
import { RouterLink } from '../../../ui/RouterLink';
import { useQueryParam } from '../../../ui/useQueryParam';
import { AuthHeading } from '../components/AuthHeading';
import { FormAlert } from '../components/FormAlert';
import { PasswordField } from '../components/PasswordField';
import { SubmitButton } from '../components/SubmitButton';
import { useSignInOrSecondStep } from '../hooks/useSignInOrSecondStep';
import { useServerErrors } from '../hooks/useServerErrors';

const form = z.object({
  email,
  password: signIn.body.shape.password,
  accountId: z.coerce.number<string>({ message: 'Enter the company ID' }).pipe(id),
});
type Input = z.input<typeof form>;
type Output = z.output<typeof form>;

/** What a company sign-in page says and where it lands; `back` is the other way in. */
export type CompanySignInCopy = { title: string; intro: string; to: string | undefined; back: { href: string; label: string } };

/** Company ID, email and password: the web sign-in straight into one company (two-factor step included). */
export function CompanySignIn({ copy }: { copy: CompanySignInCopy }) {
  const { v2 } = useServices();
  const { to } = copy;
  const company = useQueryParam('company') ?? '';
  const complete = useSignInOrSecondStep();
  const { register, handleSubmit, setError, formState } = useForm<Input, unknown, Output>({
    resolver: zodResolver(form),
    defaultValues: { email: '', password: '', accountId: company },
  });
  const { message, report } = useServerErrors(setError, ['email', 'password', 'accountId']);

  const onSubmit = async (values: Output) => {
    try {
      const reply = await v2.call(signIn, values);
      if (reply.kind !== 'choose_account') await complete(reply, to);
      else report(new Error('That company ID is not one of yours. Check it, or sign in without it to choose from a list.'));
    } catch (error) {
      report(error);
    }
  };

  return (
    <PublicFrame>
      <AuthHeading title={copy.title}>{copy.intro}</AuthHeading>
      <FormAlert message={message} />
      <Stack component="form" spacing={2.5} noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
        <TextInput label="Company ID" inputProps={{ inputMode: 'numeric' }} {...register('accountId')} error={Boolean(formState.errors.accountId)} helperText={formState.errors.accountId?.message} />
        <TextInput label="Email" type="email" autoComplete="username" {...register('email')} error={Boolean(formState.errors.email)} helperText={formState.errors.email?.message} />
        <PasswordField label="Password" autoComplete="current-password" {...register('password')} error={Boolean(formState.errors.password)} helperText={formState.errors.password?.message} />
        <SubmitButton busy={formState.isSubmitting}>Sign in</SubmitButton>
      </Stack>
      <Typography variant="body2" sx={{ mt: 3, textAlign: 'center' }}>
        <Link component={RouterLink} href={copy.back.href}>
          {copy.back.label}
        </Link>
      </Typography>
    </PublicFrame>
  );
}

/** /signin-company: sign in straight into one company by its ID (for people on several companies). */
export function SignInCompanyPage() {
  const to = useQueryParam('to');
  return <CompanySignIn copy={{ title: 'Sign in to a company', intro: 'Use this when your email belongs to several companies and you know the company ID.', to, back: { href: '/signin', label: 'Back to the usual sign-in' } }} />;
}
