import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { shortLinkLimits, type ShortLink } from '@scanbase/contracts/short-links';
import { useState } from 'react';
import { TextInput } from '../../../ui/TextInput';
import { FormAlert } from '../../auth/components/FormAlert';
import { useUpdateShortLink } from '../hooks/useUpdateShortLink';
import { isoToLocalInput, localInputToIso } from '../short-link-format';

/** A link's label and expiry: save them, expire it now, or make it never expire. A revoked link only keeps its label editable. */
export function ShortLinkSettings({ link }: { link: ShortLink }) {
  const update = useUpdateShortLink();
  const [label, setLabel] = useState(link.label);
  const [expires, setExpires] = useState(isoToLocalInput(link.expiresAt));
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const revoked = link.status === 'revoked';

  const send = (changes: { label?: string; expiresAt?: string | null }, done: string) => {
    setSaved(null);
    update.mutate({ id: link.id, ...changes }, { onSuccess: () => setSaved(done) });
  };
  const save = () => {
    if (label.trim().length > shortLinkLimits.label) return setProblem(`At most ${shortLinkLimits.label} characters`);
    const expiresAt = localInputToIso(expires);
    if (expires !== '' && expiresAt === null) return setProblem('Enter a date and time, or leave it empty.');
    setProblem(null);
    send(revoked ? { label: label.trim() } : { label: label.trim(), expiresAt }, 'Saved.');
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
      sx={{ maxWidth: 560 }}
    >
      <FormAlert message={update.error?.message ?? null} />
      <FormAlert message={saved} severity="success" />
      <Stack spacing={2}>
        <TextInput label="Label" value={label} onChange={(event) => setLabel(event.target.value)} helperText="Shown in the list; visitors never see it." />
        <TextInput
          label="Expires"
          type="datetime-local"
          value={expires}
          disabled={revoked}
          notched
          onChange={(event) => setExpires(event.target.value)}
          error={problem !== null}
          helperText={problem ?? (revoked ? 'A revoked link cannot be opened again: make a new one.' : 'In your browser’s time. Empty: never.')}
        />
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button type="submit" variant="contained" disabled={update.isPending}>
            Save
          </Button>
          {!revoked && link.status === 'active' ? (
            <Button variant="outlined" disabled={update.isPending} onClick={() => send({ expiresAt: new Date().toISOString() }, 'The link has expired: visitors now see that it has.')}>
              Expire now
            </Button>
          ) : null}
          {!revoked && link.expiresAt !== null ? (
            <Button
              variant="outlined"
              disabled={update.isPending}
              onClick={() => {
                setExpires('');
                send({ expiresAt: null }, 'The link no longer expires.');
              }}
            >
              Never expire
            </Button>
          ) : null}
        </Box>
      </Stack>
    </Box>
  );
}
