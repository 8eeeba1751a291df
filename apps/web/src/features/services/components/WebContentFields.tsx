import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useId } from 'react';
import type { WebContentForm } from '../web-content';

type Props = { value: WebContentForm; onChange: (patch: Partial<WebContentForm>) => void; errors: Record<string, string>; legend: string };

/** A web address to open, or HTML to show: the content of a webview service or a custom web question. */
export function WebContentFields({ value, onChange, errors, legend }: Props) {
  const labelId = useId();
  return (
    <Stack spacing={2}>
      <FormControl>
        <FormLabel id={labelId}>{legend}</FormLabel>
        <RadioGroup row aria-labelledby={labelId} value={value.webKind} onChange={(event) => onChange({ webKind: event.target.value === 'html' ? 'html' : 'url' })}>
          <FormControlLabel value="url" control={<Radio />} label="Open a web address" />
          <FormControlLabel value="html" control={<Radio />} label="Show my own HTML" />
        </RadioGroup>
      </FormControl>
      {value.webKind === 'url' ? (
        <TextField
          label="Web address"
          size="small"
          fullWidth
          type="url"
          placeholder="https://example.com/page"
          value={value.webUrl}
          onChange={(event) => onChange({ webUrl: event.target.value })}
          error={Boolean(errors.webUrl)}
          helperText={errors.webUrl ?? 'Starts with https:// (or http://)'}
        />
      ) : (
        <TextField
          label="HTML"
          fullWidth
          multiline
          minRows={6}
          value={value.webHtml}
          onChange={(event) => onChange({ webHtml: event.target.value })}
          error={Boolean(errors.webHtml)}
          helperText={errors.webHtml ?? 'From <html> to </html>; the opening <html> tag takes no attributes'}
          slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace', fontSize: 13 } } }}
        />
      )}
    </Stack>
  );
}
