import { useEffect, useRef } from 'react';
import { useServices } from '../../../app/useServices';

/**
 * Calls `onChange` when the instance's table changes: `{topic: 'table', id}` after a scan or an edit of this
 * instance, and `{topic: 'scan'}` without an id (scans edited or removed in bulk).
 */
export function useLiveTable(instanceId: number, onChange: () => void): void {
  const { live } = useServices();
  const handler = useRef(onChange);
  useEffect(() => {
    handler.current = onChange;
  });
  useEffect(
    () =>
      live.onMessage((message) => {
        if ((message.topic === 'table' && Number(message.id) === instanceId) || (message.topic === 'scan' && message.id === undefined)) handler.current();
      }),
    [live, instanceId],
  );
}
