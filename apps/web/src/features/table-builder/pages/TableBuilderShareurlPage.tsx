import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { SpecializedInstanceDetail } from '@scanbase/contracts/specialized';
import { ErrorState, LoadingState } from '../../../ui/QueryStates';
import { VisuallyHidden } from '../../../ui/VisuallyHidden';
import { FormAlert } from '../../auth/components/FormAlert';
import { InstanceFrame } from '../../specialized/components/InstanceFrame';
import { ShareLinkForm } from '../components/ShareLinkForm';
import { useRevokeShareLink } from '../hooks/useRevokeShareLink';
import { useShareLinks } from '../hooks/useShareLinks';
import { useTableColumns } from '../hooks/useTableColumns';

const when = (iso: string | null) => (iso === null ? '—' : new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' }));

function Links({ instance }: { instance: SpecializedInstanceDetail }) {
  const links = useShareLinks(instance.id);
  const columns = useTableColumns(instance.id);
  const revoke = useRevokeShareLink(instance.id);
  if (links.isPending || columns.isPending) return <LoadingState label="Loading share links…" />;
  if (links.isError) return <ErrorState message={links.error.message} onRetry={() => void links.refetch()} />;
  if (columns.isError) return <ErrorState message={columns.error.message} onRetry={() => void columns.refetch()} />;
  const names = new Map(columns.data.columns.map((c) => [c.questionId, c.text]));
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2.5 }}>
      <ShareLinkForm instanceId={instance.id} columns={columns.data.columns} />
      <FormAlert message={revoke.isError ? revoke.error.message : null} />
      <Paper variant="outlined" component="section" aria-label="Share links">
        <Typography component="h2" sx={{ fontWeight: 600, p: 2, pb: 1 }}>
          Share links
        </Typography>
        {links.data.items.length === 0 ? (
          <Typography color="text.secondary" sx={{ px: 2, pb: 2 }}>
            No share links yet.
          </Typography>
        ) : (
          <TableContainer>
            <Table size="small" aria-label="Share links">
              <TableHead>
                <TableRow>
                  <TableCell>Made</TableCell>
                  <TableCell>State</TableCell>
                  <TableCell>Expires</TableCell>
                  <TableCell>Password</TableCell>
                  <TableCell>Name</TableCell>
                  <TableCell>Columns</TableCell>
                  <TableCell>May edit</TableCell>
                  <TableCell>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {links.data.items.map((l) => (
                  <TableRow key={l.linkId}>
                    <TableCell>{when(l.createdAt)}</TableCell>
                    <TableCell>
                      <Chip size="small" label={l.state === 'active' ? 'Active' : l.state === 'expired' ? 'Expired' : 'Revoked'} color={l.state === 'active' ? 'success' : 'default'} variant="outlined" />
                    </TableCell>
                    <TableCell>{l.expiresAt === null ? 'Never' : when(l.expiresAt)}</TableCell>
                    <TableCell>{l.hasPassword ? 'Yes' : 'No'}</TableCell>
                    <TableCell>{l.name || '—'}</TableCell>
                    <TableCell>{l.questionIds === null ? 'Every column' : l.questionIds.map((q) => names.get(q) ?? `#${q}`).join(', ')}</TableCell>
                    <TableCell>{l.editableQuestionIds === null ? 'Read only' : l.editableQuestionIds.map((q) => names.get(q) ?? `#${q}`).join(', ')}</TableCell>
                    <TableCell align="right">
                      {l.state === 'active' ? (
                        <Button size="small" color="error" onClick={() => revoke.mutate(l.linkId)} disabled={revoke.isPending} aria-label={`Revoke the link made ${when(l.createdAt)}`}>
                          Revoke
                        </Button>
                      ) : null}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </Paper>
    </Box>
  );
}

/** /account/specialized-services/{instanceId}/table-builder/shareurl/: read-only share links with an optional expiry and password, revocable. */
export function TableBuilderShareurlPage() {
  return (
    <InstanceFrame
      type="table-builder"
      tab="shareurl"
      intro="A share link shows the table, read-only, to anyone who has it, without signing in. Only a fingerprint of the link is kept, so its address is shown once, when it is made. Revoke it to stop it at once."
    >
      {(instance) => <Links key={instance.id} instance={instance} />}
    </InstanceFrame>
  );
}
