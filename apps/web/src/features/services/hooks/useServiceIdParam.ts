import { useParams } from '@tanstack/react-router';

/** The `{serviceId}` of the address as a number, or null when it is not one. */
export function useServiceIdParam(): number | null {
  const params: Record<string, string | undefined> = useParams({ strict: false });
  const raw = Number(params.serviceId);
  return Number.isInteger(raw) && raw > 0 ? raw : null;
}
