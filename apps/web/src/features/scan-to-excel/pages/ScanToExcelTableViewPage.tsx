import Box from '@mui/material/Box';
import { InstanceFrame } from '../../specialized/components/InstanceFrame';
import { SheetLinkCard } from '../components/SheetLinkCard';
import { SheetTable } from '../components/SheetTable';

/** /account/specialized-services/{instanceId}/scan-to-excel/table-view/: the sheet, live, and how to get the file. */
export function ScanToExcelTableViewPage() {
  return (
    <InstanceFrame type="scan-to-excel" tab="table-view" intro="Every scan is a row, in the columns of the Export fields tab. New scans appear at the top as they arrive.">
      {(instance) => (
        <Box key={instance.id} sx={{ display: 'grid', gap: 2.5 }}>
          <SheetTable instanceId={instance.id} />
          <SheetLinkCard instanceId={instance.id} />
        </Box>
      )}
    </InstanceFrame>
  );
}
