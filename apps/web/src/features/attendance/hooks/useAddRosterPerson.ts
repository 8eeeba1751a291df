import { addValue } from '@scanbase/contracts/databases';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

/** Adds a person (code, name) to a roster database. */
export function useAddRosterPerson(databaseId: number) {
  const { v2 } = useServices();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (person: { code: string; name: string }) => v2.call(addValue, { id: databaseId, value: person.code, response: person.name, validity: 1 }),
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: ['databases'] }), client.invalidateQueries({ queryKey: ['attendance'] })]),
  });
}
