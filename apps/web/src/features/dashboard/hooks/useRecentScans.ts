import { recentScans } from '@scanbase/contracts/scanner';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useServices } from '../../../app/useServices';
import { coalesce, DASHBOARD_LIMIT, mergeNewer, newestId } from '../recent-scans';
import { useLiveScans } from './useLiveScans';

type Recent = Awaited<ReturnType<typeof loadRecent>>;
const queryKey = ['dashboard', 'recent'] as const;
const HIGHLIGHT_MS = 4000;
const SAFETY_POLL_MS = 30_000;

function loadRecent(v2: ReturnType<typeof useServices>['v2']) {
  return v2.call(recentScans, { limit: DASHBOARD_LIMIT });
}

/**
 * The newest scans of the account, live: every `scan` message on the socket fetches only what is newer
 * than the newest row shown (`afterId`) and puts it on top. Answers the rows, counts and the ids that
 * just arrived (for a short highlight).
 */
export function useRecentScans() {
  const { v2 } = useServices();
  const client = useQueryClient();
  const [fresh, setFresh] = useState<ReadonlySet<number>>(new Set());
  const query = useQuery({ queryKey, queryFn: () => loadRecent(v2), staleTime: 0, refetchOnWindowFocus: true });

  const fetchNewer = useMemo(
    () =>
      coalesce(async () => {
        const current = client.getQueryData<Recent>(queryKey);
        if (!current) {
          await client.invalidateQueries({ queryKey });
          return;
        }
        const reply = await v2.call(recentScans, { limit: 200, afterId: newestId(current.items) });
        const latest = client.getQueryData<Recent>(queryKey) ?? current;
        client.setQueryData<Recent>(queryKey, { items: mergeNewer(latest.items, reply.items), counts: reply.counts });
        if (reply.items.length > 0) setFresh((before) => new Set([...before, ...reply.items.map((row) => row.id)]));
      }),
    [client, v2],
  );
  useLiveScans(fetchNewer);
  // A socket that dropped and came back missed messages: a slow poll for newer scans covers the gap.
  useEffect(() => {
    const timer = setInterval(fetchNewer, SAFETY_POLL_MS);
    return () => clearInterval(timer);
  }, [fetchNewer]);

  useEffect(() => {
    if (fresh.size === 0) return;
    const timer = setTimeout(() => setFresh(new Set()), HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [fresh]);

  return { ...query, fresh };
}
