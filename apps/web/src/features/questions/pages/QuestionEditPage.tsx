import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Question } from '@scanbase/contracts/questions';
import { useNavigate, useParams } from '@tanstack/react-router';
import { useState } from 'react';
import { ErrorState, LoadingState } from '../../../ui/QueryStates';
import { RouterLink } from '../../../ui/RouterLink';
import { FormAlert } from '../../auth/components/FormAlert';
import { useIssues } from '../../services/hooks/useIssues';
import { FormSection } from '../../tasks/components/FormSection';
import { issuesOfError } from '../../tasks/submit-issues';
import { AnswersEditor } from '../components/AnswersEditor';
import { DeleteQuestionDialog } from '../components/DeleteQuestionDialog';
import { QuestionFields } from '../components/QuestionFields';
import { WebAnswerEditor } from '../components/WebAnswerEditor';
import { useDeleteQuestion } from '../hooks/useDeleteQuestion';
import { useQuestion } from '../hooks/useQuestion';
import { useServiceNames } from '../hooks/useServiceNames';
import { useUpdateQuestion } from '../hooks/useUpdateQuestion';
import { choiceTypes, questionFieldKeys, questionToForm, type QuestionFormValues } from '../question-form';

function DetailsForm({ question }: { question: Question }) {
  const [form, setForm] = useState<QuestionFormValues>(() => questionToForm(question));
  const [saved, setSaved] = useState(false);
  const issues = useIssues(questionFieldKeys);
  const update = useUpdateQuestion();
  const change = (patch: Partial<QuestionFormValues>) => {
    setForm((current) => ({ ...current, ...patch }));
    setSaved(false);
    issues.clear(Object.keys(patch));
  };
  const submit = async () => {
    const text = form.text.trim();
    if (text === '') return issues.setIssues([{ path: 'text', message: 'Enter the question' }]);
    try {
      await update.mutateAsync({ id: question.id, text, type: form.type });
      issues.setIssues([]);
      setSaved(true);
    } catch (error) {
      issues.setIssues(issuesOfError(error));
    }
  };
  return (
    <Stack
      component="form"
      noValidate
      spacing={2}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <FormAlert message={issues.general ?? (saved ? 'Saved.' : null)} severity={issues.general ? 'error' : 'success'} />
      <QuestionFields value={form} onChange={change} errors={issues.fields} />
      <Box>
        <Button type="submit" variant="contained" disabled={update.isPending} startIcon={update.isPending ? <CircularProgress size={18} color="inherit" /> : undefined}>
          Save question
        </Button>
      </Box>
    </Stack>
  );
}

function UsedBy({ question, names }: { question: Question; names: ReadonlyMap<number, string> }) {
  if (question.serviceIds.length === 0) return <Typography color="text.secondary">No service asks this question yet. Add it on a service&rsquo;s Questions tab.</Typography>;
  return (
    <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
      {question.serviceIds.map((id) => (
        <li key={id}>
          <Link component={RouterLink} href={`/account/services/${id}/questions/`}>
            {names.get(id) ?? `Service #${id}`}
          </Link>
        </li>
      ))}
    </Box>
  );
}

/** /account/questions/{questionId}/: text and type, answers (choices or the custom page), where it is used, delete. */
export function QuestionEditPage() {
  const params: Record<string, string | undefined> = useParams({ strict: false });
  const raw = Number(params.questionId);
  const id = Number.isInteger(raw) && raw > 0 ? raw : null;
  const question = useQuestion(id);
  const names = useServiceNames();
  const remove = useDeleteQuestion();
  const navigate = useNavigate();
  const [deleting, setDeleting] = useState(false);
  const [message, setMessage] = useState<string | null>(null);

  let body;
  if (id === null) body = <ErrorState message="This address does not name a question. Open the question from the list of questions." />;
  else if (question.isPending) body = <LoadingState label="Loading the question…" />;
  else if (question.isError) body = <ErrorState message={question.error.message} onRetry={() => void question.refetch()} />;
  else {
    const q = question.data;
    body = (
      <Stack spacing={2.5}>
        <FormAlert message={message} />
        <FormSection title="Question">
          <DetailsForm key={q.id} question={q} />
        </FormSection>
        {choiceTypes.includes(q.type) ? (
          <FormSection title="Answers" hint="The choices people pick from. Changes apply to every service that asks this question.">
            <AnswersEditor question={q} />
          </FormSection>
        ) : q.type === 'webcollect' ? (
          <FormSection title="Web page" hint="The page the scanner app opens for this question.">
            <WebAnswerEditor key={q.answers[0]?.id ?? 0} question={q} />
          </FormSection>
        ) : null}
        <FormSection title="Used by">
          <UsedBy question={q} names={names.data ?? new Map()} />
        </FormSection>
        <Box sx={{ pb: 2 }}>
          <Button color="error" variant="outlined" onClick={() => setDeleting(true)}>
            Delete question
          </Button>
        </Box>
        <DeleteQuestionDialog
          question={deleting ? q : null}
          serviceNames={names.data ?? new Map()}
          busy={remove.isPending}
          onClose={() => setDeleting(false)}
          onConfirm={(target) =>
            remove.mutate(target.id, {
              onSuccess: () => void navigate({ href: '/account/questions/' }),
              onError: (error) => {
                setDeleting(false);
                setMessage(error.message);
              },
            })
          }
        />
      </Stack>
    );
  }

  return (
    <Box sx={{ maxWidth: 760 }}>
      <Button component={RouterLink} href="/account/questions/" sx={{ ml: -1, mb: 1 }}>
        ← All questions
      </Button>
      <Typography variant="h1" sx={{ mb: 3, overflowWrap: 'anywhere' }}>
        {question.data?.text ?? 'Question'}
      </Typography>
      {body}
    </Box>
  );
}
