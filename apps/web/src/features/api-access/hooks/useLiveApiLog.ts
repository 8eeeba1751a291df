import { useEffect, useRef } from 'react';
import { useServices } from '../../../app/useServices';

/** Calls `onCalls()` for every `{topic: 'apilog'}` message of the live-updates socket (API calls were logged). */
export function useLiveApiLog(onCalls: () => void): void {
  const { live } = useServices();
  const handler = useRef(onCalls);
  useEffect(() => {
    handler.current = onCalls;
  });
  useEffect(
    () =>
      live.onMessage((message) => {
        if (message.topic === 'apilog') handler.current();
      }),
    [live],
  );
}
