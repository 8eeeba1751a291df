import { useServiceOptions } from '../../app-users/hooks/useServiceOptions';
import { useAppUserOptions } from '../../services/hooks/useAppUserOptions';
import { useDeviceOptions } from '../hooks/useDeviceOptions';
import type { UpdateOptions } from '../hooks/useScanSearch';
import type { SearchState } from '../search-query';
import { IdPicker } from '../../../ui/IdPicker';

type Props = { search: SearchState; update: (patch: Partial<SearchState>, how?: UpdateOptions) => void };

const none = (ids: number[]) => (ids.length === 0 ? undefined : ids);

/** The service, app user and device filters (none chosen = all). */
export function SearchPickers({ search, update }: Props) {
  const services = useServiceOptions();
  const users = useAppUserOptions();
  const devices = useDeviceOptions();
  return (
    <>
      <IdPicker
        label="Services"
        allLabel="All services"
        options={services.data?.items ?? []}
        loading={services.isPending}
        error={services.isError ? `Services did not load: ${services.error.message}` : undefined}
        value={search.serviceIds ?? []}
        onChange={(ids) => update({ serviceIds: none(ids) })}
        missingName={(id) => `Deleted service #${id}`}
      />
      <IdPicker
        label="App users"
        allLabel="All users"
        options={(users.data?.items ?? []).map((user) => ({ id: user.id, name: user.isOwner ? `${user.username} (owner)` : user.username }))}
        loading={users.isPending}
        error={users.isError ? `Users did not load: ${users.error.message}` : undefined}
        value={search.userIds ?? []}
        onChange={(ids) => update({ userIds: none(ids) })}
        missingName={(id) => `Deleted user #${id}`}
      />
      <IdPicker
        label="Devices"
        allLabel="All devices"
        options={(devices.data?.items ?? []).map((device) => ({ id: device.id, name: device.name }))}
        loading={devices.isPending}
        error={devices.isError ? `Devices did not load: ${devices.error.message}` : undefined}
        value={search.deviceIds ?? []}
        onChange={(ids) => update({ deviceIds: none(ids) })}
        missingName={(id) => `Device #${id}`}
      />
    </>
  );
}
