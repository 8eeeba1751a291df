import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { LiveUpdates, websocketUrl } from '../../../api/websocket-client';
import { usePortal } from '../../portal/hooks/usePortal';

/**
 * The portal's own live updates: a websocket opened with the portal user's app token (/ws accepts it),
 * refetching the portal's queries when a value of this instance moves. Answers whether it is connected.
 */
export function usePortalLive(id: number | null): boolean {
  const { session } = usePortal('checkinout');
  const queries = useQueryClient();
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (id === null) return;
    const live = new LiveUpdates({ url: websocketUrl(window.location), token: () => session.token });
    const off = live.onMessage((message) => {
      if (message.topic === 'ready') {
        setReady(true);
        // (Re)connected: whatever moved while the socket was down is fetched again.
        void queries.invalidateQueries({ queryKey: ['portal', 'checkinout'] });
      }
      if (message.topic === 'checkinout' && Number(message.id) === id) void queries.invalidateQueries({ queryKey: ['portal', 'checkinout'] });
    });
    live.start();
    return () => {
      off();
      live.stop();
      setReady(false);
    };
  }, [id, queries, session]);
  return ready;
}
