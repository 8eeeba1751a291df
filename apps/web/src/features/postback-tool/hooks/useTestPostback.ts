import { testPostback } from '@scanbase/contracts/postback-tool';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { useServices } from '../../../app/useServices';

export type TestPostbackInput = z.input<typeof testPostback.body>;
export type TestPostbackResult = z.output<typeof testPostback.reply>;

/** Sends one test scan to a URL (`postback/test`); nothing is stored. */
export function useTestPostback() {
  const { v2 } = useServices();
  return useMutation({ mutationFn: (body: TestPostbackInput) => v2.call(testPostback, body) });
}
