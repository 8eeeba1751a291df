import { useParams } from '@tanstack/react-router';

/** The `{databaseId}` of the address as a number, or null when it is not a positive whole number. */
export function useDatabaseId(): number | null {
  const params: Record<string, string | undefined> = useParams({ strict: false });
  const raw = Number(params.databaseId);
  return Number.isInteger(raw) && raw > 0 ? raw : null;
}
