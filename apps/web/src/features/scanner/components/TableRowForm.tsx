import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { AppQuestion } from '@scanbase/contracts/scanner';
import { appTableBuilderRow } from '@scanbase/contracts/table-builder';
import { useEffect, useState } from 'react';
import { useOnline } from '../../../api/useOnline';
import type { RouteReply } from '@scanbase/contracts/route';
import type { Answers } from '../question-flow';
import { useScanner } from '../hooks/useScanner';
import { QuestionForm } from './QuestionForm';

/** Question types whose recorded answer can be put back in the field as it was (one text). */
const PREFILLED: ReadonlySet<AppQuestion['type']> = new Set(['manual', 'manualnumeric', 'option', 'dropdown']);

type RowReply = RouteReply<typeof appTableBuilderRow>;

type Props = { serviceId: number; value: string; questions: readonly AppQuestion[]; onSubmit: (answers: Answers) => void; onCancel: () => void };

/**
 * Table builder in the scanner: the scanned value's row as recorded so far (`app/table-builder/row`), then its
 * columns to add or change, prefilled with the recorded answers; the columns this person may not edit are shown,
 * not asked. Offline, or when the row cannot be read, the plain questions are asked.
 */
export function TableRowForm({ serviceId, value, questions, onSubmit, onCancel }: Props) {
  const { client } = useScanner();
  const online = useOnline();
  const [row, setRow] = useState<{ data?: RowReply; done: boolean }>({ done: false });
  useEffect(() => {
    if (!online) return;
    let live = true;
    client.call(appTableBuilderRow, { serviceId, value }).then(
      (data) => live && setRow({ data, done: true }),
      () => live && setRow({ done: true }),
    );
    return () => {
      live = false;
    };
  }, [client, online, serviceId, value]);
  if (online && !row.done) return <Typography role="status">Opening the row of {value}…</Typography>;
  if (!row.data) return <QuestionForm title="About this scan" questions={questions} submitLabel="Submit scan" onSubmit={onSubmit} onCancel={onCancel} />;
  const columns = new Map(row.data.columns.map((c) => [c.questionId, c]));
  const editable = questions.filter((q) => columns.get(q.id)?.editable ?? !columns.has(q.id));
  const readOnly = row.data.columns.filter((c) => !c.editable);
  const initial: Answers = {};
  for (const q of editable) {
    const recorded = columns.get(q.id)?.value;
    if (recorded && PREFILLED.has(q.type)) initial[q.id] = { values: [recorded] };
  }
  return (
    <Box sx={{ display: 'grid', gap: 2.5 }}>
      <Typography color="text.secondary">{row.data.exists ? 'Recorded so far for this row; change what is new.' : 'A new row: nothing is recorded for it yet.'}</Typography>
      {readOnly.length > 0 ? (
        <Box component="dl" aria-label="Columns you may not change" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5 }}>
          {readOnly.map((c) => (
            <Box key={c.questionId} sx={{ display: 'contents' }}>
              <Typography component="dt" sx={{ fontWeight: 600 }}>
                {c.text}
              </Typography>
              <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                {c.value ?? '—'}
              </Typography>
            </Box>
          ))}
        </Box>
      ) : null}
      <QuestionForm title={row.data.exists ? 'Update this row' : 'Fill in this row'} questions={editable} initial={initial} submitLabel="Save row" onSubmit={onSubmit} onCancel={onCancel} />
    </Box>
  );
}
