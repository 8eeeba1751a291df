import CompareArrowsOutlined from '@mui/icons-material/CompareArrowsOutlined';
import ConfirmationNumberOutlined from '@mui/icons-material/ConfirmationNumberOutlined';
import EventAvailableOutlined from '@mui/icons-material/EventAvailableOutlined';
import GridOnOutlined from '@mui/icons-material/GridOnOutlined';
import LocalShippingOutlined from '@mui/icons-material/LocalShippingOutlined';
import SwapHorizOutlined from '@mui/icons-material/SwapHorizOutlined';
import TableChartOutlined from '@mui/icons-material/TableChartOutlined';
import Box from '@mui/material/Box';
import type { SpecializedType } from '@scanbase/contracts/specialized';
import type { ComponentType } from 'react';

const icons: Record<SpecializedType, ComponentType<{ fontSize?: 'inherit' }>> = {
  'check-in-out': SwapHorizOutlined,
  attendance: EventAvailableOutlined,
  'scan-tickets': ConfirmationNumberOutlined,
  'table-builder': TableChartOutlined,
  'scan-to-excel': GridOnOutlined,
  'ab-barcode-matching': CompareArrowsOutlined,
  logistics: LocalShippingOutlined,
};

/** The picture of a type: its symbol on a tile in the specialized-services colour (decorative). */
export function TypePicture({ type, size = 56 }: { type: SpecializedType; size?: number }) {
  const Icon = icons[type];
  return (
    <Box
      aria-hidden
      sx={{ width: size, height: size, flexShrink: 0, borderRadius: 2, display: 'grid', placeItems: 'center', fontSize: size * 0.55, color: 'custom.curatedServices', bgcolor: '#ede7f6' }}
    >
      <Icon fontSize="inherit" />
    </Box>
  );
}
