import { useNavigate, useRouterState } from '@tanstack/react-router';

/** The portal page's query as strings, and a way to change some of it (replacing the history entry; '' or undefined removes a key). */
export function usePortalAddress() {
  const navigate = useNavigate();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const searchStr = useRouterState({ select: (s) => s.location.searchStr });
  const params = new URLSearchParams(searchStr);
  const get = (name: string): string => params.get(name) ?? '';
  const set = (changes: Record<string, string | number | undefined>) => {
    const next = new URLSearchParams(searchStr);
    for (const [key, value] of Object.entries(changes)) {
      if (value === undefined || value === '') next.delete(key);
      else next.set(key, String(value));
    }
    const text = next.toString();
    void navigate({ href: `${pathname}${text ? `?${text}` : ''}`, replace: true });
  };
  return { get, set };
}

/** A whole page number from the address (1 when missing or wrong). */
export function pageNumber(raw: string, fallback = 1, max = 100_000): number {
  const n = Number(raw);
  return Number.isInteger(n) && n >= 1 && n <= max ? n : fallback;
}

/** A yes/no flag from the address ('1' or 'true'). */
export function flag(raw: string, fallback: boolean): boolean {
  if (raw === '') return fallback;
  return raw === '1' || raw === 'true';
}
