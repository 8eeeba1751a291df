import Add from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { shortLinkStatuses, type ShortLink, type ShortLinkStatus } from '@scanbase/contracts/short-links';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useSession } from '../../../session/useSession';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { ListSearchField } from '../../../ui/ListSearchField';
import { EmptyState, ErrorState, LoadingState } from '../../../ui/QueryStates';
import { LabelledSelect } from '../../api-access/components/LabelledSelect';
import { FormAlert } from '../../auth/components/FormAlert';
import { Pager } from '../../tasks/components/Pager';
import { useListSearch } from '../../tasks/hooks/useListSearch';
import { ShortLinkDialog } from '../components/ShortLinkDialog';
import { ShortLinkList } from '../components/ShortLinkList';
import { useCopyText } from '../hooks/useCopyText';
import { useCreateShortLink } from '../hooks/useCreateShortLink';
import { useRevokeShortLink } from '../hooks/useRevokeShortLink';
import { useShortLinks } from '../hooks/useShortLinks';
import { statusLabels } from '../short-link-format';

const statusOptions = [{ value: '', label: 'Every status' }, ...shortLinkStatuses.map((s) => ({ value: s, label: statusLabels[s].text }))];

/** /account/links/: every short link of the account, searchable and filtered in the address; make, copy and revoke. */
export function ShortLinksPage() {
  const { user } = useSession();
  const timeZone = user?.timezone || undefined;
  const navigate = useNavigate();
  const { search, update } = useListSearch();
  const page = Math.max(1, Number(search.page ?? 1) || 1);
  const status = (shortLinkStatuses as readonly string[]).includes(search.status ?? '') ? (search.status as ShortLinkStatus) : undefined;
  const links = useShortLinks({ page, search: search.q, status });
  const create = useCreateShortLink();
  const revoke = useRevokeShortLink();
  const clipboard = useCopyText();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ShortLink | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const filtered = search.q !== undefined || status !== undefined;

  const startCreate = () => {
    create.reset();
    setNotice(null);
    setCreating(true);
  };
  const createButton = (
    <Button variant="contained" startIcon={<Add />} onClick={startCreate}>
      New short link
    </Button>
  );

  let body;
  if (links.isPending) body = <LoadingState label="Loading short links…" />;
  else if (links.isError) body = <ErrorState message={links.error.message} onRetry={() => void links.refetch()} />;
  else if (links.data.items.length === 0 && !filtered) {
    body = (
      <EmptyState title="No short links yet" action={createButton}>
        A short link is an address people can type or scan from a poster: it opens a share link, a download link or a portal sign-in of this account. You
        can see how often it was opened, let it expire, or revoke it at any time.
      </EmptyState>
    );
  } else if (links.data.items.length === 0) {
    body = <EmptyState title="No short link matches">Change the search or the status filter.</EmptyState>;
  } else {
    body = (
      <>
        <ShortLinkList
          links={links.data.items}
          timeZone={timeZone}
          onCopy={(link) => clipboard.copy(link.shortUrl)}
          onRevoke={(link) => {
            revoke.reset();
            setNotice(null);
            setRevoking(link);
          }}
        />
        <Pager page={page} limit={links.data.limit} total={links.data.total} onPage={(next) => update({ page: next === 1 ? undefined : next })} />
      </>
    );
  }

  return (
    <Box>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h1" sx={{ flex: '1 1 auto' }}>
          Links
        </Typography>
        {links.data && (links.data.total > 0 || filtered) ? createButton : null}
      </Box>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 3, maxWidth: 760 }}>
        Short addresses for the links you hand out: share links, download links and portal sign-ins. Each counts its visits; an expired or revoked one
        tells its visitor so.
      </Typography>
      <FormAlert message={notice ?? clipboard.message} severity="success" />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'minmax(0, 2fr) minmax(0, 1fr)' }, maxWidth: 720, mb: 2 }}>
        <ListSearchField label="Search by label, code or address" value={search.q ?? ''} onSearch={(q) => update({ q, page: undefined })} />
        <LabelledSelect label="Status" value={status ?? ''} options={statusOptions} onChange={(next) => update({ status: next, page: undefined })} />
      </Box>
      {body}
      {creating ? (
        <ShortLinkDialog
          busy={create.isPending}
          error={create.error}
          onClose={() => setCreating(false)}
          onSubmit={(values) =>
            create.mutate(values, {
              onSuccess: (link) => {
                setCreating(false);
                void navigate({ href: `/account/links/${link.id}/` });
              },
            })
          }
        />
      ) : null}
      <ConfirmDialog
        open={revoking !== null}
        title="Revoke this short link?"
        confirmLabel="Revoke link"
        danger
        busy={revoke.isPending}
        onClose={() => setRevoking(null)}
        onConfirm={() => {
          if (!revoking) return;
          revoke.mutate(revoking.id, {
            onSuccess: () => {
              setNotice(`${revoking.shortUrl} is revoked: it now tells visitors the link has expired.`);
              setRevoking(null);
            },
          });
        }}
      >
        {revoking ? `${revoking.shortUrl} will stop opening ${revoking.target} for everyone, for good. The page it opens is not changed.` : null}
        {revoke.error ? <FormAlert message={revoke.error.message} /> : null}
      </ConfirmDialog>
    </Box>
  );
}
