import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** Title and one-line explanation at the top of a sign-in card. */
export function AuthHeading({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <>
      <Typography variant="h1" sx={{ mb: children ? 1 : 3 }}>
        {title}
      </Typography>
      {children ? (
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {children}
        </Typography>
      ) : null}
    </>
  );
}
