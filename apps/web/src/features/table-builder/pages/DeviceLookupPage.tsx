import { PublicTableView } from '../components/PublicTableView';

/** /device-lookup?tableId=&deviceId=: the rows of a table a device scanned, with the app user's token or a share token. */
export function DeviceLookupPage() {
  return <PublicTableView mode="device" />;
}
