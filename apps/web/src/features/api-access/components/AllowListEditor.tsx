import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { V2Error } from '../../../api/v2-client';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { TextInput } from '../../../ui/TextInput';
import { FormAlert } from '../../auth/components/FormAlert';
import { allowsIp, checkAllowList, entriesToText } from '../allow-list-form';
import { useSaveIpAllowList } from '../hooks/useSaveIpAllowList';

function serverMessage(error: Error): string {
  if (error instanceof V2Error && error.fieldIssues.length > 0) return `${error.message} ${error.fieldIssues.map((issue) => issue.message).join('; ')}.`;
  return error.message;
}

/** The allow-list as text, one entry a line, checked as the server checks it; asks before saving a list that shuts out `yourIp`. */
export function AllowListEditor({ entries, yourIp }: { entries: string[]; yourIp: string }) {
  const save = useSaveIpAllowList();
  const [text, setText] = useState(entriesToText(entries));
  const [touched, setTouched] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [saved, setSaved] = useState<number | null>(null);
  const check = checkAllowList(text);
  const showProblems = touched && check.problems.length > 0;
  const excludesYou = check.entries.length > 0 && !allowsIp(check.entries, yourIp);

  const store = () =>
    save.mutate(check.entries, {
      onSuccess: (reply) => {
        setConfirming(false);
        setSaved(reply.entries.length);
        setTouched(false);
        setText(entriesToText(reply.entries));
      },
      onError: () => setConfirming(false),
    });
  const submit = () => {
    setTouched(true);
    setSaved(null);
    if (check.problems.length > 0) return;
    if (excludesYou) return setConfirming(true);
    store();
  };

  return (
    <Box
      component="form"
      noValidate
      aria-label="IP allow-list"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      sx={{ maxWidth: 640 }}
    >
      <FormAlert message={save.error ? serverMessage(save.error) : null} />
      <FormAlert
        message={saved === null ? null : saved === 0 ? 'Saved. API keys work from any address.' : `Saved ${saved === 1 ? '1 entry' : `${saved} entries`}.`}
        severity="success"
      />
      <TextInput
        label="Allowed addresses"
        multiline
        minRows={5}
        maxRows={16}
        value={text}
        placeholder={'203.0.113.7\n198.51.100.0/24\n2001:db8::/48'}
        onChange={(event) => {
          setText(event.target.value);
          setSaved(null);
        }}
        onBlur={() => setTouched(true)}
        error={showProblems}
        helperText={
          showProblems ? (
            <Box component="span" sx={{ display: 'block' }}>
              {check.problems.slice(0, 5).map((problem) => (
                <Box component="span" key={`${problem.line}-${problem.message}`} sx={{ display: 'block' }}>
                  {problem.message}
                </Box>
              ))}
              {check.problems.length > 5 ? `and ${check.problems.length - 5} more` : null}
            </Box>
          ) : (
            'One IPv4 or IPv6 address or CIDR range (like 198.51.100.0/24) a line. Leave empty to allow any address.'
          )
        }
        inputProps={{ spellCheck: false, style: { fontFamily: 'monospace' } }}
      />
      <Typography role="status" variant="body2" sx={{ mt: 1.5, color: excludesYou ? '#7a4100' : 'text.secondary', fontWeight: excludesYou ? 600 : undefined }}>
        {excludesYou
          ? `This list does not include ${yourIp}, the address this browser reaches Scanbase from. API keys used from here would be refused.`
          : `This browser reaches Scanbase from ${yourIp}.`}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, mt: 2, flexWrap: 'wrap' }}>
        <Button type="submit" variant="contained" disabled={save.isPending} startIcon={save.isPending && !confirming ? <CircularProgress size={16} color="inherit" /> : undefined}>
          Save allow-list
        </Button>
        <Button
          onClick={() => {
            setText(entriesToText(entries));
            setTouched(false);
            setSaved(null);
            save.reset();
          }}
          disabled={save.isPending}
        >
          Undo changes
        </Button>
      </Box>
      <ConfirmDialog open={confirming} title="Your own address is not in the list" confirmLabel="Save anyway" danger busy={save.isPending} onClose={() => setConfirming(false)} onConfirm={store}>
        Calls with an API key from {yourIp} (this browser&apos;s address) will be refused with error 10 once this list is saved. Save it only if your programs
        call from the addresses listed. The web app and the scanner are not affected.
      </ConfirmDialog>
    </Box>
  );
}
