import { createQuestion } from '@scanbase/contracts/questions';
import { useMutation } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';
import type { CreateQuestionBody } from '../question-form';
import { useInvalidateQuestions } from './useInvalidateQuestions';

/** Creates a question with its answers (`questions/create`). */
export function useCreateQuestion() {
  const { v2 } = useServices();
  const invalidate = useInvalidateQuestions();
  return useMutation({ mutationFn: (body: CreateQuestionBody) => v2.call(createQuestion, body), onSuccess: invalidate });
}
