import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { UseQueryResult } from '@tanstack/react-query';

export type PickerOption = { id: number; name: string };

type Props = {
  label: string;
  /** What no choice means, e.g. "All services". */
  allLabel: string;
  /** What an id missing from the list is called, e.g. "Service". */
  noun: string;
  options: UseQueryResult<{ items: PickerOption[]; total: number }>;
  value: readonly number[];
  onChange: (ids: number[]) => void;
};

/** A multiple choice of services, users or devices by name (type to narrow); none chosen = all. */
export function IdPicker({ label, allLabel, noun, options, value, onChange }: Props) {
  const items = options.data?.items ?? [];
  const selected = value.map((id) => items.find((item) => item.id === id) ?? { id, name: options.isPending ? `${noun} #${id}` : `${noun} #${id} (not found)` });
  return (
    <Autocomplete
      multiple
      size="small"
      options={items}
      value={selected}
      onChange={(_event, next) => onChange(next.map((option) => option.id))}
      getOptionLabel={(option) => option.name}
      isOptionEqualToValue={(option, other) => option.id === other.id}
      loading={options.isPending}
      loadingText="Loading…"
      noOptionsText={options.isError ? `The list did not load: ${options.error.message}` : items.length === 0 ? 'None yet' : 'No match'}
      filterSelectedOptions
      disableCloseOnSelect
      autoHighlight
      limitTags={2}
      renderInput={({ InputLabelProps, ...params }) => (
        <TextField {...params} label={label} placeholder={value.length === 0 ? allLabel : undefined} slotProps={{ inputLabel: { ...InputLabelProps, shrink: true } }} />
      )}
    />
  );
}
