import { useParams } from '@tanstack/react-router';

/** The `{instanceId}` of the address as a number, or null when it is not one. */
export function useInstanceIdParam(): number | null {
  const params: Record<string, string | undefined> = useParams({ strict: false });
  const raw = Number(params.instanceId);
  return Number.isInteger(raw) && raw > 0 ? raw : null;
}
