import { listDevices } from '@scanbase/contracts/devices';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

export type DeviceListParams = { page: number; limit: number; search?: string; sortby?: string; sortdirection?: 'asc' | 'desc' };

/** A page of the devices that scanned for this account (`devices/list`). */
export function useDeviceList(params: DeviceListParams) {
  const { v2 } = useServices();
  return useQuery({ queryKey: ['devices', 'list', params], queryFn: () => v2.call(listDevices, params), placeholderData: keepPreviousData });
}
