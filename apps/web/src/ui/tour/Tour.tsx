import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Popper from '@mui/material/Popper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useState } from 'react';
import { scrollToElement } from './smooth-scroll';
import { TOUR_DEFAULT_PLACEMENT, TOUR_OFFSET_PX, type TourEnd, type TourStep } from './tour-types';

type Props = { steps: readonly TourStep[]; onClose: (reason: TourEnd) => void };

function visibleTarget(selector: string): HTMLElement | null {
  const element = document.querySelector<HTMLElement>(selector);
  if (!element) return null;
  const rect = element.getBoundingClientRect();
  return rect.width > 0 && rect.height > 0 ? element : null;
}

/**
 * A guided tour: a popup next to each step's element (bottom by default, 8 px away) after a 1000 ms
 * scroll, with Skip tour, Previous, Next and Finish. Escape skips, ArrowLeft and ArrowRight move.
 * A step whose element is not on screen (a closed drawer on a phone) shows in the middle instead.
 */
export function Tour({ steps, onClose }: Props) {
  const [index, setIndex] = useState(0);
  // Where the popup for a step is anchored, set once that step's scroll has finished.
  const [placed, setPlaced] = useState<{ index: number; anchor: HTMLElement | null } | null>(null);
  const step = steps[index];
  const last = index === steps.length - 1;

  const next = useCallback(() => (last ? onClose('finish') : setIndex((i) => Math.min(i + 1, steps.length - 1))), [last, onClose, steps.length]);
  const previous = useCallback(() => setIndex((i) => Math.max(i - 1, 0)), []);

  useEffect(() => {
    if (!step) return;
    let cancelled = false;
    const element = visibleTarget(step.target);
    void (element ? scrollToElement(element) : Promise.resolve()).then(() => {
      if (!cancelled) setPlaced({ index, anchor: element });
    });
    return () => {
      cancelled = true;
    };
  }, [index, step]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose('skip');
      else if (event.key === 'ArrowRight') next();
      else if (event.key === 'ArrowLeft') previous();
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [next, previous, onClose]);

  const anchor = placed?.index === index ? placed.anchor : null;
  if (!step || placed?.index !== index) return null;

  const card = (
    <Paper elevation={8} role="dialog" aria-modal="false" aria-labelledby="tour-title" aria-describedby="tour-body" sx={{ p: 2.5, width: 'min(360px, calc(100vw - 32px))', borderRadius: 3 }}>
      <Typography variant="caption" color="text.secondary">
        Step {index + 1} of {steps.length}
      </Typography>
      <Typography id="tour-title" variant="h3" sx={{ mt: 0.5, mb: 1 }}>
        {step.title}
      </Typography>
      <Typography id="tour-body" variant="body2" color="text.secondary" component="div">
        {step.body}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ mt: 2.5, alignItems: 'center' }}>
        <Button size="small" onClick={() => onClose('skip')} sx={{ mr: 'auto' }}>
          Skip tour
        </Button>
        {index > 0 ? (
          <Button size="small" variant="outlined" onClick={previous}>
            Previous
          </Button>
        ) : null}
        <Button size="small" variant="contained" onClick={next} autoFocus>
          {last ? 'Finish' : 'Next'}
        </Button>
      </Stack>
    </Paper>
  );

  if (!anchor) {
    return (
      <Box sx={{ position: 'fixed', inset: 0, display: 'grid', placeItems: 'center', zIndex: 1400, pointerEvents: 'none', '& > *': { pointerEvents: 'auto' } }}>
        {card}
      </Box>
    );
  }
  return (
    <>
      <Spotlight element={anchor} />
      <Popper
        open
        anchorEl={anchor}
        placement={step.placement ?? TOUR_DEFAULT_PLACEMENT}
        sx={{ zIndex: 1400 }}
        modifiers={[
          { name: 'offset', options: { offset: [0, TOUR_OFFSET_PX] } },
          { name: 'preventOverflow', options: { padding: 16 } },
          { name: 'flip', options: { padding: 16 } },
        ]}
      >
        {card}
      </Popper>
    </>
  );
}

/** A ring around the step's element so the eye finds it. */
function Spotlight({ element }: { element: HTMLElement }) {
  const [rect, setRect] = useState(() => element.getBoundingClientRect());
  useEffect(() => {
    const update = () => setRect(element.getBoundingClientRect());
    update();
    window.addEventListener('resize', update);
    window.addEventListener('scroll', update, true);
    return () => {
      window.removeEventListener('resize', update);
      window.removeEventListener('scroll', update, true);
    };
  }, [element]);
  return (
    <Box
      aria-hidden
      sx={{
        position: 'fixed',
        top: rect.top - 4,
        left: rect.left - 4,
        width: rect.width + 8,
        height: rect.height + 8,
        borderRadius: 2,
        boxShadow: '0 0 0 3px #2196F3, 0 0 0 9999px rgba(15, 23, 42, 0.35)',
        pointerEvents: 'none',
        zIndex: 1399,
        transition: 'all 200ms ease',
      }}
    />
  );
}
