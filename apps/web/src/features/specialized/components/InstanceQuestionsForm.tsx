import AddOutlined from '@mui/icons-material/AddOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Service } from '@scanbase/contracts/services';
import type { SpecializedInstanceDetail } from '@scanbase/contracts/specialized';
import { useState, type FormEvent } from 'react';
import { ErrorState, LoadingState } from '../../../ui/QueryStates';
import { RouterLink } from '../../../ui/RouterLink';
import { FormAlert } from '../../auth/components/FormAlert';
import { questionTypeLabel } from '../../questions/question-form';
import { ServiceQuestionItem } from '../../services/components/ServiceQuestionItem';
import { useQuestionOptions } from '../../services/hooks/useQuestionOptions';
import { useService } from '../../services/hooks/useService';
import { useSetServiceQuestions } from '../../services/hooks/useSetServiceQuestions';
import { attachQuestion, changeQuestion, moveQuestion, questionRows, type ServiceQuestionRow } from '../../services/service-questions';

/** What the form says on a type's Questions tab: with no question, the list's name, the save button. */
export type QuestionsTexts = { empty: string; listLabel: string; save: string };

function QuestionsForm({ service, texts, onSaved }: { service: Service; texts: QuestionsTexts; onSaved?: (() => Promise<void>) | undefined }) {
  const questions = useQuestionOptions();
  const [rows, setRows] = useState<ServiceQuestionRow[]>(() => questionRows(service));
  const [picked, setPicked] = useState('');
  const [message, setMessage] = useState<{ text: string; ok: boolean } | null>(null);
  const setQuestions = useSetServiceQuestions();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await setQuestions.mutateAsync({ id: service.id, questions: rows });
      await onSaved?.();
      setMessage({ text: 'Saved.', ok: true });
    } catch (error) {
      setMessage({ text: error instanceof Error ? error.message : 'Not saved. Try again.', ok: false });
    }
  };

  if (questions.isPending) return <LoadingState label="Loading questions…" />;
  if (questions.isError) return <ErrorState message={questions.error.message} onRetry={() => void questions.refetch()} />;
  const byId = new Map(questions.data.items.map((q) => [q.id, q] as const));
  const available = questions.data.items.filter((q) => !rows.some((row) => row.id === q.id));

  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={(event) => void submit(event)} aria-label="Questions">
      {rows.length === 0 ? (
        <Typography color="text.secondary">{texts.empty}</Typography>
      ) : (
        <Stack component="ol" spacing={1.5} aria-label={texts.listLabel} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {rows.map((row, index) => (
            <ServiceQuestionItem
              key={row.id}
              row={row}
              question={byId.get(row.id)}
              position={index}
              count={rows.length}
              onChange={(patch) => setRows(changeQuestion(rows, row.id, patch))}
              onMove={(delta) => setRows(moveQuestion(rows, index, delta))}
              onRemove={() => setRows(rows.filter((other) => other.id !== row.id))}
            />
          ))}
        </Stack>
      )}
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: { sm: 'flex-start' }, flexDirection: { xs: 'column', sm: 'row' } }}>
        <TextField select size="small" label="Add a question" value={picked} onChange={(event) => setPicked(event.target.value)} sx={{ flex: { sm: 1 }, maxWidth: { sm: 480 } }} disabled={available.length === 0} helperText={available.length === 0 ? 'No other questions.' : 'Pick one, then press Add'}>
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
            setRows(attachQuestion(rows, Number(picked)));
            setPicked('');
          }}
        >
          Add
        </Button>
        <Link component={RouterLink} href="/account/questions/new/" sx={{ alignSelf: { sm: 'center' }, whiteSpace: 'nowrap' }}>
          Create a new question
        </Link>
      </Box>
      <FormAlert message={message?.text ?? null} severity={message?.ok ? 'success' : 'error'} />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button type="submit" variant="contained" disabled={setQuestions.isPending}>
          {texts.save}
        </Button>
      </Box>
    </Stack>
  );
}

/** The questions tab of a specialized instance: its service's questions in order, added, moved, removed, saved at once. */
export function InstanceQuestionsForm({ instance, texts, onSaved }: { instance: SpecializedInstanceDetail; texts: QuestionsTexts; onSaved?: () => Promise<void> }) {
  const service = useService(instance.id);
  if (service.isPending) return <LoadingState label="Loading the questions…" />;
  if (service.isError) return <ErrorState message={service.error.message} onRetry={() => void service.refetch()} />;
  return <QuestionsForm key={service.data.id} service={service.data} texts={texts} onSaved={onSaved} />;
}
