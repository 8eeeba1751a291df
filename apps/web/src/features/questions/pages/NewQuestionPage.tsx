import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { RouterLink } from '../../../ui/RouterLink';
import { FormAlert } from '../../auth/components/FormAlert';
import { WebContentFields } from '../../services/components/WebContentFields';
import { useIssues } from '../../services/hooks/useIssues';
import { FormSection } from '../../tasks/components/FormSection';
import { issuesOfError } from '../../tasks/submit-issues';
import { QuestionFields } from '../components/QuestionFields';
import { useCreateQuestion } from '../hooks/useCreateQuestion';
import { choiceTypes, createQuestionBody, newQuestionForm, questionFieldKeys, type QuestionFormValues } from '../question-form';

/** /account/questions/new/: text, kind of answer and, for choices, the answers; then back to the list. */
export function NewQuestionPage() {
  const [form, setForm] = useState<QuestionFormValues>(() => newQuestionForm());
  const issues = useIssues(questionFieldKeys);
  const create = useCreateQuestion();
  const navigate = useNavigate();
  const change = (patch: Partial<QuestionFormValues>) => {
    setForm((current) => ({ ...current, ...patch }));
    issues.clear(Object.keys(patch));
  };
  const submit = async () => {
    const checked = createQuestionBody(form);
    if (!checked.body) return issues.setIssues(checked.issues);
    try {
      const question = await create.mutateAsync(checked.body);
      await navigate({ href: `/account/questions/${question.id}/` });
    } catch (error) {
      issues.setIssues(issuesOfError(error));
    }
  };

  return (
    <Box sx={{ maxWidth: 760 }}>
      <Button component={RouterLink} href="/account/questions/" sx={{ ml: -1, mb: 1 }}>
        ← All questions
      </Button>
      <Typography variant="h1">New question</Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
        Once created, add it to a service on the service&rsquo;s Questions tab.
      </Typography>
      <Stack
        component="form"
        noValidate
        spacing={2.5}
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <FormAlert message={issues.general} />
        <FormSection title="Question">
          <QuestionFields value={form} onChange={change} errors={issues.fields} autoFocus />
        </FormSection>
        {choiceTypes.includes(form.type) ? (
          <FormSection title="Answers" hint="The choices people pick from, one per line, in this order.">
            <TextField
              label="Answers, one per line"
              fullWidth
              multiline
              minRows={4}
              value={form.answers}
              onChange={(event) => change({ answers: event.target.value })}
              error={Boolean(issues.fields.answers)}
              helperText={issues.fields.answers ?? 'At least two'}
            />
          </FormSection>
        ) : null}
        {form.type === 'webcollect' ? (
          <FormSection title="Web page" hint="Your page hands the answer back to the scanner app (see the API documentation for getAnswerForCR).">
            <WebContentFields value={form} onChange={change} errors={issues.fields} legend="The question's page" />
          </FormSection>
        ) : null}
        <Box sx={{ display: 'flex', gap: 1.5, flexDirection: { xs: 'column-reverse', sm: 'row' }, justifyContent: 'flex-end', pb: 2 }}>
          <Button component={RouterLink} href="/account/questions/" disabled={create.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" size="large" disabled={create.isPending} startIcon={create.isPending ? <CircularProgress size={18} color="inherit" /> : undefined}>
            Create question
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
