import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import type { ApiKey } from '@scanbase/contracts/api-access';
import { useState } from 'react';
import { TextInput } from '../../../ui/TextInput';
import { activeFilterCount, clearedFilters, limitChoices, type ApiLogFilters } from '../api-log-filters';
import { LabelledSelect } from './LabelledSelect';

type Props = { filters: ApiLogFilters; keys: readonly ApiKey[]; onChange: (patch: Record<string, string | undefined>) => void };

/** Section (Enter or leaving the field applies it), result, key and page size; every change goes back to page 1. */
export function ApiLogFilterBar({ filters, keys, onChange }: Props) {
  const [section, setSection] = useState(filters.section ?? '');
  const set = (patch: Record<string, string | undefined>) => onChange({ ...patch, page: undefined });
  const applySection = () => {
    const next = section.trim().toLowerCase();
    if (next !== (filters.section ?? '')) set({ section: next || undefined });
  };
  const keyOptions = [{ value: '', label: 'All keys' }, ...keys.map((key) => ({ value: String(key.id), label: key.name }))];
  if (filters.key !== undefined && !keys.some((key) => key.id === filters.key)) keyOptions.push({ value: String(filters.key), label: `Revoked key #${filters.key}` });
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
      <Box
        component="form"
        role="search"
        aria-label="Filter the API log"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          applySection();
        }}
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'minmax(0, 2fr) repeat(3, minmax(0, 1fr)) auto' }, alignItems: 'start' }}
      >
        <TextInput
          label="Section"
          size="small"
          value={section}
          placeholder="e.g. scans, then Enter"
          onChange={(event) => setSection(event.target.value)}
          onBlur={applySection}
          inputProps={{ maxLength: 40 }}
        />
        <LabelledSelect
          label="Result"
          value={filters.status ?? ''}
          options={[
            { value: '', label: 'All results' },
            { value: 'ok', label: 'Successful' },
            { value: 'error', label: 'Errors' },
          ]}
          onChange={(value) => set({ status: value || undefined })}
        />
        <LabelledSelect label="Key" value={filters.key !== undefined ? String(filters.key) : ''} options={keyOptions} onChange={(value) => set({ key: value || undefined })} />
        <LabelledSelect
          label="Per page"
          value={String(filters.limit)}
          options={[...new Set([...limitChoices, filters.limit])].sort((a, b) => a - b).map((n) => ({ value: String(n), label: String(n) }))}
          onChange={(value) => set({ limit: value === '50' ? undefined : value })}
        />
        {activeFilterCount(filters) > 0 ? (
          <Button
            onClick={() => {
              setSection('');
              onChange(clearedFilters);
            }}
          >
            Clear filters
          </Button>
        ) : null}
      </Box>
    </Paper>
  );
}
