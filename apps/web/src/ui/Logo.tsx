import Box from '@mui/material/Box';

/** The Scanbase mark and name. */
export function Logo({ inverted = false, size = 28 }: { inverted?: boolean; size?: number }) {
  const bars = inverted ? '#2196F3' : '#ffffff';
  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, color: inverted ? 'common.white' : 'text.primary' }}>
      <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true">
        <rect width="32" height="32" rx="7" fill={inverted ? '#ffffff' : '#2196F3'} />
        <g fill={bars}>
          <rect x="6" y="8" width="2" height="16" />
          <rect x="10" y="8" width="1" height="16" />
          <rect x="13" y="8" width="3" height="16" />
          <rect x="18" y="8" width="1" height="16" />
          <rect x="21" y="8" width="2" height="16" />
          <rect x="25" y="8" width="1" height="16" />
        </g>
      </svg>
      <Box component="span" sx={{ fontWeight: 700, fontSize: size * 0.7, letterSpacing: '-0.01em' }}>
        Scanbase
      </Box>
    </Box>
  );
}
