import AddOutlined from '@mui/icons-material/AddOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Service } from '@scanbase/contracts/services';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { ErrorState, LoadingState } from '../../../ui/QueryStates';
import { RouterLink } from '../../../ui/RouterLink';
import { FormAlert } from '../../auth/components/FormAlert';
import { questionTypeLabel } from '../../questions/question-form';
import { SaveBar } from '../components/SaveBar';
import { ServiceFrame } from '../components/ServiceFrame';
import { ServiceQuestionItem } from '../components/ServiceQuestionItem';
import { useQuestionOptions } from '../hooks/useQuestionOptions';
import { useSetServiceQuestions } from '../hooks/useSetServiceQuestions';
import { attachQuestion, changeQuestion, moveQuestion, questionRows, type ServiceQuestionRow } from '../service-questions';
import { nextTab, serviceTabHref } from '../service-tabs';

function QuestionsForm({ service }: { service: Service }) {
  const questions = useQuestionOptions();
  const [rows, setRows] = useState<ServiceQuestionRow[]>(() => questionRows(service));
  const [picked, setPicked] = useState('');
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
  const byId = new Map(questions.data.items.map((q) => [q.id, q] as const));
  const available = questions.data.items.filter((q) => !rows.some((row) => row.id === q.id));

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
      {rows.length === 0 ? (
        <Typography color="text.secondary">No questions: people scan and move on. Add a question to collect a note, a choice or a photo with each scan.</Typography>
      ) : (
        <Stack component="ol" spacing={1.5} aria-label="Questions of this service, in the order they are asked" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {rows.map((row, index) => (
            <ServiceQuestionItem
              key={row.id}
              row={row}
              question={byId.get(row.id)}
              position={index}
              count={rows.length}
              onChange={(patch) => edit(changeQuestion(rows, row.id, patch))}
              onMove={(delta) => edit(moveQuestion(rows, index, delta))}
              onRemove={() => edit(rows.filter((other) => other.id !== row.id))}
            />
          ))}
        </Stack>
      )}
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: { sm: 'flex-start' }, flexDirection: { xs: 'column', sm: 'row' } }}>
        <TextField
          select
          size="small"
          label="Add a question"
          value={picked}
          onChange={(event) => setPicked(event.target.value)}
          sx={{ flex: { sm: 1 }, maxWidth: { sm: 480 } }}
          disabled={available.length === 0}
          helperText={available.length === 0 ? (questions.data.items.length === 0 ? 'You have no questions yet.' : 'Every question is already added.') : 'Pick one, then press Add'}
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
            edit(attachQuestion(rows, Number(picked)));
            setPicked('');
          }}
        >
          Add
        </Button>
        <Link component={RouterLink} href="/account/questions/new/" sx={{ alignSelf: { sm: 'center' }, whiteSpace: 'nowrap' }}>
          Create a new question
        </Link>
      </Box>
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
