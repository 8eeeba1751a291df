import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { AdvancedPartProps } from './field-props';

type Props = AdvancedPartProps & { showResponse: boolean };

const mono = { htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } } as const;

function Pair({ title, hint, pattern, replacement, props }: { title: string; hint: string; pattern: 'scanPattern' | 'responsePattern'; replacement: 'scanReplacement' | 'responseReplacement'; props: AdvancedPartProps }) {
  const { value, onChange, errors } = props;
  return (
    <Box>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {hint}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField size="small" label="Find (regular expression)" value={value[pattern]} onChange={(event) => onChange({ [pattern]: event.target.value })} error={Boolean(errors[pattern])} helperText={errors[pattern] ?? 'Empty: no change'} slotProps={mono} />
        <TextField size="small" label="Replace with" value={value[replacement]} onChange={(event) => onChange({ [replacement]: event.target.value })} helperText="$1, $2… insert the parts in brackets" disabled={value[pattern] === ''} slotProps={mono} />
      </Box>
    </Box>
  );
}

/** Regular-expression rewrites of the scanned value and of the response shown. */
export function RewriteFields({ showResponse, ...props }: Props) {
  return (
    <Stack spacing={2.5}>
      <Pair title="Scanned value" hint='Changes the value before it is checked and saved. Example: find "^0+" and replace with nothing to drop leading zeros.' pattern="scanPattern" replacement="scanReplacement" props={props} />
      {showResponse ? <Pair title="Response" hint="Changes the text shown after a scan (the database’s or your server’s response)." pattern="responsePattern" replacement="responseReplacement" props={props} /> : null}
    </Stack>
  );
}
