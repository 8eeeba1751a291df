import AddOutlined from '@mui/icons-material/AddOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ExportColumn } from '@scanbase/contracts/scan-data';
import { useId, useState } from 'react';
import { ErrorState, LoadingState } from '../../../ui/QueryStates';
import { propertyColumn, remainingOptions, type ColumnGroup, type ColumnOption } from '../template-form';

type Props = {
  options: readonly ColumnOption[];
  chosen: readonly ExportColumn[];
  loading: boolean;
  error: string | null;
  /** Whether some services are chosen (the wording of an empty group). */
  narrowed: boolean;
  onRetry: () => void;
  onAdd: (column: ExportColumn) => void;
};

const groups: { group: ColumnGroup; title: string; none: [string, string]; allAdded: string }[] = [
  { group: 'field', title: 'Scan fields', none: ['No scan fields offered.', 'No scan fields offered.'], allAdded: 'Every scan field is chosen.' },
  { group: 'question', title: 'Questions', none: ['No service asks questions yet.', 'These services ask no questions.'], allAdded: 'Every question is chosen.' },
  { group: 'property', title: 'Properties', none: ['No scan has properties yet.', 'No property has been seen on these services’ scans yet.'], allAdded: 'Every property seen is chosen.' },
];

/** A property column by name, for properties not seen on any scan yet. */
function AddPropertyByName({ chosen, onAdd }: { chosen: readonly ExportColumn[]; onAdd: (column: ExportColumn) => void }) {
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const add = () => {
    const column = propertyColumn(name, chosen);
    if (!column) {
      setProblem(name.trim() === '' ? 'Type the property’s name' : 'This property is already a column');
      return;
    }
    onAdd(column);
    setName('');
    setProblem(null);
  };
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', mt: 1 }}>
      <TextField
        size="small"
        label="Add property by name"
        value={name}
        onChange={(event) => {
          setName(event.target.value);
          setProblem(null);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            add();
          }
        }}
        error={Boolean(problem)}
        helperText={problem ?? 'For example order_number'}
        slotProps={{ htmlInput: { maxLength: 100, spellCheck: false } }}
        sx={{ flexGrow: 1 }}
      />
      <Button variant="outlined" onClick={add} sx={{ mt: 0.25 }}>
        Add
      </Button>
    </Box>
  );
}

/** The columns on offer, by kind, as buttons; a click (or Enter) adds one at the end of the chosen columns. */
export function ColumnPalette({ options, chosen, loading, error, narrowed, onRetry, onAdd }: Props) {
  const headingId = useId();
  const remaining = remainingOptions(options, chosen);
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ minWidth: 0 }}>
      <Typography id={headingId} variant="subtitle1" sx={{ fontWeight: 600 }}>
        Available columns
      </Typography>
      {loading && options.length === 0 ? <LoadingState label="Loading the columns…" /> : null}
      {error ? <ErrorState message={`The columns did not load: ${error}`} onRetry={onRetry} /> : null}
      <Box>
        {groups.map(({ group, title, none, allAdded }) => {
          const offered = options.filter((option) => option.group === group);
          const left = remaining.filter((option) => option.group === group);
          return (
            <Box key={group} sx={{ mt: 2 }}>
              <Typography variant="subtitle2" color="text.secondary" component="h4">
                {title}
              </Typography>
              {left.length === 0 ? (
                <Typography variant="body2" color="text.secondary" sx={{ py: 0.5 }}>
                  {loading || error ? '—' : offered.length === 0 ? none[narrowed ? 1 : 0] : allAdded}
                </Typography>
              ) : (
                <Box component="ul" aria-label={title} sx={{ listStyle: 'none', p: 0, m: 0, mt: 0.75, display: 'flex', flexWrap: 'wrap', gap: 0.75 }}>
                  {left.map((option) => (
                    <li key={option.key}>
                      <Chip
                        variant="outlined"
                        color="primary"
                        icon={<AddOutlined />}
                        label={option.label}
                        onClick={() => onAdd(option.column)}
                        aria-label={`Add column ${option.label}`}
                        sx={{ maxWidth: '100%', height: 'auto', minHeight: 32, '& .MuiChip-label': { whiteSpace: 'normal', overflowWrap: 'anywhere', py: 0.5 } }}
                      />
                    </li>
                  ))}
                </Box>
              )}
              {group === 'property' ? <AddPropertyByName chosen={chosen} onAdd={onAdd} /> : null}
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}
