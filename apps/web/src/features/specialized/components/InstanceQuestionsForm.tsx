import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { Question } from '@scanbase/contracts/questions';
import type { Service } from '@scanbase/contracts/services';
import type { SpecializedInstanceDetail } from '@scanbase/contracts/specialized';
import { useState, type FormEvent, type ReactNode } from 'react';
import { ErrorState, LoadingState } from '../../../ui/QueryStates';
import { FormAlert } from '../../auth/components/FormAlert';
import { ServiceQuestionList } from '../../services/components/ServiceQuestionList';
import { useQuestionOptions } from '../../services/hooks/useQuestionOptions';
import { useService } from '../../services/hooks/useService';
import { useSetServiceQuestions } from '../../services/hooks/useSetServiceQuestions';
import { questionRows, type ServiceQuestionRow } from '../../services/service-questions';

/** What the form says on a type's Questions tab: with no question, the list's name, the save button. */
export type QuestionsTexts = { empty: string; listLabel: string; save: string };

/** What a type adds to the shared form: controls under each question, a notice under the list, a step after the questions are saved. */
export type QuestionsExtras = {
  /** Runs after the questions are saved, with the saved rows (before "Saved." shows). */
  onSaved?: ((rows: ServiceQuestionRow[]) => Promise<unknown>) | undefined;
  rowExtra?: ((row: ServiceQuestionRow, question: Question | undefined) => ReactNode) | undefined;
  notice?: ((rows: ServiceQuestionRow[], byId: Map<number, Question>) => ReactNode) | undefined;
  /** The type's own save is running. */
  busy?: boolean | undefined;
};

type FormProps = QuestionsExtras & { service: Service; texts: QuestionsTexts };

function QuestionsForm({ service, texts, onSaved, rowExtra, notice, busy }: FormProps) {
  const questions = useQuestionOptions();
  const [rows, setRows] = useState<ServiceQuestionRow[]>(() => questionRows(service));
  const [message, setMessage] = useState<{ text: string; ok: boolean } | null>(null);
  const setQuestions = useSetServiceQuestions();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await setQuestions.mutateAsync({ id: service.id, questions: rows });
      await onSaved?.(rows);
      setMessage({ text: 'Saved.', ok: true });
    } catch (error) {
      setMessage({ text: error instanceof Error ? error.message : 'Not saved. Try again.', ok: false });
    }
  };

  if (questions.isPending) return <LoadingState label="Loading questions…" />;
  if (questions.isError) return <ErrorState message={questions.error.message} onRetry={() => void questions.refetch()} />;
  const byId = new Map(questions.data.items.map((q) => [q.id, q] as const));

  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={(event) => void submit(event)} aria-label="Questions">
      <ServiceQuestionList
        rows={rows}
        onRowsChange={setRows}
        options={questions.data.items}
        empty={texts.empty}
        listLabel={texts.listLabel}
        rowExtra={rowExtra ? (row) => rowExtra(row, byId.get(row.id)) : undefined}
        afterList={notice?.(rows, byId)}
      />
      <FormAlert message={message?.text ?? null} severity={message?.ok ? 'success' : 'error'} />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button type="submit" variant="contained" disabled={(busy ?? false) || setQuestions.isPending}>
          {texts.save}
        </Button>
      </Box>
    </Stack>
  );
}

/** The questions tab of a specialized instance: its service's questions in order, added, moved, removed, saved at once. */
export function InstanceQuestionsForm({ instance, texts, ...extras }: QuestionsExtras & { instance: SpecializedInstanceDetail; texts: QuestionsTexts }) {
  const service = useService(instance.id);
  if (service.isPending) return <LoadingState label="Loading the questions…" />;
  if (service.isError) return <ErrorState message={service.error.message} onRetry={() => void service.refetch()} />;
  return <QuestionsForm key={service.data.id} service={service.data} texts={texts} {...extras} />;
}
