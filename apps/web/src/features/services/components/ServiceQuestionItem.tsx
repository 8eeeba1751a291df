import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Question } from '@scanbase/contracts/questions';
import { questionTypeLabel } from '../../questions/question-form';
import type { ServiceQuestionRow } from '../service-questions';
import { questionConditionInfo, type QuestionCondition } from '../service-types';

type Props = {
  row: ServiceQuestionRow;
  question: Question | undefined;
  position: number;
  count: number;
  onChange: (patch: Partial<Omit<ServiceQuestionRow, 'id'>>) => void;
  onMove: (delta: -1 | 1) => void;
  onRemove: () => void;
};

/** One attached question: when it is asked, whether an answer is required, its place in the order. */
export function ServiceQuestionItem({ row, question, position, count, onChange, onMove, onRemove }: Props) {
  const text = question?.text ?? `Question #${row.id}`;
  const hint = questionConditionInfo.find((info) => info.value === row.condition)?.hint;
  return (
    <Paper component="li" variant="outlined" sx={{ p: 2, display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) 320px auto' }, alignItems: 'start' }}>
      <Box sx={{ minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {position + 1}. {text}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {question ? questionTypeLabel(question.type) : ''}
        </Typography>
        <FormControlLabel
          control={<Checkbox size="small" checked={row.required} onChange={(event) => onChange({ required: event.target.checked })} />}
          label="An answer is required"
          sx={{ mt: 0.5 }}
        />
      </Box>
      <TextField
        select
        size="small"
        label={`When to ask “${text.length > 30 ? `${text.slice(0, 30)}…` : text}”`}
        value={row.condition}
        onChange={(event) => onChange({ condition: event.target.value as QuestionCondition })}
        helperText={hint}
        fullWidth
      >
        {questionConditionInfo.map((info) => (
          <MenuItem key={info.value} value={info.value}>
            {info.label}
          </MenuItem>
        ))}
      </TextField>
      <Box sx={{ display: 'flex', justifyContent: { xs: 'flex-start', md: 'flex-end' } }}>
        <IconButton aria-label={`Move “${text}” up`} disabled={position === 0} onClick={() => onMove(-1)}>
          <ArrowUpward />
        </IconButton>
        <IconButton aria-label={`Move “${text}” down`} disabled={position === count - 1} onClick={() => onMove(1)}>
          <ArrowDownward />
        </IconButton>
        <IconButton aria-label={`Remove “${text}” from this service`} onClick={onRemove} color="error">
          <DeleteOutline />
        </IconButton>
      </Box>
    </Paper>
  );
}
