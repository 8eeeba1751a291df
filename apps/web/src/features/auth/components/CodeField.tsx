import { forwardRef } from 'react';
import { TextInput } from '../../../ui/TextInput';

type Props = {
  value: string;
  onChange: (value: string) => void;
  label?: string;
  error?: string | undefined;
  helperText?: string;
  autoFocus?: boolean;
  disabled?: boolean;
};

/**
 * The 6-digit code of an authenticator app: a numeric keyboard on phones, the browser's one-time-code
 * autofill, and a pasted "123 456" or "123-456" kept as its digits (no length cap that would cut a paste short).
 */
export const CodeField = forwardRef<HTMLInputElement, Props>(function CodeField({ value, onChange, label = 'Code from your authenticator app', error, helperText, autoFocus = false, disabled = false }, ref) {
  return (
    <TextInput
      ref={ref}
      label={label}
      name="code"
      value={value}
      autoFocus={autoFocus}
      disabled={disabled}
      onChange={(event) => onChange(event.target.value.replace(/\D/g, '').slice(0, 6))}
      inputProps={{ inputMode: 'numeric', autoComplete: 'one-time-code', pattern: '[0-9]*' }}
      sx={{ '& input': { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: 22, letterSpacing: '0.3em' } }}
      error={Boolean(error)}
      helperText={error ?? helperText}
    />
  );
});
