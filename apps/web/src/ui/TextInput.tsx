import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';
import { forwardRef, useId, type ReactNode } from 'react';

export type TextInputProps = Omit<OutlinedInputProps, 'label' | 'error' | 'inputRef'> & { label: string; helperText?: ReactNode; error?: boolean };

/**
 * A labelled outlined text input with helper text. Used instead of MUI's TextField, which also
 * bundles Select, Menu and Popover and would make the sign-in page heavier than it needs to be.
 */
export const TextInput = forwardRef<HTMLInputElement, TextInputProps>(function TextInput({ label, helperText, error = false, id, ...input }, ref) {
  const generated = useId();
  const inputId = id ?? generated;
  const helpId = `${inputId}-help`;
  return (
    <FormControl fullWidth error={error} variant="outlined">
      <InputLabel htmlFor={inputId}>{label}</InputLabel>
      <OutlinedInput id={inputId} label={label} inputRef={ref} aria-describedby={helperText ? helpId : undefined} aria-invalid={error || undefined} {...input} />
      {helperText ? <FormHelperText id={helpId}>{helperText}</FormHelperText> : null}
    </FormControl>
  );
});
