import { useMutation, useQueryClient } from '@tanstack/react-query';
import { autofillValues } from '@scanbase/contracts/databases';
import { useServices } from '../../../app/useServices';
import type { AutofillBody } from '../autofill-form';

/** Generates random or sequential values (`databases/autofill`); answers how many were added. */
export function useAutofill() {
  const { v2 } = useServices();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AutofillBody) => v2.call(autofillValues, body),
    onSuccess: () => client.invalidateQueries({ queryKey: ['databases'] }),
  });
}
