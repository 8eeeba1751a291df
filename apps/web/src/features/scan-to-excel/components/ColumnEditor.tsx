import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import CloseOutlined from '@mui/icons-material/CloseOutlined';
import DragIndicator from '@mui/icons-material/DragIndicator';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { ScanToExcelColumn } from '@scanbase/contracts/scan-to-excel';
import { useId, useState } from 'react';
import { TextInput } from '../../../ui/TextInput';
import { columnKey, columnSource, moveColumn, type ColumnChoice } from '../sheet-columns';

type Props = {
  columns: ScanToExcelColumn[];
  onChange: (columns: ScanToExcelColumn[]) => void;
  choices: readonly ColumnChoice[];
  questions: ReadonlyMap<number, string>;
  /** Problems by path (`columns`, `columns.2.header`). */
  errors: Record<string, string>;
};

const buttonId = (key: string, which: 'up' | 'down' | 'remove' | 'add') => `s2x-${which}-${key.replace(/[^A-Za-z0-9_-]/g, '_')}`;

/** Focuses a button once the list has re-rendered (a moved row keeps the keyboard where it was). */
function focusLater(id: string, fallback?: string) {
  window.requestAnimationFrame(() => {
    const target = document.getElementById(id) as HTMLButtonElement | null;
    if (target && !target.disabled) target.focus();
    else if (fallback) document.getElementById(fallback)?.focus();
  });
}

/**
 * The sheet's columns in file order (rename a header in place, move with the arrow buttons or drag by the
 * handle, remove), and the columns that can still be added.
 */
export function ColumnEditor({ columns, onChange, choices, questions, errors }: Props) {
  const chosenId = useId();
  const addId = useId();
  const [armed, setArmed] = useState<number | null>(null);
  const [dragFrom, setDragFrom] = useState<number | null>(null);
  const [dragOver, setDragOver] = useState<number | null>(null);
  const endDrag = () => {
    setArmed(null);
    setDragFrom(null);
    setDragOver(null);
  };
  const used = new Set(columns.map(columnKey));
  const open = choices.filter((c) => !used.has(c.key));
  const move = (from: number, to: number) => onChange(moveColumn(columns, from, to - from));

  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 3fr) minmax(0, 2fr)' }, alignItems: 'start' }}>
      <Box component="section" aria-labelledby={chosenId} sx={{ minWidth: 0 }}>
        <Typography id={chosenId} component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
          Columns of the sheet ({columns.length})
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          Left to right as in Excel. Type in a header to rename it.
        </Typography>
        {errors.columns ? (
          <Typography variant="body2" color="error" role="alert" sx={{ mb: 1 }}>
            {errors.columns}
          </Typography>
        ) : null}
        <Box component="ol" aria-label="Columns of the sheet" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
          {columns.map((column, index) => {
            const key = columnKey(column);
            const source = columnSource(column, questions);
            const name = column.header.trim() || source;
            const problem = errors[`columns.${index}.header`];
            return (
              <Paper
                key={key}
                component="li"
                variant="outlined"
                draggable={armed === index}
                onDragStart={(event) => {
                  event.dataTransfer.effectAllowed = 'move';
                  event.dataTransfer.setData('text/plain', String(index));
                  setDragFrom(index);
                }}
                onDragOver={(event) => {
                  if (dragFrom === null) return;
                  event.preventDefault();
                  setDragOver(index);
                }}
                onDrop={(event) => {
                  event.preventDefault();
                  if (dragFrom !== null) move(dragFrom, index);
                  endDrag();
                }}
                onDragEnd={endDrag}
                sx={{
                  p: 1,
                  display: 'grid',
                  gridTemplateColumns: 'auto minmax(0, 1fr) auto',
                  gap: 1,
                  alignItems: 'start',
                  opacity: dragFrom === index ? 0.5 : 1,
                  borderColor: dragOver === index && dragFrom !== index ? 'primary.main' : undefined,
                }}
              >
                <Box aria-hidden title="Drag to move" onMouseDown={() => setArmed(index)} onMouseUp={() => setArmed(null)} sx={{ cursor: 'grab', color: 'text.secondary', display: 'flex', alignItems: 'center', gap: 0.25, pt: 1.25 }}>
                  <DragIndicator fontSize="small" />
                  <Typography variant="body2" sx={{ minWidth: 18, textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>
                    {index + 1}
                  </Typography>
                </Box>
                <TextInput
                  label="Header"
                  size="small"
                  value={column.header}
                  onChange={(event) => onChange(columns.map((c, i) => (i === index ? { ...c, header: event.target.value } : c)))}
                  error={Boolean(problem)}
                  helperText={problem ?? source}
                  inputProps={{ maxLength: 200, 'aria-label': `Header of column ${index + 1} (${source})` }}
                />
                <Box sx={{ display: 'flex', pt: 0.5 }}>
                  <Tooltip title="Move left (up)">
                    <span>
                      <IconButton
                        id={buttonId(key, 'up')}
                        size="small"
                        aria-label={`Move ${name} up`}
                        disabled={index === 0}
                        onClick={() => {
                          move(index, index - 1);
                          focusLater(buttonId(key, 'up'), buttonId(key, 'down'));
                        }}
                      >
                        <ArrowUpward fontSize="small" />
                      </IconButton>
                    </span>
                  </Tooltip>
                  <Tooltip title="Move right (down)">
                    <span>
                      <IconButton
                        id={buttonId(key, 'down')}
                        size="small"
                        aria-label={`Move ${name} down`}
                        disabled={index === columns.length - 1}
                        onClick={() => {
                          move(index, index + 1);
                          focusLater(buttonId(key, 'down'), buttonId(key, 'up'));
                        }}
                      >
                        <ArrowDownward fontSize="small" />
                      </IconButton>
                    </span>
                  </Tooltip>
                  <Tooltip title="Remove">
                    <IconButton
                      id={buttonId(key, 'remove')}
                      size="small"
                      aria-label={`Remove ${name}`}
                      onClick={() => {
                        const next = columns[index + 1] ?? columns[index - 1];
                        onChange(columns.filter((_, i) => i !== index));
                        if (next) focusLater(buttonId(columnKey(next), 'remove'));
                      }}
                    >
                      <CloseOutlined fontSize="small" />
                    </IconButton>
                  </Tooltip>
                </Box>
              </Paper>
            );
          })}
        </Box>
      </Box>
      <Box component="section" aria-labelledby={addId} sx={{ minWidth: 0 }}>
        <Typography id={addId} component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
          Add a column
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          Answers appear once the service has questions; properties once scans carry them.
        </Typography>
        {open.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            Every available column is in the sheet.
          </Typography>
        ) : (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            {open.map((choice) => (
              <Button key={choice.key} id={buttonId(choice.key, 'add')} size="small" variant="outlined" onClick={() => onChange([...columns, { ...choice.column }])}>
                + {choice.label}
              </Button>
            ))}
          </Box>
        )}
      </Box>
    </Box>
  );
}
