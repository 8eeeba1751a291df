import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

/**
 * Refreshes everything a service change can show elsewhere: services, and the databases,
 * questions and app users that list the services using them.
 */
export function useInvalidateScanConfig() {
  const client = useQueryClient();
  return useCallback(
    () => Promise.all(['services', 'databases', 'questions', 'appusers'].map((key) => client.invalidateQueries({ queryKey: [key] }))).then(() => undefined),
    [client],
  );
}
