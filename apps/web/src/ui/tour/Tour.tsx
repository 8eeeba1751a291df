import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Popper, { type PopperProps } from '@mui/material/Popper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useRef, useState, type Ref } from 'react';
import { scrollToElement } from './smooth-scroll';
import { TOUR_DEFAULT_PLACEMENT, TOUR_OFFSET_PX, type TourEnd, type TourStep } from './tour-types';

// The popper.js instance MUI hands back, without depending on popper.js directly.
type PopperInstance = PopperProps['popperRef'] extends Ref<infer T> | undefined ? T : never;

type Props = { steps: readonly TourStep[]; onClose: (reason: TourEnd) => void };

/** A counter that changes one frame after every resize or scroll, once the page has laid itself out again. */
function useLayoutTick(): number {
  const [tick, setTick] = useState(0);
  useEffect(() => {
    let frame = 0;
    const bump = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => setTick((t) => t + 1));
    };
    window.addEventListener('resize', bump);
    window.addEventListener('scroll', bump, true);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('resize', bump);
      window.removeEventListener('scroll', bump, true);
    };
  }, []);
  return tick;
}

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
  const tick = useLayoutTick();
  const popper = useRef<PopperInstance>(null);
  useEffect(() => {
    void popper.current?.update();
  }, [tick]);
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
      <Spotlight element={anchor} tick={tick} />
      <Popper
        open
        popperRef={popper}
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
function Spotlight({ element, tick }: { element: HTMLElement; tick: number }) {
  const [rect, setRect] = useState<{ tick: number; box: DOMRect } | null>(null);
  useEffect(() => {
    // Read after layout (one frame later), so a drawer that just appeared or a resized page is measured as it is now.
    const frame = requestAnimationFrame(() => setRect({ tick, box: element.getBoundingClientRect() }));
    return () => cancelAnimationFrame(frame);
  }, [element, tick]);
  if (!rect) return null;
  const { box } = rect;
  return (
    <Box
      aria-hidden
      sx={{
        position: 'fixed',
        top: box.top - 4,
        left: box.left - 4,
        width: box.width + 8,
        height: box.height + 8,
        borderRadius: 2,
        boxShadow: '0 0 0 3px #2196F3, 0 0 0 9999px rgba(15, 23, 42, 0.35)',
        pointerEvents: 'none',
        zIndex: 1399,
      }}
    />
  );
}
