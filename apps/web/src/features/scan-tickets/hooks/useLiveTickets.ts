import { useEffect, useRef } from 'react';
import { useServices } from '../../../app/useServices';

/** Calls `onScan` for every `{topic: 'tickets', id}` message naming this instance (a ticket was scanned at one of its gates). */
export function useLiveTickets(instanceId: number, onScan: () => void): void {
  const { live } = useServices();
  const handler = useRef(onScan);
  useEffect(() => {
    handler.current = onScan;
  });
  useEffect(
    () =>
      live.onMessage((message) => {
        if (message.topic === 'tickets' && Number(message.id) === instanceId) handler.current();
      }),
    [live, instanceId],
  );
}
