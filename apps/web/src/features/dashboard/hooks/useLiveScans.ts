import { useEffect, useRef } from 'react';
import { useServices } from '../../../app/useServices';

/** Calls `onScan()` for every `{topic: 'scan'}` message of the app's live-updates socket (one per new scan of the account). */
export function useLiveScans(onScan: () => void): void {
  const { live } = useServices();
  const handler = useRef(onScan);
  useEffect(() => {
    handler.current = onScan;
  });
  useEffect(
    () =>
      live.onMessage((message) => {
        if (message.topic === 'scan') handler.current();
      }),
    [live],
  );
}
