import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { resultInfo } from '../scan-format';

const item = { display: 'flex', alignItems: 'center', gap: 0.75, fontSize: 14, color: 'text.secondary' } as const;

/** One extra entry of the legend: its own swatch and label. */
export function MarkerLegendItem({ swatch, children }: { swatch: ReactNode; children: ReactNode }) {
  return (
    <Box component="li" sx={item}>
      {swatch}
      {children}
    </Box>
  );
}

/** The map's legend: one coloured dot per scan result, then any extra entries (e.g. scans waiting to sync). */
export function MarkerLegend({ label = 'Marker colours', children }: { label?: string; children?: ReactNode }) {
  return (
    <Box component="ul" aria-label={label} sx={{ display: 'flex', gap: 2, listStyle: 'none', p: 0, m: 0, flexWrap: 'wrap' }}>
      {resultInfo.map((info) => (
        <Box component="li" key={info.name} sx={item}>
          <Box component="span" aria-hidden sx={{ width: 12, height: 12, borderRadius: '50%', bgcolor: info.colour, border: '2px solid #fff', boxShadow: '0 0 0 1px rgba(0,0,0,.3)' }} />
          {info.label}
        </Box>
      ))}
      {children}
    </Box>
  );
}
