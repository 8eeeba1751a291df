import CheckIcon from '@mui/icons-material/Check';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { useState } from 'react';
import { PublicFrame } from '../../../ui/PublicFrame';
import { interestOptions, loadInterests, saveInterests, type InterestId } from '../interests';

/** /account/pickinterests/ and /pick-interest: what the team scans, to order the getting-started suggestions. */
export function PickInterestsPage() {
  const navigate = useNavigate();
  const inShell = useRouterState({ select: (state) => state.matches.at(-1)?.staticData.def?.layout === 'app' });
  const [picked, setPicked] = useState<InterestId[]>(loadInterests);
  const toggle = (id: InterestId) => setPicked((current) => (current.includes(id) ? current.filter((v) => v !== id) : [...current, id]));

  const save = async () => {
    saveInterests(picked);
    await navigate({ href: '/account/firstlogin/' });
  };

  const body = (
    <Box>
      <Typography variant="h1" sx={{ mb: 1 }}>
        What will you scan?
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Pick all that apply. Your getting-started suggestions follow your choice; it is kept on this device only.
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 3 }} role="group" aria-label="Interests">
        {interestOptions.map((option) => {
          const on = picked.includes(option.id);
          return (
            <Chip
              key={option.id}
              label={option.label}
              icon={on ? <CheckIcon /> : undefined}
              color={on ? 'primary' : 'default'}
              variant={on ? 'filled' : 'outlined'}
              onClick={() => toggle(option.id)}
              aria-pressed={on}
            />
          );
        })}
      </Box>
      <Button variant="contained" onClick={() => void save()}>
        Continue
      </Button>
    </Box>
  );
  return inShell ? body : <PublicFrame width={560}>{body}</PublicFrame>;
}
