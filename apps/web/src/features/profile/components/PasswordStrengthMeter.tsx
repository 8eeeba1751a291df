import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { strengthColour, strengthLabels } from '../profile-text';
import { usePasswordStrength } from '../hooks/usePasswordStrength';

type Props = { password: string; userInputs: string[]; id: string };

/** How strong the new password is, as a bar and a word, with the library's advice; announced politely as it changes. */
export function PasswordStrengthMeter({ password, userInputs, id }: Props) {
  const { rating, failed } = usePasswordStrength(password, userInputs);
  if (!password || failed) return null;
  if (!rating) {
    return (
      <Typography id={id} variant="body2" color="text.secondary" role="status">
        Checking strength…
      </Typography>
    );
  }
  const label = strengthLabels[rating.score];
  const advice = [rating.warning, ...rating.suggestions].filter(Boolean).join(' ');
  return (
    <Box id={id} data-testid="password-strength" data-score={rating.score}>
      <LinearProgress
        variant="determinate"
        value={((rating.score + 1) / 5) * 100}
        color={strengthColour(rating.score)}
        aria-label="Password strength"
        aria-valuetext={label}
        sx={{ height: 6, borderRadius: 3 }}
      />
      <Typography variant="body2" role="status" sx={{ mt: 0.5 }}>
        Strength: <b>{label}</b>
        {advice ? <Box component="span" sx={{ color: 'text.secondary' }}>{` — ${advice}`}</Box> : null}
      </Typography>
    </Box>
  );
}
