import { useQueryClient } from '@tanstack/react-query';
import { useLiveSheet } from './useLiveSheet';

/** Keeps the instance's "scans today" and status fresh: reloads `specialized/get` when the sheet changes. */
export function useLiveInstanceCounts(id: number): void {
  const client = useQueryClient();
  useLiveSheet(id, () => void client.invalidateQueries({ queryKey: ['specialized', 'get', id] }));
}
