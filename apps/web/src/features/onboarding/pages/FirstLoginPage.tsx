import ArrowForward from '@mui/icons-material/ArrowForward';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useSession } from '../../../session/useSession';
import { RouterLink } from '../../../ui/RouterLink';
import { Tour } from '../../../ui/tour/Tour';
import { firstLoginTour } from '../first-login-tour';
import { interestOptions, loadInterests } from '../interests';

const TOUR_SEEN_KEY = 'scanbase.firstLoginTourSeen';

function tourSeen(): boolean {
  try {
    return localStorage.getItem(TOUR_SEEN_KEY) === '1';
  } catch {
    return false;
  }
}

/** /account/firstlogin/: welcome, the guided tour (once, and on request), and where to start. */
export function FirstLoginPage() {
  const { user } = useSession();
  const [touring, setTouring] = useState(() => !tourSeen());
  const [interests] = useState(loadInterests);
  const suggestions = [...interestOptions].sort((a, b) => Number(interests.includes(b.id)) - Number(interests.includes(a.id)));

  const endTour = () => {
    setTouring(false);
    try {
      localStorage.setItem(TOUR_SEEN_KEY, '1');
    } catch {
      // Without storage the tour simply offers itself again next time.
    }
  };

  return (
    <Box>
      <Typography variant="h1" data-tour="welcome" sx={{ display: 'inline-block' }}>
        Welcome{user?.name ? `, ${user.name.split(' ')[0]}` : ''}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 3, maxWidth: 640 }}>
        {user?.account ? `${user.account} is ready. ` : ''}Here is where to begin. You can come back to this page from Getting started in the menu.
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mb: 4 }}>
        <Button variant="contained" onClick={() => setTouring(true)}>
          Take the tour
        </Button>
        <Button variant="outlined" component={RouterLink} href="/account/pickinterests/">
          Tell us what you scan
        </Button>
      </Stack>
      <Typography variant="h2" sx={{ mb: 2 }}>
        Suggested first steps
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: '1fr 1fr 1fr' } }}>
        {suggestions.map((option) => (
          <Card key={option.id} variant="outlined">
            <CardActionArea component={RouterLink} href={option.suggestion.href} sx={{ p: 2, height: '100%' }}>
              <Typography variant="caption" color={interests.includes(option.id) ? 'primary' : 'text.secondary'} sx={{ fontWeight: 600 }}>
                {option.label}
              </Typography>
              <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mt: 0.5 }}>
                <Typography sx={{ fontWeight: 600 }}>{option.suggestion.label}</Typography>
                <ArrowForward fontSize="small" color="primary" />
              </Stack>
            </CardActionArea>
          </Card>
        ))}
      </Box>
      {touring ? <Tour steps={firstLoginTour} onClose={endTour} /> : null}
    </Box>
  );
}
