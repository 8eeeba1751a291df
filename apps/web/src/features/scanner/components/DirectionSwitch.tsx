import LoginOutlined from '@mui/icons-material/LoginOutlined';
import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import Box from '@mui/material/Box';
import type { Direction } from '../check-in-out';

/** Fast mode: In or Out for every scan of this session (remembered for the service on this browser). */
export function DirectionSwitch({ value, onChange }: { value: Direction; onChange: (direction: Direction) => void }) {
  return (
    <Box sx={{ display: 'grid', gap: 0.75 }}>
      <Typography id="session-direction-label" sx={{ fontWeight: 600 }}>
        Every scan checks
      </Typography>
      <ToggleButtonGroup
        exclusive
        fullWidth
        value={value}
        aria-labelledby="session-direction-label"
        onChange={(_event, next: Direction | null) => {
          if (next) onChange(next);
        }}
        data-testid="session-direction"
      >
        <ToggleButton value="in" sx={{ py: 1.5, fontSize: 18, fontWeight: 700, gap: 1, '&.Mui-selected, &.Mui-selected:hover': { bgcolor: '#1b8a3a', color: '#fff' } }}>
          <LoginOutlined aria-hidden /> In
        </ToggleButton>
        <ToggleButton value="out" sx={{ py: 1.5, fontSize: 18, fontWeight: 700, gap: 1, '&.Mui-selected, &.Mui-selected:hover': { bgcolor: '#1c4f9c', color: '#fff' } }}>
          <LogoutOutlined aria-hidden /> Out
        </ToggleButton>
      </ToggleButtonGroup>
    </Box>
  );
}
