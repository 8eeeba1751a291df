import { listDevices } from '@scanbase/contracts/devices';
import { useQuery } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

/** The account's devices for a filter (`devices/list`, the first 500 by name). */
export function useDevicePicker() {
  const { v2 } = useServices();
  return useQuery({
    queryKey: ['devices', 'picker'],
    queryFn: async () => {
      const reply = await v2.call(listDevices, { page: 1, limit: 500, sortby: 'name', sortdirection: 'asc' });
      return { items: reply.items.map((device) => ({ id: device.id, name: device.name })), total: reply.total };
    },
  });
}
