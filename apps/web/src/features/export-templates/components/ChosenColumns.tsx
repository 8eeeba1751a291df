import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import CloseOutlined from '@mui/icons-material/CloseOutlined';
import DragIndicator from '@mui/icons-material/DragIndicator';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { ExportColumn } from '@scanbase/contracts/scan-data';
import { useId, useState, type ReactNode } from 'react';
import type { FieldArrayWithId, FieldErrors, UseFormRegister } from 'react-hook-form';
import { TextInput } from '../../../ui/TextInput';
import { columnSource, type ColumnOption, type TemplateForm } from '../template-form';

type Props = {
  fields: FieldArrayWithId<TemplateForm, 'columns'>[];
  columns: readonly ExportColumn[];
  options: readonly ColumnOption[];
  register: UseFormRegister<TemplateForm>;
  errors: FieldErrors<TemplateForm>;
  /** The list's own message ("Choose at least one column"). */
  listError: string | undefined;
  onMove: (from: number, to: number) => void;
  onRemove: (index: number) => void;
  empty: ReactNode;
};

const buttonId = (fieldId: string, which: 'up' | 'down' | 'remove') => `column-${fieldId}-${which}`;

/** Focuses a button once the list has re-rendered (a moved row keeps the keyboard where it was). */
function focusLater(id: string, fallback?: string) {
  window.requestAnimationFrame(() => {
    const target = document.getElementById(id) as HTMLButtonElement | null;
    if (target && !target.disabled) target.focus();
    else if (fallback) document.getElementById(fallback)?.focus();
  });
}

/** The chosen columns in file order: rename a header in place, move with the arrow buttons (or drag by the handle), remove. */
export function ChosenColumns({ fields, columns, options, register, errors, listError, onMove, onRemove, empty }: Props) {
  const headingId = useId();
  const [armed, setArmed] = useState<number | null>(null);
  const [dragFrom, setDragFrom] = useState<number | null>(null);
  const [dragOver, setDragOver] = useState<number | null>(null);
  const endDrag = () => {
    setArmed(null);
    setDragFrom(null);
    setDragOver(null);
  };

  return (
    <Box component="section" aria-labelledby={headingId} sx={{ minWidth: 0 }}>
      <Typography id={headingId} variant="subtitle1" sx={{ fontWeight: 600 }}>
        Chosen columns{fields.length > 0 ? ` (${fields.length})` : ''}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        In the order of the file. Rename a header by typing in it.
      </Typography>
      {listError ? (
        <Typography variant="body2" color="error" role="alert" sx={{ mb: 1 }}>
          {listError}
        </Typography>
      ) : null}
      {fields.length === 0 ? (
        empty
      ) : (
        <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
          {fields.map((field, index) => {
            const column = columns[index] ?? field;
            const header = column.header.trim() || `column ${index + 1}`;
            const problem = errors.columns?.[index]?.header?.message;
            return (
              <Paper
                key={field.id}
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
                  if (dragFrom !== null) onMove(dragFrom, index);
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
                  borderWidth: dragOver === index && dragFrom !== index ? 2 : undefined,
                }}
              >
                <Box
                  aria-hidden
                  title="Drag to move"
                  onMouseDown={() => setArmed(index)}
                  onMouseUp={() => setArmed(null)}
                  sx={{ cursor: 'grab', color: 'text.secondary', display: 'flex', alignItems: 'center', gap: 0.25, pt: 1.5 }}
                >
                  <DragIndicator fontSize="small" />
                  <Typography variant="body2" sx={{ minWidth: 18, textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>
                    {index + 1}
                  </Typography>
                </Box>
                <Box sx={{ minWidth: 0 }}>
                  <TextInput
                    label="Header"
                    size="small"
                    {...register(`columns.${index}.header`)}
                    error={Boolean(problem)}
                    helperText={problem ?? columnSource(column, options)}
                    inputProps={{ 'aria-label': `Header of column ${index + 1} (${columnSource(column, options)})` }}
                  />
                </Box>
                <Box sx={{ display: 'flex', pt: 0.5 }}>
                  <Tooltip title="Move up">
                    <span>
                      <IconButton
                        id={buttonId(field.id, 'up')}
                        size="small"
                        aria-label={`Move ${header} up`}
                        disabled={index === 0}
                        onClick={() => {
                          onMove(index, index - 1);
                          focusLater(buttonId(field.id, 'up'), buttonId(field.id, 'down'));
                        }}
                      >
                        <ArrowUpward fontSize="small" />
                      </IconButton>
                    </span>
                  </Tooltip>
                  <Tooltip title="Move down">
                    <span>
                      <IconButton
                        id={buttonId(field.id, 'down')}
                        size="small"
                        aria-label={`Move ${header} down`}
                        disabled={index === fields.length - 1}
                        onClick={() => {
                          onMove(index, index + 1);
                          focusLater(buttonId(field.id, 'down'), buttonId(field.id, 'up'));
                        }}
                      >
                        <ArrowDownward fontSize="small" />
                      </IconButton>
                    </span>
                  </Tooltip>
                  <Tooltip title="Remove">
                    <IconButton
                      id={buttonId(field.id, 'remove')}
                      size="small"
                      aria-label={`Remove ${header}`}
                      onClick={() => {
                        const next = fields[index + 1] ?? fields[index - 1];
                        onRemove(index);
                        if (next) focusLater(buttonId(next.id, 'remove'));
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
      )}
    </Box>
  );
}
