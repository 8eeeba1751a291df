import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import CloudQueueOutlined from '@mui/icons-material/CloudQueueOutlined';
import ErrorOutline from '@mui/icons-material/ErrorOutline';
import HighlightOff from '@mui/icons-material/HighlightOff';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { AppQuestion } from '@scanbase/contracts/scanner';
import { RouterLink } from '../../../ui/RouterLink';
import type { Answers } from '../question-flow';
import { scanResponseHref } from '../scanner-links';
import { viewColour, type ResultView } from '../result-view';
import { AbPair } from './AbPair';
import { QuestionForm } from './QuestionForm';
import { ResponseContent } from './ResponseContent';

const toneIcon = { valid: CheckCircleOutline, invalid: HighlightOff, neutral: CloudQueueOutlined, error: ErrorOutline } as const;

type Props = {
  view: ResultView;
  /** The stored scan (null while it waits on the device): its response page can be opened again later. */
  scanId?: number | null;
  followUps: readonly AppQuestion[];
  answered: boolean;
  autoNextIn: number | null;
  onAnswer: (answers: Answers) => Promise<void>;
  onNext: () => void;
};

/** The full-screen result: colour, headline, value and response; follow-up questions below; tap to scan the next one. */
export function ResultOverlay({ view, scanId = null, followUps, answered, autoNextIn, onAnswer, onNext }: Props) {
  const Icon = view.tone === 'neutral' && view.title === 'Recorded' ? CheckCircleOutline : toneIcon[view.tone];
  const asking = followUps.length > 0 && !answered;
  return (
    <Box
      role="alertdialog"
      aria-labelledby="scan-result-title"
      data-tone={view.tone}
      data-moved={view.moved}
      data-testid="scan-result"
      sx={{ position: 'fixed', inset: 0, zIndex: 1300, bgcolor: viewColour(view), color: '#fff', display: 'flex', flexDirection: 'column', overflowY: 'auto' }}
    >
      {autoNextIn !== null ? (
        <Box aria-hidden sx={{ height: 5, bgcolor: '#fff', transformOrigin: 'left', animation: `scan-next ${autoNextIn}ms linear forwards`, '@keyframes scan-next': { from: { transform: 'scaleX(1)' }, to: { transform: 'scaleX(0)' } } }} />
      ) : null}
      <Box sx={{ flexGrow: 1, display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: asking ? 'flex-start' : 'center', textAlign: 'center', px: 3, py: 4, gap: 2, maxWidth: 720, width: '100%', mx: 'auto' }}>
        <Icon sx={{ fontSize: asking ? 64 : 112 }} aria-hidden />
        <Typography id="scan-result-title" component="h2" sx={{ fontSize: { xs: 40, sm: 52 }, fontWeight: 800, lineHeight: 1.1 }}>
          {view.title}
        </Typography>
        {view.pair ? (
          <AbPair a={view.pair.a} b={view.pair.b} />
        ) : (
          <Typography sx={{ fontSize: 18, opacity: 0.9, fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', overflowWrap: 'anywhere' }} data-testid="result-value">
            {view.value}
          </Typography>
        )}
        <Box sx={{ width: '100%' }}>
          <ResponseContent view={view} />
        </Box>
        {asking ? (
          <Paper sx={{ p: 2.5, width: '100%', textAlign: 'left', color: 'text.primary' }}>
            <QuestionForm title="A few more questions" questions={followUps} submitLabel="Send answers" onSubmit={onAnswer} onCancel={followUps.some((question) => question.required) ? undefined : onNext} cancelLabel="Skip" />
          </Paper>
        ) : (
          <Button variant="contained" size="large" onClick={onNext} autoFocus disableFocusRipple sx={{ mt: 2, bgcolor: '#fff', color: viewColour(view), px: 5, py: 1.75, fontSize: 19, '&:hover': { bgcolor: '#f1f1f1' }, '&.Mui-focusVisible': { outline: '3px solid rgba(255,255,255,0.7)', outlineOffset: 3 } }}>
            Scan next
          </Button>
        )}
        {scanId !== null ? (
          <Link component={RouterLink} href={scanResponseHref(scanId)} sx={{ color: '#fff', fontSize: 15, textDecorationColor: 'rgba(255,255,255,.7)' }}>
            Open this response on its own page
          </Link>
        ) : null}
      </Box>
    </Box>
  );
}
