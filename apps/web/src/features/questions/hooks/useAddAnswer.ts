import { addAnswer } from '@scanbase/contracts/questions';
import { useMutation } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';
import { useInvalidateQuestions } from './useInvalidateQuestions';

/** Adds an answer to a question (`questions/add-answer`). */
export function useAddAnswer() {
  const { v2 } = useServices();
  const invalidate = useInvalidateQuestions();
  return useMutation({ mutationFn: (body: { questionId: number; text: string }) => v2.call(addAnswer, body), onSuccess: invalidate });
}
