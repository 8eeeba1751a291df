import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { useAccountZone } from '../hooks/useAccountZone';
import type { ScanView, UpdateOptions } from '../hooks/useScanSearch';
import { clearedSearch, filterBody, type SearchState } from '../search-query';
import { ExportDialog } from './ExportDialog';
import { FilterBar } from './FilterBar';
import { ViewTabs } from './ViewTabs';

type Props = {
  view: ScanView;
  search: SearchState;
  update: (patch: Partial<SearchState>, how?: UpdateOptions) => void;
  replaceAll: (next: SearchState) => void;
  /** Scans ticked in the view (the export can take only them). */
  selectedIds?: readonly number[];
  /** A line under the title ("1–50 of 1,234"), when the view knows it. */
  summary?: ReactNode;
  children: ReactNode;
};

/** What the five scan views share: title, Export, the view tabs and the filter bar. */
export function ScanSearchFrame({ view, search, update, replaceAll, selectedIds = [], summary, children }: Props) {
  const accountZone = useAccountZone();
  const [exporting, setExporting] = useState(false);
  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 1 }}>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography variant="h1">Scans</Typography>
          {summary ? (
            <Typography color="text.secondary" sx={{ mt: 0.25 }} aria-live="polite">
              {summary}
            </Typography>
          ) : null}
        </Box>
        <Button variant="contained" startIcon={<FileDownloadOutlined />} onClick={() => setExporting(true)}>
          Export
        </Button>
      </Box>
      <ViewTabs current={view} search={search} />
      <FilterBar search={search} update={update} onClear={() => replaceAll(clearedSearch(search))} accountZone={accountZone} />
      {children}
      {exporting ? <ExportDialog open onClose={() => setExporting(false)} filters={filterBody(search)} selectedIds={selectedIds} initialTemplate={search.template} /> : null}
    </Box>
  );
}
