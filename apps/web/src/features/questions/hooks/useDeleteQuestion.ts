import { deleteQuestion } from '@scanbase/contracts/questions';
import { useMutation } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';
import { useInvalidateQuestions } from './useInvalidateQuestions';

/** Deletes a question (`questions/delete`); refused while a service asks it. */
export function useDeleteQuestion() {
  const { v2 } = useServices();
  const invalidate = useInvalidateQuestions();
  return useMutation({ mutationFn: (id: number) => v2.call(deleteQuestion, { id }), onSettled: invalidate });
}
