import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useTableRow } from '../hooks/useTableRow';

/** A row's history of changes (who, when, from what), newest first: the administrator's view in `CellDialog`. */
export function RowHistory({ instanceId, rowId }: { instanceId: number; rowId: number }) {
  const detail = useTableRow(instanceId, rowId);
  return (
    <>
      <Typography component="h3" sx={{ fontWeight: 600 }}>
        History of this row
      </Typography>
      {detail.data ? (
        detail.data.changes.length === 0 ? (
          <Typography color="text.secondary">No answers recorded yet.</Typography>
        ) : (
          <List dense aria-label="Changes, newest first" sx={{ maxHeight: 240, overflow: 'auto' }}>
            {detail.data.changes.map((c, i) => (
              <ListItem key={i} disableGutters>
                <ListItemText
                  primary={`${c.question}: ${c.from === null ? '' : `“${c.from}” → `}“${c.to}”`}
                  secondary={`${new Date(c.at).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' })} · ${c.by} · ${c.source === 'scan' ? 'scanner' : c.source}`}
                />
              </ListItem>
            ))}
          </List>
        )
      ) : (
        <Typography color="text.secondary">Loading the history…</Typography>
      )}
    </>
  );
}
