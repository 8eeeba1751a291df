import { listDevices } from '@scanbase/contracts/devices';
import { useQuery } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

/** The account's devices for the scans' device filter (`devices/list`, the first 500 by name). */
export function useDeviceOptions() {
  const { v2 } = useServices();
  return useQuery({ queryKey: ['devices', 'options'], queryFn: () => v2.call(listDevices, { page: 1, limit: 500, sortby: 'name', sortdirection: 'asc' }) });
}
