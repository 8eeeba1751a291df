import AddOutlined from '@mui/icons-material/AddOutlined';
import CloseOutlined from '@mui/icons-material/CloseOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useFieldArray, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { TextInput } from '../../../ui/TextInput';
import type { ScanEditForm } from '../scan-edit-form';

type Props = { index: number; questionText: string; control: Control<ScanEditForm>; register: UseFormRegister<ScanEditForm>; errors: FieldErrors<ScanEditForm>; disabled: boolean };

/** One question's answers: a field per value (multiple-choice answers hold several); an emptied question loses its answer. */
export function AnswerField({ index, questionText, control, register, errors, disabled }: Props) {
  const { fields, append, remove } = useFieldArray({ control, name: `answers.${index}.values` });
  const headingId = useId();
  const problems = errors.answers?.[index]?.values;
  return (
    <Box component="fieldset" aria-labelledby={headingId} sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography id={headingId} component="legend" variant="subtitle2" sx={{ p: 0, mb: 1, overflowWrap: 'anywhere' }}>
        {questionText}
      </Typography>
      <Stack spacing={1.5}>
        {fields.map((field, position) => (
          <Box key={field.id} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
            <TextInput
              label={fields.length > 1 ? `Answer ${position + 1}` : 'Answer'}
              {...register(`answers.${index}.values.${position}.text`)}
              error={Boolean(problems?.[position]?.text)}
              helperText={problems?.[position]?.text?.message}
              disabled={disabled}
              multiline
              maxRows={6}
            />
            {fields.length > 1 ? (
              <IconButton aria-label={`Remove answer ${position + 1} of ${questionText}`} onClick={() => remove(position)} disabled={disabled} sx={{ mt: 1 }}>
                <CloseOutlined />
              </IconButton>
            ) : null}
          </Box>
        ))}
        <Box>
          <Button size="small" startIcon={<AddOutlined />} onClick={() => append({ text: '' })} disabled={disabled}>
            Add another answer
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
