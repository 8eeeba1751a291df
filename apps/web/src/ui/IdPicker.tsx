import type { UseQueryResult } from '@tanstack/react-query';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';

export type PickerOption = { id: number; name: string };

type Props = {
  label: string;
  /** What no choice means ("All services"). */
  allLabel: string;
  options: readonly PickerOption[];
  value: readonly number[];
  onChange: (ids: number[]) => void;
  loading: boolean;
  /** The name of a chosen id the list does not have (deleted, or past the first 500). */
  missingName: (id: number) => string;
  error?: string;
};

/** A multi-choice filter over services, users or devices: none chosen = all of them. */
export function IdPicker({ label, allLabel, options, value, onChange, loading, missingName, error }: Props) {
  const selected = value.map((id) => options.find((option) => option.id === id) ?? { id, name: loading ? `#${id}` : missingName(id) });
  return (
    <Autocomplete
      multiple
      size="small"
      limitTags={1}
      options={options}
      value={selected}
      onChange={(_event, next) => onChange(next.map((option) => option.id))}
      getOptionLabel={(option) => option.name}
      getOptionKey={(option) => option.id}
      isOptionEqualToValue={(option, other) => option.id === other.id}
      loading={loading}
      loadingText="Loading…"
      noOptionsText={error ?? 'Nothing to choose'}
      filterSelectedOptions
      disableCloseOnSelect
      autoHighlight
      slotProps={{ chip: { size: 'small' } }}
      sx={{ bgcolor: 'background.paper', minWidth: 0 }}
      renderInput={({ InputLabelProps, ...params }) => (
        <TextField
          {...params}
          label={label}
          placeholder={value.length === 0 ? allLabel : undefined}
          error={Boolean(error)}
          // The label stays up so "All services" shows while nothing is chosen.
          slotProps={{ inputLabel: { ...InputLabelProps, shrink: true } }}
        />
      )}
    />
  );
}

/** The list props of an IdPicker from a query of `{ items }` (loading, error, and how a missing id is named). */
export function pickerProps(query: UseQueryResult<{ items: PickerOption[] }>, noun: string): Pick<Props, 'options' | 'loading' | 'error' | 'missingName'> {
  return {
    options: query.data?.items ?? [],
    loading: query.isPending,
    ...(query.isError ? { error: `${noun}s did not load: ${query.error.message}` } : {}),
    missingName: (id) => `${noun} #${id} (not found)`,
  };
}
