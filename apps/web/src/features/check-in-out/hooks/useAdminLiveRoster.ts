import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useServices } from '../../../app/useServices';

/** Refetches the admin roster when a value of this instance moves (`{topic: 'checkinout', id}` over /ws). */
export function useAdminLiveRoster(id: number): void {
  const { live } = useServices();
  const client = useQueryClient();
  useEffect(
    () =>
      live.onMessage((message) => {
        if (message.topic === 'checkinout' && Number(message.id) === id) void client.invalidateQueries({ queryKey: ['checkinout', 'roster'] });
      }),
    [client, id, live],
  );
}
