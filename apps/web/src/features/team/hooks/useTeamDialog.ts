import { useParams, useRouterState } from '@tanstack/react-router';

/** Which modal the address opens over the team list: none, the invite form (`create/`) or one member (`{accountId}/`). */
export function useTeamDialog(): { kind: 'none' } | { kind: 'create' } | { kind: 'edit'; id: number | null } {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const params: Record<string, string | undefined> = useParams({ strict: false });
  if (/\/account\/admins\/create\/?$/.test(pathname)) return { kind: 'create' };
  if (params.accountId === undefined) return { kind: 'none' };
  const id = Number(params.accountId);
  return { kind: 'edit', id: Number.isInteger(id) && id > 0 ? id : null };
}
