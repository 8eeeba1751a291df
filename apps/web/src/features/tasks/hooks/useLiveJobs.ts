import { useEffect, useRef } from 'react';
import { useServices } from '../../../app/useServices';

/** Calls `onJob(id)` for every `{topic: 'job', id}` message of the app's live-updates socket. */
export function useLiveJobs(onJob: (id: number | null) => void): void {
  const { live } = useServices();
  const handler = useRef(onJob);
  useEffect(() => {
    handler.current = onJob;
  });
  useEffect(
    () =>
      live.onMessage((message) => {
        if (message.topic !== 'job') return;
        const id = typeof message.id === 'number' ? message.id : Number(message.id);
        handler.current(Number.isFinite(id) ? id : null);
      }),
    [live],
  );
}
