import { useParams } from '@tanstack/react-router';

/** The `{userId}` of the address as a number, or null when it is not a positive whole number. */
export function useAppUserId(): number | null {
  const params: Record<string, string | undefined> = useParams({ strict: false });
  const raw = Number(params.userId);
  return Number.isInteger(raw) && raw > 0 ? raw : null;
}
