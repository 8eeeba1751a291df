import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import KeyboardOutlined from '@mui/icons-material/KeyboardOutlined';
import WarningAmberOutlined from '@mui/icons-material/WarningAmberOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useRef } from 'react';
import { TextInput } from '../../../ui/TextInput';
import { VisuallyHidden } from '../../../ui/VisuallyHidden';
import { useWedgeTest } from '../hooks/useWedgeTest';
import { formatMs, type Reading } from '../wedge-test';

const suffixLabel = (reading: Reading) => (reading.suffix === null ? 'No suffix' : `${reading.suffix} suffix`);

/** How one read looks: the verdict in colour, the code, then the facts behind the verdict. */
function ReadingItem({ reading }: { reading: Reading }) {
  const good = reading.kind === 'scanner' && reading.suffix === 'Enter';
  const typed = reading.kind === 'typed';
  const Icon = good ? CheckCircleOutline : typed ? KeyboardOutlined : WarningAmberOutlined;
  const colour = good ? 'success.dark' : typed ? 'text.secondary' : 'warning.dark';
  return (
    <Paper component="li" variant="outlined" data-testid="wedge-reading" data-kind={reading.kind} sx={{ p: 2, listStyle: 'none' }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', color: colour }}>
        <Icon aria-hidden />
        <Typography component="p" sx={{ fontWeight: 700 }} data-testid="wedge-verdict">
          {reading.verdict}
        </Typography>
      </Box>
      <Typography sx={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', fontSize: 18, mt: 1, overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }} data-testid="wedge-value">
        {reading.value}
      </Typography>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.25, m: 0, mt: 1, fontSize: 14, '& dt': { color: 'text.secondary' }, '& dd': { m: 0 } }}>
        <dt>Length</dt>
        <dd>{reading.length === 1 ? '1 character' : `${reading.length} characters`}</dd>
        <dt>Ended by</dt>
        <dd data-testid="wedge-suffix">{suffixLabel(reading)}</dd>
        <dt>Read in</dt>
        <dd>{formatMs(reading.totalMs)}</dd>
        <dt>Between keys</dt>
        <dd>{reading.averageGapMs === null || reading.longestGapMs === null ? '–' : `${formatMs(reading.averageGapMs)} on average, longest ${formatMs(reading.longestGapMs)}`}</dd>
      </Box>
      <Typography sx={{ mt: 1, fontSize: 14 }}>{reading.advice}</Typography>
    </Paper>
  );
}

/**
 * The live test: a box that takes what a hardware scanner types and lists each code read, judged by the same
 * keyboard-wedge detection as the scan page.
 */
export function WedgeTester() {
  const test = useWedgeTest();
  const input = useRef<HTMLInputElement | null>(null);
  const latest = test.readings[0];
  return (
    <Box>
      <TextInput
        ref={input}
        label="Scan a code here"
        value={test.value}
        onChange={test.onChange}
        onKeyDown={test.onKeyDown}
        autoFocus
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        helperText="Scan with the hardware scanner while this box has the focus. Escape empties it."
        inputProps={{ 'data-testid': 'wedge-input', enterKeyHint: 'done' }}
        sx={{ '& .MuiOutlinedInput-input': { fontSize: 20, py: 1.75, fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace' } }}
      />
      <div role="status">
        <VisuallyHidden>{latest ? `${latest.verdict}: ${latest.value}` : ''}</VisuallyHidden>
      </div>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, mt: 2.5, mb: 1 }}>
        <Typography component="h3" sx={{ fontSize: 17, fontWeight: 700 }}>
          Codes read{test.readings.length > 0 ? ` (${test.readings.length})` : ''}
        </Typography>
        <Button
          variant="outlined"
          disabled={test.readings.length === 0 && test.value === ''}
          onClick={() => {
            test.clear();
            input.current?.focus();
          }}
        >
          Clear
        </Button>
      </Box>
      {test.readings.length === 0 ? (
        <Typography color="text.secondary" data-testid="wedge-empty">
          Nothing read yet. Scan a few codes: each one shows here, newest first.
        </Typography>
      ) : (
        <Box component="ol" aria-label="Codes read" sx={{ m: 0, p: 0, display: 'grid', gap: 1.5 }}>
          {test.readings.map((reading) => (
            <ReadingItem key={reading.id} reading={reading} />
          ))}
        </Box>
      )}
    </Box>
  );
}
