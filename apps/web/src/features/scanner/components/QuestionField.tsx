import MyLocationOutlined from '@mui/icons-material/MyLocationOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import NativeSelect from '@mui/material/NativeSelect';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import type { AppQuestion } from '@scanbase/contracts/scanner';
import { useEffect, useState } from 'react';
import { TextInput } from '../../../ui/TextInput';
import { currentPosition } from '../gps';
import type { AnswerValue } from '../question-flow';
import { gpsText, webContent } from '../scan-submit';
import { PhotoField } from './PhotoField';
import { SignaturePad } from './SignaturePad';
import { WebContentFrame } from './WebContentFrame';

type Props = { question: AppQuestion; answer: AnswerValue | undefined; error: string | null; onChange: (answer: AnswerValue) => void };

const big = { '& .MuiOutlinedInput-input': { fontSize: 18, py: 1.75 } };

/** One question in the control its type asks for. */
export function QuestionField({ question, answer, error, onChange }: Props) {
  const label = `${question.text}${question.required ? ' *' : ''}`;
  const value = answer?.values[0] ?? '';
  const set = (text: string) => onChange({ values: [text] });

  switch (question.type) {
    case 'manual':
    case 'manualnumeric':
      return (
        <TextInput
          label={label}
          value={value}
          onChange={(event) => set(event.target.value)}
          inputMode={question.type === 'manualnumeric' ? 'decimal' : 'text'}
          error={Boolean(error)}
          helperText={error}
          sx={big}
        />
      );
    case 'option':
      return (
        <Fieldset label={label} error={error}>
          <RadioGroup value={value} onChange={(event) => set(event.target.value)}>
            {question.answers.map((choice) => (
              <FormControlLabel key={choice} value={choice} control={<Radio />} label={choice} sx={{ minHeight: 44 }} />
            ))}
          </RadioGroup>
        </Fieldset>
      );
    case 'dropdown':
      return (
        <Fieldset label={label} error={error}>
          <NativeSelect value={value} onChange={(event) => set(event.target.value)} inputProps={{ 'aria-label': question.text }} sx={{ fontSize: 18, width: '100%' }}>
            <option value="">Choose…</option>
            {question.answers.map((choice) => (
              <option key={choice} value={choice}>
                {choice}
              </option>
            ))}
          </NativeSelect>
        </Fieldset>
      );
    case 'checkbox': {
      const chosen = new Set(answer?.values ?? []);
      return (
        <Fieldset label={label} error={error}>
          {question.answers.map((choice) => (
            <FormControlLabel
              key={choice}
              sx={{ display: 'flex', minHeight: 44 }}
              control={
                <Checkbox
                  checked={chosen.has(choice)}
                  onChange={(event) => {
                    const next = new Set(chosen);
                    if (event.target.checked) next.add(choice);
                    else next.delete(choice);
                    onChange({ values: question.answers.filter((item) => next.has(item)) });
                  }}
                />
              }
              label={choice}
            />
          ))}
        </Fieldset>
      );
    }
    case 'gps':
      return <GpsField label={label} value={value} error={error} onChange={set} />;
    case 'dropboximage':
      return (
        <Fieldset label={label} error={error}>
          <PhotoField label={question.text} image={answer?.image} onChange={(image) => onChange(image ? { values: [], image } : { values: [] })} />
        </Fieldset>
      );
    case 'datasignature':
      return (
        <Fieldset label={label} error={error}>
          <SignaturePad label={`Signature: ${question.text}`} onChange={(image) => onChange(image ? { values: [], image } : { values: [] })} />
        </Fieldset>
      );
    case 'webcollect':
      return <WebCollectField question={question} label={label} value={value} error={error} onChange={set} />;
  }
}

function Fieldset({ label, error, children }: { label: string; error: string | null; children: React.ReactNode }) {
  return (
    <Box component="fieldset" sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
      <Typography component="legend" sx={{ fontWeight: 600, mb: 0.5 }}>
        {label}
      </Typography>
      {children}
      {error ? (
        <Typography color="error" sx={{ fontSize: 14, mt: 0.5 }}>
          {error}
        </Typography>
      ) : null}
    </Box>
  );
}

function GpsField({ label, value, error, onChange }: { label: string; value: string; error: string | null; onChange: (text: string) => void }) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <Fieldset label={label} error={error ?? problem}>
      <Button
        variant="outlined"
        startIcon={<MyLocationOutlined />}
        disabled={busy}
        sx={{ py: 1.25 }}
        onClick={() => {
          setBusy(true);
          setProblem(null);
          currentPosition()
            .then((fix) => onChange(gpsText(fix)))
            .catch((caught: unknown) => setProblem(caught instanceof Error ? caught.message : 'No location'))
            .finally(() => setBusy(false));
        }}
      >
        {busy ? 'Finding you…' : value ? 'Update my location' : 'Use my location'}
      </Button>
      {value ? <Typography sx={{ mt: 0.75, fontFamily: 'ui-monospace, monospace' }}>{value}</Typography> : null}
    </Fieldset>
  );
}

/**
 * A custom web question: the page (its single answer holds `<curl>URL</curl>` or `<html>`) runs in a sandbox
 * without access to the scanner; it hands the answer back with
 * `parent.postMessage({ type: 'scanbase-answer', value }, '*')`, or the person types it.
 */
function WebCollectField({ question, label, value, error, onChange }: { question: AppQuestion; label: string; value: string; error: string | null; onChange: (text: string) => void }) {
  const content = webContent(question.answers[0] ?? '');
  useEffect(() => {
    const listen = (event: MessageEvent) => {
      const data = event.data as { type?: unknown; value?: unknown } | null;
      if (data && data.type === 'scanbase-answer' && typeof data.value === 'string') onChange(data.value.slice(0, 10_000));
    };
    window.addEventListener('message', listen);
    return () => window.removeEventListener('message', listen);
  }, [onChange]);
  return (
    <Fieldset label={label} error={null}>
      {content.kind !== 'text' ? <WebContentFrame content={content} title={question.text} height={260} allowScripts /> : null}
      <Box sx={{ mt: 1.5 }}>
        <TextInput label="Answer" value={value} onChange={(event) => onChange(event.target.value)} error={Boolean(error)} helperText={error} />
      </Box>
    </Fieldset>
  );
}
