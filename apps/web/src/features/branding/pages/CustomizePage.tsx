import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { brandingLimits, type BrandingSettings } from '@scanbase/contracts/branding';
import { useState } from 'react';
import { V2Error } from '../../../api/v2-client';
import { placeIssues } from '../../../ui/form-issues';
import { ErrorState, LoadingState } from '../../../ui/QueryStates';
import { TextInput } from '../../../ui/TextInput';
import { FormAlert } from '../../auth/components/FormAlert';
import { brandingChanges, brandingFields, brandingProblems, brandingWarnings, formFromBranding, previewBranding, type BrandingField, type BrandingForm } from '../branding-form';
import { BrandingPreview } from '../components/BrandingPreview';
import { ColorField } from '../components/ColorField';
import { LogoField } from '../components/LogoField';
import { useBranding } from '../hooks/useBranding';
import { useUpdateBranding } from '../hooks/useUpdateBranding';

/** `account/customize/`: the logo, colours, app name and texts app users and visitors see, with a live preview. */
export function CustomizePage() {
  const branding = useBranding();
  return (
    <Box sx={{ maxWidth: 1100 }}>
      <Typography variant="h1">Customize</Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
        Your logo, colours and name on the scanner, the check in/out and attendance portals, and the mails to your app users. This admin area keeps Scanbase’s own look.
      </Typography>
      {branding.isPending ? (
        <LoadingState label="Loading branding…" />
      ) : branding.isError ? (
        <ErrorState message={branding.error.message} onRetry={() => void branding.refetch()} />
      ) : (
        <BrandingEditor stored={branding.data} />
      )}
    </Box>
  );
}

function BrandingEditor({ stored }: { stored: BrandingSettings }) {
  const update = useUpdateBranding();
  const [form, setForm] = useState<BrandingForm>(() => formFromBranding(stored));
  const [errors, setErrors] = useState<Partial<Record<BrandingField, string>>>({});
  const [message, setMessage] = useState<{ text: string; tone: 'success' | 'error' } | null>(null);
  const changes = brandingChanges(form, stored);
  const dirty = Object.keys(changes).length > 0;
  // Invalid colours are marked as you type (spec section 5: invalid hex gives a warning), not only on saving.
  const live = brandingProblems(form);
  const shown = { ...errors, primaryColor: errors.primaryColor ?? live.primaryColor, secondaryColor: errors.secondaryColor ?? live.secondaryColor };
  const warnings = brandingWarnings(form);

  const change = (patch: Partial<BrandingForm>) => {
    setForm((current) => ({ ...current, ...patch }));
    setErrors((current) => {
      const next = { ...current };
      for (const key of Object.keys(patch) as BrandingField[]) delete next[key];
      return next;
    });
    setMessage(null);
  };

  const save = () => {
    const problems = brandingProblems(form);
    setErrors(problems);
    if (Object.keys(problems).length > 0) {
      setMessage({ text: 'Check the fields marked in red.', tone: 'error' });
      return;
    }
    update.mutate(changes, {
      onSuccess: (saved) => {
        setForm(formFromBranding(saved));
        setMessage({ text: 'Branding saved. App users see it the next time they open the scanner or a portal.', tone: 'success' });
      },
      onError: (error) => {
        if (error instanceof V2Error && error.fieldIssues.length > 0) {
          const placed = placeIssues(error.fieldIssues, brandingFields);
          setErrors(placed.fields);
          setMessage({ text: placed.general.join(' ') || 'Check the fields marked in red.', tone: 'error' });
          return;
        }
        setMessage({ text: error.message, tone: 'error' });
      },
    });
  };

  const busy = update.isPending;
  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) 340px' }, alignItems: 'start' }}>
      <Stack
        component="form"
        spacing={2.5}
        noValidate
        aria-label="Branding"
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <Typography variant="h3" component="h2" sx={{ mb: 2 }}>
            Logo
          </Typography>
          <LogoField logoUrl={stored.logoUrl} />
        </Paper>
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <Typography variant="h3" component="h2" sx={{ mb: 2 }}>
            Name and colours
          </Typography>
          <Stack spacing={3}>
            <TextInput
              label="App name"
              value={form.appName}
              onChange={(event) => change({ appName: event.target.value })}
              disabled={busy}
              error={Boolean(errors.appName)}
              inputProps={{ maxLength: brandingLimits.appName + 10 }}
              helperText={errors.appName ?? `Shown in the scanner's header, on the portals and in mails (up to ${brandingLimits.appName} characters; empty = Scanbase).`}
            />
            <ColorField label="Primary colour" value={form.primaryColor} onChange={(primaryColor) => change({ primaryColor })} error={shown.primaryColor} warning={warnings.primaryColor} disabled={busy} help="The scanner's and portals' bars and buttons. Hex (#1565C0), rgb(), rgba(), hsl() or hsla()." />
            <ColorField label="Secondary colour" value={form.secondaryColor} onChange={(secondaryColor) => change({ secondaryColor })} error={shown.secondaryColor} warning={warnings.secondaryColor} disabled={busy} help="Accents (secondary buttons and marks)." />
          </Stack>
        </Paper>
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <Typography variant="h3" component="h2" sx={{ mb: 2 }}>
            Texts
          </Typography>
          <Stack spacing={3}>
            <TextInput
              label="Welcome text for app users"
              value={form.welcomeText}
              onChange={(event) => change({ welcomeText: event.target.value })}
              disabled={busy}
              multiline
              minRows={2}
              error={Boolean(errors.welcomeText)}
              helperText={errors.welcomeText ?? `Above the scanner's and portals' sign-in (plain text, ${form.welcomeText.length}/${brandingLimits.welcomeText}).`}
            />
            <TextInput
              label="Footer text for visitors"
              value={form.footerText}
              onChange={(event) => change({ footerText: event.target.value })}
              disabled={busy}
              multiline
              minRows={2}
              error={Boolean(errors.footerText)}
              helperText={errors.footerText ?? `Under the sign-in pages and at the end of mails (plain text, ${form.footerText.length}/${brandingLimits.footerText}).`}
            />
          </Stack>
        </Paper>
        <Box>
          {message ? <FormAlert message={message.text} severity={message.tone} /> : null}
          <Box sx={{ display: 'flex', gap: 1.5, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
            <Button
              type="button"
              disabled={!dirty || busy}
              onClick={() => {
                setForm(formFromBranding(stored));
                setErrors({});
                setMessage(null);
              }}
            >
              Discard changes
            </Button>
            <Button type="submit" variant="contained" disabled={!dirty || busy} startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}>
              Save branding
            </Button>
          </Box>
        </Box>
      </Stack>
      <Box sx={{ position: { md: 'sticky' }, top: { md: 80 } }}>
        <Typography variant="h3" component="h2" sx={{ mb: 1.5 }}>
          Preview
        </Typography>
        <BrandingPreview branding={previewBranding(form, stored)} />
      </Box>
    </Box>
  );
}
