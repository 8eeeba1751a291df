import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AppQuestion } from '@scanbase/contracts/scanner';
import { useState, type FormEvent } from 'react';
import { answerIssue, type Answers } from '../question-flow';
import { QuestionField } from './QuestionField';

type Props = {
  title: string;
  intro?: string;
  questions: readonly AppQuestion[];
  initial?: Answers;
  submitLabel: string;
  onSubmit: (answers: Answers) => void | Promise<void>;
  onCancel?: () => void;
  cancelLabel?: string;
};

/** A set of questions on one screen; required ones (marked *) must be answered before it goes on. */
export function QuestionForm({ title, intro, questions, initial = {}, submitLabel, onSubmit, onCancel, cancelLabel = 'Cancel' }: Props) {
  const [answers, setAnswers] = useState<Answers>(initial);
  const [issues, setIssues] = useState<Record<number, string>>({});
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Record<number, string> = {};
    for (const question of questions) {
      const issue = answerIssue(question, answers[question.id]);
      if (issue) found[question.id] = issue;
    }
    setIssues(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    setFailure(null);
    Promise.resolve(onSubmit(answers))
      .catch((error: unknown) => setFailure(error instanceof Error ? error.message : 'The answers could not be sent.'))
      .finally(() => setBusy(false));
  };

  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2.5} aria-label={title}>
      <div>
        <Typography variant="h2">{title}</Typography>
        {intro ? <Typography color="text.secondary" sx={{ mt: 0.5 }}>{intro}</Typography> : null}
      </div>
      {questions.map((question) => (
        <QuestionField
          key={question.id}
          question={question}
          answer={answers[question.id]}
          error={issues[question.id] ?? null}
          onChange={(answer) => setAnswers((current) => ({ ...current, [question.id]: answer }))}
        />
      ))}
      {failure ? (
        <Typography role="alert" color="error">
          {failure}
        </Typography>
      ) : null}
      <Stack direction="row" spacing={1.5}>
        <Button type="submit" variant="contained" size="large" disabled={busy} sx={{ flexGrow: 1, py: 1.5, fontSize: 17 }} startIcon={busy ? <CircularProgress size={20} color="inherit" /> : null}>
          {submitLabel}
        </Button>
        {onCancel ? (
          <Button variant="outlined" size="large" onClick={onCancel} disabled={busy}>
            {cancelLabel}
          </Button>
        ) : null}
      </Stack>
    </Stack>
  );
}
