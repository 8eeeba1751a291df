import { startFileStoreOauth, type OauthFileStoreKind } from '@scanbase/contracts/file-storage';
import { useMutation } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

/** Asks for the provider's consent page (`filestorage/oauth-start`) and goes there. */
export function useStartFileStoreOauth() {
  const { v2 } = useServices();
  return useMutation({
    mutationFn: (kind: OauthFileStoreKind) => v2.call(startFileStoreOauth, { kind }),
    onSuccess: (reply) => window.location.assign(reply.url),
  });
}
