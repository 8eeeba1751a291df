import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import { forwardRef, useState } from 'react';
import { TextInput, type TextInputProps } from '../../../ui/TextInput';

/** A password input with a show/hide button. */
export const PasswordField = forwardRef<HTMLInputElement, Omit<TextInputProps, 'type' | 'endAdornment'>>(function PasswordField(props, ref) {
  const [visible, setVisible] = useState(false);
  return (
    <TextInput
      {...props}
      ref={ref}
      type={visible ? 'text' : 'password'}
      endAdornment={
        <InputAdornment position="end">
          <IconButton aria-label={visible ? 'Hide password' : 'Show password'} onClick={() => setVisible((v) => !v)} edge="end" size="small">
            {visible ? <VisibilityOff fontSize="small" /> : <Visibility fontSize="small" />}
          </IconButton>
        </InputAdornment>
      }
    />
  );
});
