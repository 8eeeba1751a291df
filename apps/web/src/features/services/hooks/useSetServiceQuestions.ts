import { setServiceQuestions } from '@scanbase/contracts/services';
import { useMutation } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';
import type { ServiceQuestionRow } from '../service-questions';
import { useInvalidateScanConfig } from './useInvalidateScanConfig';

/** Replaces a service's questions, in order (`services/set-questions`). */
export function useSetServiceQuestions() {
  const { v2 } = useServices();
  const invalidate = useInvalidateScanConfig();
  return useMutation({ mutationFn: (input: { id: number; questions: ServiceQuestionRow[] }) => v2.call(setServiceQuestions, input), onSuccess: invalidate });
}
