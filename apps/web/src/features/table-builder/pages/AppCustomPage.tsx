import { PublicTableView } from '../components/PublicTableView';

/** /app-custom?tableId=: the table the scanner opens, with the app user's token or a share token. */
export function AppCustomPage() {
  return <PublicTableView mode="table" />;
}
