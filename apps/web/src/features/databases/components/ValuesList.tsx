import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { DbValue } from '@scanbase/contracts/databases';
import { useState } from 'react';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { FormAlert } from '../../auth/components/FormAlert';
import { useDeleteValue } from '../hooks/useDeleteValue';
import { ValidityChip } from './ValidityChip';
import { ValueEditor } from './ValueEditor';

type Props = { databaseId: number; values: readonly DbValue[] };

function Actions({ value, onEdit, onDelete }: { value: DbValue; onEdit: () => void; onDelete: () => void }) {
  return (
    <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end' }}>
      <Button size="small" onClick={onEdit} aria-label={`Edit ${value.value}`}>
        Edit
      </Button>
      <Button size="small" color="error" onClick={onDelete} aria-label={`Delete ${value.value}`}>
        Delete
      </Button>
    </Stack>
  );
}

const responseText = (value: DbValue) =>
  value.response ? (
    <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', display: '-webkit-box', WebkitLineClamp: 3, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}>
      {value.response}
    </Typography>
  ) : (
    <Typography variant="body2" color="text.secondary">
      No response
    </Typography>
  );

/** Values with inline edit and delete (a table; cards on phones). */
export function ValuesList({ databaseId, values }: Props) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const [editing, setEditing] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<DbValue | null>(null);
  const remove = useDeleteValue();

  const dialog = (
    <ConfirmDialog
      open={deleting !== null}
      title="Delete this value?"
      confirmLabel="Delete value"
      danger
      busy={remove.isPending}
      onClose={() => {
        remove.reset();
        setDeleting(null);
      }}
      onConfirm={() => deleting && remove.mutate({ id: databaseId, valueId: deleting.id }, { onSuccess: () => setDeleting(null) })}
    >
      <FormAlert message={remove.error?.message ?? null} />
      Scans of &ldquo;{deleting?.value}&rdquo; will no longer be found in this database. Scans already made keep their result.
    </ConfirmDialog>
  );

  if (phone) {
    return (
      <>
        <Stack spacing={1.5} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Values">
          {values.map((value) => (
            <Paper key={value.id} component="li" variant="outlined" sx={{ p: 2 }}>
              {editing === value.id ? (
                <ValueEditor databaseId={databaseId} value={value} onDone={() => setEditing(null)} />
              ) : (
                <>
                  <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, alignItems: 'flex-start' }}>
                    <Typography sx={{ fontWeight: 600, fontFamily: 'ui-monospace, Menlo, monospace', overflowWrap: 'anywhere' }}>{value.value}</Typography>
                    <ValidityChip validity={value.validity} />
                  </Box>
                  <Box sx={{ mt: 0.5 }}>{responseText(value)}</Box>
                  <Box sx={{ mt: 1 }}>
                    <Actions value={value} onEdit={() => setEditing(value.id)} onDelete={() => setDeleting(value)} />
                  </Box>
                </>
              )}
            </Paper>
          ))}
        </Stack>
        {dialog}
      </>
    );
  }
  return (
    <>
      <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label="Values">
          <TableHead>
            <TableRow>
              <TableCell sx={{ width: '30%' }}>Value</TableCell>
              <TableCell>Response</TableCell>
              <TableCell sx={{ width: 100 }}>Result</TableCell>
              <TableCell align="right" sx={{ width: 150 }}>
                Actions
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {values.map((value) =>
              editing === value.id ? (
                <TableRow key={value.id}>
                  <TableCell colSpan={4}>
                    <ValueEditor databaseId={databaseId} value={value} onDone={() => setEditing(null)} />
                  </TableCell>
                </TableRow>
              ) : (
                <TableRow key={value.id} hover>
                  <TableCell sx={{ fontFamily: 'ui-monospace, Menlo, monospace', overflowWrap: 'anywhere' }}>{value.value}</TableCell>
                  <TableCell>{responseText(value)}</TableCell>
                  <TableCell>
                    <ValidityChip validity={value.validity} />
                  </TableCell>
                  <TableCell align="right">
                    <Actions value={value} onEdit={() => setEditing(value.id)} onDelete={() => setDeleting(value)} />
                  </TableCell>
                </TableRow>
              ),
            )}
          </TableBody>
        </Table>
      </Paper>
      {dialog}
    </>
  );
}
