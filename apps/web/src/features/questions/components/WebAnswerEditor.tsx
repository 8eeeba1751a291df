import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { Question } from '@scanbase/contracts/questions';
import { useState } from 'react';
import { FormAlert } from '../../auth/components/FormAlert';
import { WebContentFields } from '../../services/components/WebContentFields';
import { emptyWebContent, parseWebContent, webContentValue, type WebContentForm } from '../../services/web-content';
import { useAddAnswer } from '../hooks/useAddAnswer';
import { useDeleteAnswer } from '../hooks/useDeleteAnswer';

/** The page of a custom web question (its single answer): replaced by deleting the old one and adding the new one. */
export function WebAnswerEditor({ question }: { question: Question }) {
  const current = question.answers[0];
  const [form, setForm] = useState<WebContentForm>(() => (current ? parseWebContent(current.text) : emptyWebContent));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<{ text: string; ok: boolean } | null>(null);
  const add = useAddAnswer();
  const remove = useDeleteAnswer();
  const busy = add.isPending || remove.isPending;

  const save = async () => {
    const content = webContentValue(form);
    if (!('value' in content)) return setErrors({ [content.path]: content.message });
    try {
      if (current) await remove.mutateAsync(current.id);
      await add.mutateAsync({ questionId: question.id, text: content.value });
      setMessage({ text: 'Saved.', ok: true });
    } catch (error) {
      setMessage({ text: error instanceof Error ? error.message : 'Not saved. Try again.', ok: false });
    }
  };

  return (
    <Stack
      component="form"
      noValidate
      spacing={2}
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <FormAlert message={message?.text ?? null} severity={message?.ok ? 'success' : 'error'} />
      <WebContentFields
        value={form}
        onChange={(patch) => {
          setForm((old) => ({ ...old, ...patch }));
          setErrors({});
          setMessage(null);
        }}
        errors={errors}
        legend="The question's page"
      />
      <Box>
        <Button type="submit" variant="outlined" disabled={busy}>
          Save the page
        </Button>
      </Box>
    </Stack>
  );
}
