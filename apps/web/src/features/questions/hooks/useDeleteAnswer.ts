import { deleteAnswer } from '@scanbase/contracts/questions';
import { useMutation } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';
import { useInvalidateQuestions } from './useInvalidateQuestions';

/** Deletes an answer (`questions/delete-answer`); choice questions keep at least two. */
export function useDeleteAnswer() {
  const { v2 } = useServices();
  const invalidate = useInvalidateQuestions();
  return useMutation({ mutationFn: (answerId: number) => v2.call(deleteAnswer, { answerId }), onSettled: invalidate });
}
