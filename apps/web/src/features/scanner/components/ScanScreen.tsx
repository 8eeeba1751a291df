import KeyboardOutlined from '@mui/icons-material/KeyboardOutlined';
import VideocamOffOutlined from '@mui/icons-material/VideocamOffOutlined';
import VideocamOutlined from '@mui/icons-material/VideocamOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { detectorFormats, type AppService } from '@scanbase/contracts/scanner';
import { useMemo, useState } from 'react';
import { FormAlert } from '../../auth/components/FormAlert';
import { useGps } from '../hooks/useGps';
import { GpsStatus } from './GpsStatus';
import { useKeyboardWedge } from '../hooks/useKeyboardWedge';
import { useScanFlow } from '../hooks/useScanFlow';
import { useScanner } from '../hooks/useScanner';
import { AbBPrompt } from './AbBPrompt';
import { AbReasonForm } from './AbReasonForm';
import { CameraView } from './CameraView';
import { ChecklistForm } from './ChecklistForm';
import { DeliveryForm } from './DeliveryForm';
import { DirectionPrompt } from './DirectionPrompt';
import { DirectionSwitch } from './DirectionSwitch';
import { ManualEntry } from './ManualEntry';
import { QuestionForm } from './QuestionForm';
import { TableRowForm } from './TableRowForm';
import { ResultOverlay } from './ResultOverlay';
import { StagePrompt } from './StagePrompt';

type Props = { service: AppService; userId: number; continuous: boolean; camera: boolean };

/** Scanning for one service: camera, typing and keyboard scanners; questions; the result. */
export function ScanScreen({ service, userId, continuous, camera }: Props) {
  const { session } = useScanner();
  const gps = useGps(service.enableGps);
  const flow = useScanFlow(service, userId, continuous, gps.fix);
  const cameraOn = camera && !service.blockCameraScan;
  const [cameraAttempt, setCameraAttempt] = useState(0);
  const formats = useMemo(() => detectorFormats(service.symbologies), [service.symbologies]);
  const { phase } = flow;
  const takingValues = phase.kind === 'ready' || (phase.kind === 'result' && (phase.followUps.length === 0 || phase.answered));
  useKeyboardWedge(takingValues, (value) => flow.take(value, 'wedge'));

  if (phase.kind === 'shared') {
    return (
      <Box sx={{ maxWidth: 640, mx: 'auto', px: 2, py: 3 }}>
        <QuestionForm
          title="Before you start"
          intro="These answers go with every scan of this session."
          questions={flow.shared}
          initial={flow.sharedAnswers}
          submitLabel="Start scanning"
          onSubmit={flow.answerShared}
        />
      </Box>
    );
  }
  if (phase.kind === 'ab-b') {
    return <AbBPrompt a={phase.taken.value} camera={cameraOn} formats={formats} onB={flow.giveB} onCancel={flow.cancelPre} />;
  }
  if (phase.kind === 'ab-reason') {
    return <AbReasonForm a={phase.taken.value} b={phase.choice.ab?.b ?? ''} detail={phase.verdict.detail} onReason={flow.giveReason} />;
  }
  if (phase.kind === 'ab-reason-after') {
    return <AbReasonForm a={phase.a} b={phase.b} detail={phase.detail} onReason={flow.giveReason} />;
  }
  if (phase.kind === 'stage' && flow.logistics) {
    return <StagePrompt value={phase.taken.value} stages={flow.logistics.stages} onChoose={flow.chooseStage} onCancel={flow.cancelPre} />;
  }
  if (phase.kind === 'proof' && flow.logistics) {
    return <DeliveryForm value={phase.taken.value} stage={phase.stage} options={flow.logistics} onConfirm={flow.giveProof} onCancel={flow.cancelPre} />;
  }
  if (phase.kind === 'direction') {
    return <DirectionPrompt value={phase.taken.value} onChoose={flow.chooseDirection} onCancel={flow.cancelPre} />;
  }
  if (phase.kind === 'checklist' && flow.options.checklist) {
    return <ChecklistForm value={phase.taken.value} items={flow.options.checklist.items} when={flow.options.checklist.when} direction={phase.direction} onConfirm={flow.confirmChecklist} onCancel={flow.cancelPre} />;
  }
  if (phase.kind === 'pre') {
    return (
      <Box sx={{ maxWidth: 640, mx: 'auto', px: 2, py: 3 }}>
        <Typography sx={{ fontFamily: 'ui-monospace, monospace', fontSize: 20, fontWeight: 600, mb: 2, overflowWrap: 'anywhere' }}>{phase.taken.value}</Typography>
        {service.specialized?.type === 'table-builder' ? (
          <TableRowForm serviceId={service.id} value={phase.taken.value} questions={flow.preFor} onSubmit={flow.answerPre} onCancel={flow.cancelPre} />
        ) : (
          <QuestionForm title="About this scan" questions={flow.preFor} submitLabel="Submit scan" onSubmit={flow.answerPre} onCancel={flow.cancelPre} />
        )}
      </Box>
    );
  }

  return (
    <Box sx={{ maxWidth: 720, mx: 'auto', pb: 4 }}>
      {service.blockCameraScan ? null : cameraOn ? (
        <CameraView key={cameraAttempt} detecting={phase.kind === 'ready'} formats={formats} onDetect={(value) => flow.take(value, 'camera')} onRetry={() => setCameraAttempt((n) => n + 1)} />
      ) : null}
      <Stack spacing={2} sx={{ px: 2, pt: 2 }}>
        {flow.options.direction === 'fast' ? <DirectionSwitch value={flow.sessionDirection} onChange={flow.setSessionDirection} /> : null}
        {gps.problem ? <FormAlert message={gps.problem} severity="info" /> : service.enableGps ? <GpsStatus fix={gps.shown} /> : null}
        {service.blockManualScan ? null : <ManualEntry disabled={!takingValues} onSubmit={flow.take} autoFocus={service.blockCameraScan} />}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', justifyContent: 'space-between' }}>
          <FormControlLabel control={<Switch checked={continuous} onChange={(event) => session.setContinuous(event.target.checked)} />} label="Continuous scanning" />
          {service.blockCameraScan ? null : (
            <Button variant="outlined" startIcon={cameraOn ? <VideocamOffOutlined /> : <VideocamOutlined />} onClick={() => session.setCamera(!cameraOn)}>
              {cameraOn ? 'Stop camera' : 'Use camera'}
            </Button>
          )}
        </Box>
        <Typography color="text.secondary" sx={{ fontSize: 14, display: 'flex', gap: 1, alignItems: 'center' }}>
          <KeyboardOutlined fontSize="small" aria-hidden />
          A keyboard or Bluetooth scanner works anywhere on this page.
        </Typography>
        {flow.shared.length > 0 ? (
          <Button variant="text" onClick={flow.editShared} sx={{ alignSelf: 'flex-start' }}>
            Change the answers for this session
          </Button>
        ) : null}
        {service.blockCameraScan && service.blockManualScan ? (
          <FormAlert message="This service takes scans from a keyboard scanner only: scan a code now." severity="info" />
        ) : null}
      </Stack>
      {phase.kind === 'sending' ? (
        <Box role="status" sx={{ position: 'fixed', inset: 0, zIndex: 1300, bgcolor: 'rgba(15,23,42,0.82)', color: '#fff', display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 2 }}>
          <CircularProgress color="inherit" size={56} />
          <Typography sx={{ fontSize: 22, fontWeight: 600 }}>Checking {phase.taken.value}…</Typography>
        </Box>
      ) : null}
      {phase.kind === 'result' ? (
        <ResultOverlay view={phase.view} scanId={phase.target && 'scanId' in phase.target ? phase.target.scanId : null} followUps={phase.followUps} answered={phase.answered} autoNextIn={flow.autoNextIn} onAnswer={flow.answerFollowUps} onNext={flow.next} />
      ) : null}
    </Box>
  );
}
