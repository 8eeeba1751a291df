import { getQuestion } from '@scanbase/contracts/questions';
import { useQuery } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

/** One question with its answers (`questions/get`); disabled while the id is not a number. */
export function useQuestion(id: number | null) {
  const { v2 } = useServices();
  return useQuery({ queryKey: ['questions', 'get', id], enabled: id !== null, queryFn: () => v2.call(getQuestion, { id: id ?? 0 }) });
}
