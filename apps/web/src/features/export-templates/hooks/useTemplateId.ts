import { useParams } from '@tanstack/react-router';

/** The `{templateID}` of the address as a number, or null when it is not a positive whole number. */
export function useTemplateId(): number | null {
  const params: Record<string, string | undefined> = useParams({ strict: false });
  const raw = params.templateID ?? '';
  return /^\d+$/.test(raw) && Number(raw) > 0 ? Number(raw) : null;
}
