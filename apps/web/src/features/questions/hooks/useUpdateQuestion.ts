import { updateQuestion, type QuestionType } from '@scanbase/contracts/questions';
import { useMutation } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';
import { useInvalidateQuestions } from './useInvalidateQuestions';

/** Changes a question's text or type (`questions/update`). */
export function useUpdateQuestion() {
  const { v2 } = useServices();
  const invalidate = useInvalidateQuestions();
  return useMutation({ mutationFn: (body: { id: number; text?: string; type?: QuestionType }) => v2.call(updateQuestion, body), onSuccess: invalidate });
}
