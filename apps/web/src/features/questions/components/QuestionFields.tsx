import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { questionTypeInfo, type QuestionType } from '@scanbase/contracts/questions';
import type { QuestionFormValues } from '../question-form';

type Props = { value: QuestionFormValues; onChange: (patch: Partial<QuestionFormValues>) => void; errors: Record<string, string>; autoFocus?: boolean };

/** The question's text and type, with what the person scanning sees for that type. */
export function QuestionFields({ value, onChange, errors, autoFocus = false }: Props) {
  const info = questionTypeInfo.find((item) => item.type === value.type);
  return (
    <Stack spacing={2.5}>
      <TextField
        label="Question"
        size="small"
        fullWidth
        multiline
        value={value.text}
        onChange={(event) => onChange({ text: event.target.value })}
        error={Boolean(errors.text)}
        helperText={errors.text ?? 'As the scanner app shows it, e.g. "Which entrance?"'}
        autoFocus={autoFocus}
        slotProps={{ htmlInput: { maxLength: 2000 } }}
      />
      <TextField
        select
        size="small"
        label="Kind of answer"
        fullWidth
        value={value.type}
        onChange={(event) => onChange({ type: event.target.value as QuestionType })}
        error={Boolean(errors.type)}
        helperText={errors.type ?? info?.description}
      >
        {questionTypeInfo.map((item) => (
          <MenuItem key={item.type} value={item.type}>
            {item.label}
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );
}
