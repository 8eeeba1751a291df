import AddOutlined from '@mui/icons-material/AddOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Question } from '@scanbase/contracts/questions';
import { useState, type ReactNode } from 'react';
import { RouterLink } from '../../../ui/RouterLink';
import { questionTypeLabel } from '../../questions/question-form';
import { attachQuestion, changeQuestion, moveQuestion, type ServiceQuestionRow } from '../service-questions';
import { ServiceQuestionItem } from './ServiceQuestionItem';

type Props = {
  rows: ServiceQuestionRow[];
  onRowsChange: (rows: ServiceQuestionRow[]) => void;
  /** Every question of the account, attached or not. */
  options: Question[];
  /** Shown when no question is attached. */
  empty: string;
  /** Accessible name of the ordered list. */
  listLabel: string;
  /** Helper text of the picker once every question is attached. */
  noneLeft?: string | undefined;
  /** Extra controls under one question (check in/out: at which movements it is asked). */
  rowExtra?: ((row: ServiceQuestionRow) => ReactNode) | undefined;
  /** Shown between the list and the picker. */
  afterList?: ReactNode | undefined;
};

/** The attached questions in order (changed, moved, removed) and the picker that adds one; the caller saves. */
export function ServiceQuestionList({ rows, onRowsChange, options, empty, listLabel, noneLeft = 'No other questions.', rowExtra, afterList }: Props) {
  const [picked, setPicked] = useState('');
  const byId = new Map(options.map((q) => [q.id, q] as const));
  const available = options.filter((q) => !rows.some((row) => row.id === q.id));

  const item = (row: ServiceQuestionRow, index: number, key?: number) => (
    <ServiceQuestionItem
      key={key}
      row={row}
      question={byId.get(row.id)}
      position={index}
      count={rows.length}
      onChange={(patch) => onRowsChange(changeQuestion(rows, row.id, patch))}
      onMove={(delta) => onRowsChange(moveQuestion(rows, index, delta))}
      onRemove={() => onRowsChange(rows.filter((other) => other.id !== row.id))}
    />
  );

  return (
    <>
      {rows.length === 0 ? (
        <Typography color="text.secondary">{empty}</Typography>
      ) : (
        <Stack component="ol" spacing={1.5} aria-label={listLabel} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {rows.map((row, index) =>
            rowExtra ? (
              <Box key={row.id} sx={{ display: 'grid', gap: 1 }}>
                {item(row, index)}
                {rowExtra(row)}
              </Box>
            ) : (
              item(row, index, row.id)
            ),
          )}
        </Stack>
      )}
      {afterList}
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: { sm: 'flex-start' }, flexDirection: { xs: 'column', sm: 'row' } }}>
        <TextField
          select
          size="small"
          label="Add a question"
          value={picked}
          onChange={(event) => setPicked(event.target.value)}
          sx={{ flex: { sm: 1 }, maxWidth: { sm: 480 } }}
          disabled={available.length === 0}
          helperText={available.length === 0 ? noneLeft : 'Pick one, then press Add'}
        >
          {available.map((q) => (
            <MenuItem key={q.id} value={String(q.id)}>
              {q.text} · {questionTypeLabel(q.type)}
            </MenuItem>
          ))}
        </TextField>
        <Button
          variant="outlined"
          startIcon={<AddOutlined />}
          disabled={picked === ''}
          onClick={() => {
            onRowsChange(attachQuestion(rows, Number(picked)));
            setPicked('');
          }}
        >
          Add
        </Button>
        <Link component={RouterLink} href="/account/questions/new/" sx={{ alignSelf: { sm: 'center' }, whiteSpace: 'nowrap' }}>
          Create a new question
        </Link>
      </Box>
    </>
  );
}
