import ArrowForward from '@mui/icons-material/ArrowForward';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { RouterLink } from '../../../ui/RouterLink';

type Props = { title: string; description: string; href: string; note?: ReactNode; highlight?: boolean };

/** A card that links to the next step: a title with an arrow and a plain-language description. */
export function TypeCard({ title, description, href, note, highlight = false }: Props) {
  return (
    <Card variant="outlined" sx={{ height: '100%', borderColor: highlight ? 'primary.main' : undefined, bgcolor: highlight ? '#e9f1fe' : undefined, '&:hover': { borderColor: 'primary.main' } }}>
      <CardActionArea component={RouterLink} href={href} sx={{ p: 2, height: '100%', display: 'block' }}>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
          <Typography sx={{ fontWeight: 600 }}>{title}</Typography>
          <ArrowForward fontSize="small" color="primary" />
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {description}
        </Typography>
        {note ? (
          <Typography variant="body2" sx={{ mt: 1, color: 'text.secondary', fontStyle: 'italic' }}>
            {note}
          </Typography>
        ) : null}
      </CardActionArea>
    </Card>
  );
}
