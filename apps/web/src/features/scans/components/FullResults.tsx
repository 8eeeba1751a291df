import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { ScanDetail } from '@scanbase/contracts/scanner';
import { useState } from 'react';
import type { TemplateTableColumn } from '../template-columns';
import { ScanCards } from './ScanCards';
import { ScanPreviewPane } from './ScanPreviewPane';
import { ScanTable } from './ScanTable';
import type { Sort } from './SortHeader';

type Props = {
  rows: readonly ScanDetail[];
  templateColumns?: readonly TemplateTableColumn[];
  sort: Sort;
  onSort: (sort: Sort) => void;
  selected: ReadonlySet<number>;
  onSelect: (ids: readonly number[], on: boolean) => void;
  timeZone: string;
  receivedTime: boolean;
  preview: boolean;
  onClosePreview: () => void;
};

/** The full view's scans: the table (with the preview pane beside it when asked) on wide screens, cards on phones. */
export function FullResults({ preview, onClosePreview, ...props }: Props) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const [focusedId, setFocusedId] = useState<number | null>(null);
  if (phone) return <ScanCards {...props} />;
  const focused = props.rows.find((row) => row.id === focusedId) ?? props.rows[0];
  const table = <ScanTable {...props} focusedId={preview ? (focused?.id ?? null) : focusedId} onFocus={setFocusedId} compact={preview} />;
  if (!preview) return table;
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { md: 'minmax(0, 1fr) 300px', xl: 'minmax(0, 1fr) 360px' }, gap: 2, alignItems: 'start' }}>
      {table}
      <ScanPreviewPane scan={focused} timeZone={props.timeZone} onClose={onClosePreview} />
    </Box>
  );
}
