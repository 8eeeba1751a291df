import Add from '@mui/icons-material/Add';
import Delete from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import MenuItem from '@mui/material/MenuItem';
import FormControl from '@mui/material/FormControl';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import type { SsoConfig } from '@scanbase/contracts/sso';
import { useState, type FormEvent } from 'react';
import { ErrorState, LoadingState } from '../../../ui/QueryStates';
import { RouterLink } from '../../../ui/RouterLink';
import { FormAlert } from '../../auth/components/FormAlert';
import { roleLabel } from '../../team/team-rules';
import { useSaveSso } from '../hooks/useSaveSso';
import { useSsoConfig } from '../hooks/useSsoConfig';
import { useTestSso } from '../hooks/useTestSso';
import { AppUsersSsoSection } from '../components/AppUsersSsoSection';
import { bodyFrom, formFrom, type SsoForm } from '../sso-form';

const roles = ['admin', 'billing_admin'] as const;
type Notice = { text: string; severity: 'success' | 'error' | 'info' };

/** /account/integrations/single-sign-on/: the owner connects the company's OpenID Connect identity provider (docs/SSO.md). */
export function SingleSignOnPage() {
  const config = useSsoConfig();
  return (
    <Box sx={{ maxWidth: 880 }}>
      <Typography variant="body2" sx={{ mb: 1 }}>
        <RouterLink href="/account/integrations/">Integrations</RouterLink>
      </Typography>
      <Typography variant="h1">Single sign-on</Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
        Let your team sign in with your company’s identity provider, by OpenID Connect or SAML 2.0 (Microsoft Entra ID, Okta, Google Workspace, Keycloak…). Step by step: docs/SSO.md.
      </Typography>
      {config.isPending ? <LoadingState label="Loading single sign-on settings…" /> : config.isError ? <ErrorState message={config.error.message} onRetry={() => void config.refetch()} /> : <Settings saved={config.data} />}
    </Box>
  );
}

function Settings({ saved }: { saved: SsoConfig }) {
  const [form, setForm] = useState<SsoForm>(() => formFrom(saved));
  const [notice, setNotice] = useState<Notice | null>(null);
  const save = useSaveSso();
  const test = useTestSso();
  const set = <K extends keyof SsoForm>(key: K, value: SsoForm[K]) => setForm((f) => ({ ...f, [key]: value }));

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setNotice(null);
    save.mutate(bodyFrom(form), {
      onSuccess: (next) => {
        setForm((f) => ({ ...f, clientSecret: '', samlMetadataXml: '', samlIdpCertificate: '', samlIdpEntityId: next.saml.idpEntityId, samlIdpSsoUrl: next.saml.idpSsoUrl }));
        setNotice({ text: next.enabled ? 'Saved. Your team can now choose “Sign in with SSO” on the sign-in page.' : 'Saved. Single sign-on is off.', severity: 'success' });
      },
      onError: (e) => setNotice({ text: e.message, severity: 'error' }),
    });
  };
  const runTest = () => {
    setNotice(null);
    test.mutate(form.issuerUrl.trim(), {
      onSuccess: (r) =>
        setNotice(
          r.ok
            ? { text: `Connection works: issuer ${r.issuer}, sign-in page ${r.authorizationEndpoint}${r.pkce ? ', PKCE supported' : ', PKCE not announced'}${r.scopes.length ? `, scopes ${r.scopes.join(' ')}` : ''}.`, severity: 'success' }
            : { text: r.message, severity: 'error' },
        ),
      onError: (e) => setNotice({ text: e.message, severity: 'error' }),
    });
  };

  return (
    <Stack component="form" spacing={3} noValidate onSubmit={onSubmit}>
      <FormAlert message={notice?.text ?? null} severity={notice?.severity ?? 'info'} />
      <Paper variant="outlined" component="section" aria-labelledby="sso-provider" sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2 }}>
        <Typography id="sso-provider" variant="h2">
          Identity provider
        </Typography>
        <FormControlLabel control={<Switch checked={form.enabled} onChange={(e) => set('enabled', e.target.checked)} />} label="Single sign-on is on" />
        <FormControl>
          <FormLabel id="sso-protocol">Protocol</FormLabel>
          <RadioGroup row aria-labelledby="sso-protocol" value={form.protocol} onChange={(e) => set('protocol', e.target.value === 'saml' ? 'saml' : 'oidc')}>
            <FormControlLabel value="oidc" control={<Radio />} label="OpenID Connect" />
            <FormControlLabel value="saml" control={<Radio />} label="SAML 2.0" />
          </RadioGroup>
        </FormControl>
        {form.protocol === 'oidc' ? <OidcFields saved={saved} form={form} set={set} onTest={runTest} testing={test.isPending} /> : <SamlFields saved={saved} form={form} set={set} />}
        <TextField label="Allowed email domains" value={form.domains} onChange={(e) => set('domains', e.target.value)} helperText="Separated by commas, e.g. example.com, example.org. People find your sign-in by these; empty: only known team members." />
      </Paper>

      <Paper variant="outlined" component="section" aria-labelledby="sso-accounts" sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2 }}>
        <Typography id="sso-accounts" variant="h2">
          Accounts and roles
        </Typography>
        <FormControlLabel control={<Switch checked={form.jitEnabled} onChange={(e) => set('jitEnabled', e.target.checked)} />} label="Create a team member on first sign-in" />
        <TextField select label="Role of new members" value={form.jitDefaultRole} onChange={(e) => set('jitDefaultRole', e.target.value as SsoForm['jitDefaultRole'])} disabled={!form.jitEnabled} sx={{ maxWidth: 320 }}>
          {roles.map((r) => (
            <MenuItem key={r} value={r}>
              {roleLabel(r)}
            </MenuItem>
          ))}
        </TextField>
        <TextField label={form.protocol === 'saml' ? 'Group attribute' : 'Group claim'} value={form.groupClaim} onChange={(e) => set('groupClaim', e.target.value)} helperText={form.protocol === 'saml' ? 'The SAML attribute that lists the person’s groups' : 'The ID-token claim that lists the person’s groups'} sx={{ maxWidth: 320 }} disabled={!form.jitEnabled} />
        <Typography variant="body2">A new member gets the role of the first group below they belong to, else the role above.</Typography>
        {form.groupRoles.map((m, i) => (
          <Box key={i} sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <TextField label={`Group ${i + 1}`} value={m.group} onChange={(e) => set('groupRoles', form.groupRoles.map((x, j) => (j === i ? { ...x, group: e.target.value } : x)))} sx={{ flex: '1 1 200px' }} />
            <TextField select label={`Role of group ${i + 1}`} value={m.role} onChange={(e) => set('groupRoles', form.groupRoles.map((x, j) => (j === i ? { ...x, role: e.target.value as SsoForm['jitDefaultRole'] } : x)))} sx={{ flex: '0 1 240px' }}>
              {roles.map((r) => (
                <MenuItem key={r} value={r}>
                  {roleLabel(r)}
                </MenuItem>
              ))}
            </TextField>
            <IconButton aria-label={`Remove group ${i + 1}`} onClick={() => set('groupRoles', form.groupRoles.filter((_, j) => j !== i))}>
              <Delete />
            </IconButton>
          </Box>
        ))}
        <Button startIcon={<Add />} onClick={() => set('groupRoles', [...form.groupRoles, { group: '', role: 'admin' }])} sx={{ justifySelf: 'start' }}>
          Add group
        </Button>
      </Paper>

      <Paper variant="outlined" component="section" aria-labelledby="sso-require" sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 1 }}>
        <Typography id="sso-require" variant="h2">
          Require single sign-on
        </Typography>
        <FormControlLabel control={<Switch checked={form.requireSso} onChange={(e) => set('requireSso', e.target.checked)} />} label="Team members must sign in with SSO" />
        <Typography variant="body2" color="text.secondary">
          Their passwords stop working. Your own password (the owner’s) always works, so you can get in if the identity provider is down.
        </Typography>
      </Paper>

      <AppUsersSsoSection form={form} set={set} />

      <Box>
        <Button type="submit" variant="contained" size="large" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save'}
        </Button>
      </Box>
    </Stack>
  );
}

type FieldsProps = { saved: SsoConfig; form: SsoForm; set: <K extends keyof SsoForm>(key: K, value: SsoForm[K]) => void };

function OidcFields({ saved, form, set, onTest, testing }: FieldsProps & { onTest: () => void; testing: boolean }) {
  return (
    <>
      <Typography variant="body2">
        Register Scanbase at your identity provider as a web application with this redirect URI:{' '}
        <Box component="code" sx={{ overflowWrap: 'anywhere', bgcolor: 'grey.100', px: 0.5 }}>
          {saved.redirectUri}
        </Box>
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <TextField sx={{ flex: '1 1 320px' }} label="Issuer URL" value={form.issuerUrl} onChange={(e) => set('issuerUrl', e.target.value)} helperText="Discovery reads <issuer>/.well-known/openid-configuration" />
        <Button variant="outlined" onClick={onTest} disabled={!form.issuerUrl.trim() || testing} sx={{ mt: 1 }}>
          {testing ? 'Testing…' : 'Test connection'}
        </Button>
      </Box>
      <TextField label="Client ID" value={form.clientId} onChange={(e) => set('clientId', e.target.value)} />
      <TextField
        label="Client secret"
        type="password"
        autoComplete="new-password"
        value={form.clientSecret}
        onChange={(e) => set('clientSecret', e.target.value)}
        helperText={saved.clientSecretSet ? 'A secret is stored (encrypted). Leave empty to keep it.' : 'Stored encrypted; never shown again.'}
      />
    </>
  );
}

const codeSx = { overflowWrap: 'anywhere', bgcolor: 'grey.100', px: 0.5 } as const;

/** SAML: what the customer gives their IdP (our SP), and the IdP as metadata or as three fields. */
function SamlFields({ saved, form, set }: FieldsProps) {
  const [fileName, setFileName] = useState('');
  const metadataHref = `data:application/samlmetadata+xml;charset=utf-8,${encodeURIComponent(saved.saml.spMetadata)}`;
  return (
    <>
      <Box component="section" aria-labelledby="sso-sp" sx={{ display: 'grid', gap: 1 }}>
        <Typography id="sso-sp" variant="h3" sx={{ fontSize: 16 }}>
          Give your identity provider these values
        </Typography>
        <Typography variant="body2">
          Entity ID (Audience URI):{' '}
          <Box component="code" sx={codeSx}>
            {saved.saml.spEntityId}
          </Box>
        </Typography>
        <Typography variant="body2">
          ACS URL (Reply URL, HTTP-POST):{' '}
          <Box component="code" sx={codeSx}>
            {saved.saml.acsUrl}
          </Box>
        </Typography>
        <Typography variant="body2">Name ID: the person’s email address. Optional attributes: email, displayName, and a groups attribute for role mapping. Sign the assertion (SHA-256).</Typography>
        <Box>
          <Button variant="outlined" href={metadataHref} download="scanbase-sp-metadata.xml">
            Download Scanbase metadata
          </Button>
        </Box>
      </Box>
      <Box sx={{ display: 'grid', gap: 1 }}>
        <Typography variant="body2">Upload the metadata XML your identity provider gives for the Scanbase app, or fill in the three fields below.</Typography>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Button variant="outlined" component="label">
            Upload IdP metadata
            <input
              hidden
              type="file"
              accept=".xml,application/xml,text/xml,application/samlmetadata+xml"
              onChange={(e) => {
                const file = e.target.files?.[0];
                if (!file) return;
                setFileName(file.name);
                void file.text().then((text) => set('samlMetadataXml', text));
              }}
            />
          </Button>
          <Typography variant="body2" aria-live="polite">
            {fileName ? `${fileName} will be read when you save.` : 'No file chosen.'}
          </Typography>
        </Box>
      </Box>
      <TextField label="IdP Entity ID (Issuer)" value={form.samlIdpEntityId} onChange={(e) => set('samlIdpEntityId', e.target.value)} disabled={Boolean(form.samlMetadataXml)} />
      <TextField label="IdP sign-in URL (SSO URL)" value={form.samlIdpSsoUrl} onChange={(e) => set('samlIdpSsoUrl', e.target.value)} disabled={Boolean(form.samlMetadataXml)} />
      <TextField
        label="IdP signing certificate"
        multiline
        minRows={3}
        value={form.samlIdpCertificate}
        onChange={(e) => set('samlIdpCertificate', e.target.value)}
        disabled={Boolean(form.samlMetadataXml)}
        helperText={saved.saml.idpCertificates.length > 0 ? 'Certificates are stored (listed below). Paste a new one to replace them; leave empty to keep them.' : 'PEM (-----BEGIN CERTIFICATE-----) or base64.'}
      />
      {saved.saml.idpCertificates.length > 0 ? (
        <Box component="ul" sx={{ m: 0, pl: 2.5 }} aria-label="Stored IdP certificates">
          {saved.saml.idpCertificates.map((c) => (
            <Typography component="li" variant="body2" key={c.sha256} sx={{ overflowWrap: 'anywhere' }}>
              {c.subject}, valid until {c.validTo ? c.validTo.slice(0, 10) : 'unknown'}, SHA-256 {c.sha256}
            </Typography>
          ))}
        </Box>
      ) : null}
    </>
  );
}
