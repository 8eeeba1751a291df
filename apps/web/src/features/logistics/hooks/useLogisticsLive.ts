import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useServices } from '../../../app/useServices';

/** Refetches the package list and the open timeline when a package of this instance is scanned (`{topic: 'logistics', id}` over /ws). */
export function useLogisticsLive(id: number): void {
  const { live } = useServices();
  const client = useQueryClient();
  useEffect(
    () =>
      live.onMessage((message) => {
        if (message.topic === 'logistics' && Number(message.id) === id) void client.invalidateQueries({ queryKey: ['logistics'] });
      }),
    [client, id, live],
  );
}
