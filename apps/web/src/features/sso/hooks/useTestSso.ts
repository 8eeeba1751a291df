import { testSso } from '@scanbase/contracts/sso';
import { useMutation } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

/** Runs discovery on an issuer URL and answers what the identity provider offers (`sso/test`). */
export function useTestSso() {
  const { v2 } = useServices();
  return useMutation({ mutationFn: (issuerUrl: string) => v2.call(testSso, { issuerUrl }) });
}
