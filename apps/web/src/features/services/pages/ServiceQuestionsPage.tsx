import Stack from '@mui/material/Stack';
import type { Service } from '@scanbase/contracts/services';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { ErrorState, LoadingState } from '../../../ui/QueryStates';
import { FormAlert } from '../../auth/components/FormAlert';
import { SaveBar } from '../components/SaveBar';
import { ServiceFrame } from '../components/ServiceFrame';
import { ServiceQuestionList } from '../components/ServiceQuestionList';
import { useQuestionOptions } from '../hooks/useQuestionOptions';
import { useSetServiceQuestions } from '../hooks/useSetServiceQuestions';
import { questionRows, type ServiceQuestionRow } from '../service-questions';
import { nextTab, serviceTabHref } from '../service-tabs';

function QuestionsForm({ service }: { service: Service }) {
  const questions = useQuestionOptions();
  const [rows, setRows] = useState<ServiceQuestionRow[]>(() => questionRows(service));
  const [message, setMessage] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const setQuestions = useSetServiceQuestions();
  const navigate = useNavigate();
  const next = nextTab('questions');

  const edit = (next: ServiceQuestionRow[]) => {
    setRows(next);
    setSaved(false);
  };
  const save = async (andContinue: boolean) => {
    try {
      await setQuestions.mutateAsync({ id: service.id, questions: rows });
      setMessage(null);
      if (andContinue) await navigate({ href: serviceTabHref(service.id, next.value) });
      else setSaved(true);
    } catch (error) {
      setMessage(error instanceof Error ? error.message : 'Not saved. Try again.');
    }
  };

  if (questions.isPending) return <LoadingState label="Loading questions…" />;
  if (questions.isError) return <ErrorState message={questions.error.message} onRetry={() => void questions.refetch()} />;

  return (
    <Stack
      component="form"
      noValidate
      spacing={2.5}
      onSubmit={(event) => {
        event.preventDefault();
        void save(true);
      }}
    >
      <FormAlert message={message} />
      <ServiceQuestionList
        rows={rows}
        onRowsChange={edit}
        options={questions.data.items}
        empty="No questions: people scan and move on. Add a question to collect a note, a choice or a photo with each scan."
        listLabel="Questions of this service, in the order they are asked"
        noneLeft={questions.data.items.length === 0 ? 'You have no questions yet.' : 'Every question is already added.'}
      />
      <SaveBar busy={setQuestions.isPending} primary={`Save and continue to ${next.label}`} onSaveOnly={() => void save(false)} failed={false} saved={saved} />
    </Stack>
  );
}

/** /account/services/{serviceId}/questions/: the questions asked with each scan, when, in which order, and which must be answered. */
export function ServiceQuestionsPage() {
  return (
    <ServiceFrame tab="questions" intro="Questions the scanner app asks with each scan, in this order. Choose when each one is asked and whether it must be answered.">
      {(service) => <QuestionsForm key={service.id} service={service} />}
    </ServiceFrame>
  );
}
