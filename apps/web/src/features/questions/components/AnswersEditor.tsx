import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { Question } from '@scanbase/contracts/questions';
import { useState } from 'react';
import { V2Error } from '../../../api/v2-client';
import { TextInput } from '../../../ui/TextInput';
import { FormAlert } from '../../auth/components/FormAlert';
import { useAddAnswer } from '../hooks/useAddAnswer';
import { useDeleteAnswer } from '../hooks/useDeleteAnswer';

/** The answers of a choice question: delete one (at least two stay), add one. */
export function AnswersEditor({ question }: { question: Question }) {
  const [text, setText] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const add = useAddAnswer();
  const remove = useDeleteAnswer();
  const atMinimum = question.answers.length <= 2;

  const submit = () => {
    const trimmed = text.trim();
    if (trimmed === '') return setFieldError('Type the answer first');
    if (question.answers.some((answer) => answer.text.toLowerCase() === trimmed.toLowerCase())) return setFieldError(`“${trimmed}” is already an answer`);
    add.mutate(
      { questionId: question.id, text: trimmed },
      {
        onSuccess: () => {
          setText('');
          setMessage(null);
        },
        onError: (error) => (error instanceof V2Error && error.code === 'CONFLICT' ? setFieldError(error.message) : setMessage(error.message)),
      },
    );
  };

  return (
    <Box>
      <FormAlert message={message} />
      {question.answers.length < 2 ? (
        <Typography color="warning.dark" sx={{ mb: 1 }}>
          A choice needs at least two answers; the scanner app cannot offer it before.
        </Typography>
      ) : null}
      <List dense aria-label="Answers" sx={{ border: 1, borderColor: 'divider', borderRadius: 2, mb: 2, py: 0 }}>
        {question.answers.length === 0 ? (
          <ListItem>
            <ListItemText primary="No answers yet" />
          </ListItem>
        ) : null}
        {question.answers.map((answer, index) => (
          <ListItem
            key={answer.id}
            divider={index < question.answers.length - 1}
            secondaryAction={
              <IconButton
                edge="end"
                color="error"
                aria-label={`Delete answer “${answer.text}”`}
                title={atMinimum ? 'A choice keeps at least two answers' : undefined}
                disabled={remove.isPending || atMinimum}
                onClick={() => remove.mutate(answer.id, { onSuccess: () => setMessage(null), onError: (error) => setMessage(error.message) })}
              >
                <DeleteOutline />
              </IconButton>
            }
          >
            <ListItemText primary={answer.text} sx={{ overflowWrap: 'anywhere', pr: 4 }} />
          </ListItem>
        ))}
      </List>
      {atMinimum && question.answers.length === 2 ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Add another answer before deleting one: a choice keeps at least two.
        </Typography>
      ) : null}
      <Box
        component="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
        sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start', flexDirection: { xs: 'column', sm: 'row' } }}
      >
        <TextInput
          label="New answer"
          size="small"
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setFieldError(null);
          }}
          error={fieldError !== null}
          helperText={fieldError ?? undefined}
        />
        <Button type="submit" variant="outlined" startIcon={<AddOutlined />} disabled={add.isPending} sx={{ flexShrink: 0, mt: { sm: 0.25 } }}>
          Add answer
        </Button>
      </Box>
    </Box>
  );
}
