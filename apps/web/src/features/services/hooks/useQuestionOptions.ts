import { listQuestions } from '@scanbase/contracts/questions';
import { useQuery } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

/** The account's questions to attach to a service (the first 500 by text). */
export function useQuestionOptions() {
  const { v2 } = useServices();
  return useQuery({ queryKey: ['questions', 'options'], queryFn: () => v2.call(listQuestions, { page: 1, limit: 500, sortby: 'text', sortdirection: 'asc' }) });
}
