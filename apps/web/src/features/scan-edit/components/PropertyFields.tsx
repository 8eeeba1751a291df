import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import UndoOutlined from '@mui/icons-material/UndoOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useFieldArray, useWatch, type Control, type FieldErrors, type UseFormRegister, type UseFormSetValue } from 'react-hook-form';
import { TextInput } from '../../../ui/TextInput';
import type { ScanEditForm } from '../scan-edit-form';

type Props = {
  control: Control<ScanEditForm>;
  register: UseFormRegister<ScanEditForm>;
  setValue: UseFormSetValue<ScanEditForm>;
  errors: FieldErrors<ScanEditForm>;
  disabled: boolean;
};

/** The scan's properties: change a value, remove one (undo until saved), or add a new name and value. */
export function PropertyFields({ control, register, setValue, errors, disabled }: Props) {
  const { fields, append, remove } = useFieldArray({ control, name: 'properties' });
  const rows = useWatch({ control, name: 'properties' });
  return (
    <Stack spacing={2}>
      {fields.length === 0 ? <Typography color="text.secondary">This scan has no properties.</Typography> : null}
      {fields.map((field, index) => {
        const row = rows[index] ?? field;
        const problems = errors.properties?.[index];
        const isNew = row.original === null;
        const name = row.name.trim() || 'new property';
        return (
          <Box key={field.id} sx={{ display: 'grid', gap: 1.5, alignItems: 'start', gridTemplateColumns: { xs: '1fr', sm: '220px 1fr auto' } }}>
            {isNew ? (
              <TextInput label="Name" {...register(`properties.${index}.name`)} error={Boolean(problems?.name)} helperText={problems?.name?.message} disabled={disabled} autoComplete="off" />
            ) : (
              <Box sx={{ pt: { sm: 2 } }}>
                <Typography sx={{ fontFamily: 'ui-monospace, monospace', overflowWrap: 'anywhere', textDecoration: row.removed ? 'line-through' : undefined, color: row.removed ? 'text.secondary' : undefined }}>{row.name}</Typography>
              </Box>
            )}
            {row.removed ? (
              <Typography color="text.secondary" sx={{ pt: { sm: 2 } }}>
                Removed when you save.
              </Typography>
            ) : (
              <TextInput label={isNew ? 'Value' : `Value of ${row.name}`} {...register(`properties.${index}.value`)} error={Boolean(problems?.value)} helperText={problems?.value?.message} disabled={disabled} />
            )}
            <Box sx={{ pt: { sm: 1 } }}>
              {row.removed ? (
                <Button startIcon={<UndoOutlined />} onClick={() => setValue(`properties.${index}.removed`, false, { shouldDirty: true })} disabled={disabled} aria-label={`Keep ${name}`}>
                  Keep
                </Button>
              ) : (
                <Button
                  color="error"
                  startIcon={<DeleteOutline />}
                  onClick={() => (isNew ? remove(index) : setValue(`properties.${index}.removed`, true, { shouldDirty: true }))}
                  disabled={disabled}
                  aria-label={`Remove ${name}`}
                >
                  Remove
                </Button>
              )}
            </Box>
          </Box>
        );
      })}
      <Box>
        <Button variant="outlined" startIcon={<AddOutlined />} onClick={() => append({ name: '', value: '', original: null, removed: false }, { shouldFocus: true })} disabled={disabled}>
          Add a property
        </Button>
      </Box>
    </Stack>
  );
}
