import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { InstallPlatform } from '../install-platform';

const steps: Record<InstallPlatform, { title: string; items: ReactNode[] }> = {
  android: {
    title: 'Android (Chrome)',
    items: [
      'Open the scanner in Chrome.',
      <>
        Tap the menu <strong>⋮</strong> at the top right.
      </>,
      <>
        Tap <strong>Add to Home screen</strong> (on some phones <strong>Install app</strong>), then <strong>Install</strong> or <strong>Add</strong>.
      </>,
    ],
  },
  ios: {
    title: 'iPhone and iPad (Safari)',
    items: [
      'Open the scanner in Safari.',
      <>
        Tap <strong>Share</strong> (the square with an arrow pointing up), at the bottom of the screen on an iPhone, at the top on an iPad.
      </>,
      <>
        Scroll down, tap <strong>Add to Home Screen</strong>, then <strong>Add</strong>.
      </>,
    ],
  },
  desktop: {
    title: 'Computer (Chrome or Edge)',
    items: [
      'Open the scanner.',
      <>
        Click the install icon at the right of the address bar, or the menu, then <strong>Install Scanbase Scanner</strong>.
      </>,
    ],
  },
};

/** "Add to home screen" steps for each platform; the visitor's own comes first. */
export function InstallSteps({ first }: { first: InstallPlatform }) {
  const order: InstallPlatform[] = [first, ...(['android', 'ios', 'desktop'] as const).filter((platform) => platform !== first)];
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, minmax(0, 1fr))' }, gap: 2 }}>
      {order.map((platform) => (
        <Box key={platform} data-platform={platform} sx={{ border: '1px solid', borderColor: platform === first ? 'primary.main' : 'divider', borderRadius: 2, p: 2 }}>
          <Typography component="h3" sx={{ fontSize: 17, fontWeight: 700, mb: 1 }}>
            {steps[platform].title}
            {platform === first ? (
              <Typography component="span" sx={{ display: 'block', fontSize: 13, fontWeight: 500, color: 'primary.dark' }}>
                Looks like this device
              </Typography>
            ) : null}
          </Typography>
          <Box component="ol" sx={{ m: 0, pl: 2.5, '& > li': { mb: 0.75 } }}>
            {steps[platform].items.map((item, index) => (
              <li key={index}>{item}</li>
            ))}
          </Box>
        </Box>
      ))}
    </Box>
  );
}
