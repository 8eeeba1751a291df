import CheckOutlined from '@mui/icons-material/CheckOutlined';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { resultInfo } from '../scan-format';
import type { ScanResultName } from '../search-query';

type Props = { value: readonly ScanResultName[] | undefined; onChange: (results: ScanResultName[] | undefined) => void };

/** Valid / Invalid / Not validated as toggles; none pressed (or all three) = every scan. */
export function ResultChips({ value = [], onChange }: Props) {
  const toggle = (name: ScanResultName) => {
    const next = value.includes(name) ? value.filter((item) => item !== name) : [...value, name];
    onChange(next.length === 0 || next.length === resultInfo.length ? undefined : next);
  };
  return (
    <Stack direction="row" spacing={1} role="group" aria-label="Results" sx={{ flexWrap: 'wrap', rowGap: 1 }}>
      {resultInfo.map((info) => {
        const on = value.includes(info.name);
        return (
          <Chip
            key={info.name}
            label={info.label}
            icon={on ? <CheckOutlined /> : undefined}
            variant={on ? 'filled' : 'outlined'}
            aria-pressed={on}
            onClick={() => toggle(info.name)}
            sx={{
              fontWeight: 600,
              bgcolor: on ? info.bg : 'background.paper',
              color: on ? info.colour : 'text.primary',
              borderColor: on ? info.colour : 'divider',
              '& .MuiChip-icon': { color: info.colour },
              '&&:hover': { bgcolor: info.bg },
            }}
          />
        );
      })}
    </Stack>
  );
}
