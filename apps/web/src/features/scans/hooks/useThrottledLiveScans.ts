import { useEffect, useRef } from 'react';
import { useServices } from '../../../app/useServices';
import { throttle } from '../live-refresh';

/** A socket that dropped and came back missed messages: a slow poll covers the gap (as the live dashboard does). */
const SAFETY_POLL_MS = 30_000;

/**
 * Calls `onScans()` for `{topic: 'scan'}` messages of the live socket, at most once every `ms` (a burst makes one
 * call at once and one after), and every 30 s in case messages were missed.
 */
export function useThrottledLiveScans(onScans: () => void, ms = 1000): void {
  const { live } = useServices();
  const handler = useRef(onScans);
  useEffect(() => {
    handler.current = onScans;
  });
  useEffect(() => {
    const throttled = throttle(() => handler.current(), ms);
    const stop = live.onMessage((message) => {
      if (message.topic === 'scan') throttled.call();
    });
    const poll = setInterval(throttled.call, SAFETY_POLL_MS);
    return () => {
      stop();
      clearInterval(poll);
      throttled.cancel();
    };
  }, [live, ms]);
}
