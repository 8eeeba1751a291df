import { listQuestions, type QuestionType } from '@scanbase/contracts/questions';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

export type QuestionListParams = { page: number; limit: number; search?: string; searchType?: QuestionType; sortby?: string; sortdirection?: 'asc' | 'desc' };

/** A page of the account's questions (`questions/list`). */
export function useQuestionList(params: QuestionListParams) {
  const { v2 } = useServices();
  return useQuery({ queryKey: ['questions', 'list', params], queryFn: () => v2.call(listQuestions, params), placeholderData: keepPreviousData });
}
