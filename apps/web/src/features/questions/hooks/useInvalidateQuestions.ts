import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

/** Refreshes questions and the services that show them. */
export function useInvalidateQuestions() {
  const client = useQueryClient();
  return useCallback(() => Promise.all([client.invalidateQueries({ queryKey: ['questions'] }), client.invalidateQueries({ queryKey: ['services'] })]).then(() => undefined), [client]);
}
