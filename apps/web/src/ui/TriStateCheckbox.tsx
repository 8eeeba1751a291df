import Checkbox, { type CheckboxProps } from '@mui/material/Checkbox';
import { useCallback } from 'react';

/**
 * A "select all" checkbox whose mixed state is the input's own `indeterminate` property as well as
 * MUI's look. Why: MUI marks the native input aria-checked="mixed" without setting the property, so
 * assistive technology reads a contradiction (axe: aria-conditional-attr).
 */
export function TriStateCheckbox({ indeterminate = false, slotProps, ...props }: CheckboxProps) {
  const inputRef = useCallback(
    (input: HTMLInputElement | null) => {
      if (input) input.indeterminate = indeterminate;
    },
    [indeterminate],
  );
  const input = (slotProps?.input ?? {}) as Record<string, unknown>;
  return <Checkbox {...props} indeterminate={indeterminate} slotProps={{ ...slotProps, input: { ...input, ref: inputRef } }} />;
}
