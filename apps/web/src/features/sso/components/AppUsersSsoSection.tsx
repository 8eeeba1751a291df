import Add from '@mui/icons-material/Add';
import Delete from '@mui/icons-material/Delete';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useServiceList } from '../../services/hooks/useServiceList';
import type { AppUserGroupRow, SsoForm } from '../sso-form';

type Props = { form: SsoForm; set: <K extends keyof SsoForm>(key: K, value: SsoForm[K]) => void };

/** The single sign-on tab's "App users" part: the scanner's and portals' button, require, and just-in-time grants per group. */
export function AppUsersSsoSection({ form, set }: Props) {
  const services = useServiceList({ page: 1, limit: 200, sortby: 'name', sortdirection: 'asc' });
  const options = services.data?.items ?? [];
  const setRow = (index: number, row: Partial<AppUserGroupRow>) => set('appUserGroups', form.appUserGroups.map((r, i) => (i === index ? { ...r, ...row } : r)));
  return (
    <Paper variant="outlined" component="section" aria-labelledby="sso-app-users" sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2 }}>
      <Typography id="sso-app-users" variant="h2">
        App users (scanner and portals)
      </Typography>
      <FormControlLabel control={<Switch checked={form.appUsersEnabled} onChange={(e) => set('appUsersEnabled', e.target.checked)} />} label="App users may sign in with SSO" />
      <Typography variant="body2" color="text.secondary">
        The scanner and the portals show “Sign in with {form.displayName.trim() || 'SSO'}” (opened with <code>?account=</code> in the address, or found by work email). An app user is found by its username, which must be the email address the identity provider sends.
      </Typography>
      <TextField label="Provider name on the button" value={form.displayName} onChange={(e) => set('displayName', e.target.value)} placeholder="SSO" helperText="For example Okta, Microsoft or Google Workspace" sx={{ maxWidth: 360 }} slotProps={{ htmlInput: { maxLength: 60 } }} />
      <FormControlLabel disabled={!form.appUsersEnabled} control={<Switch checked={form.appUsersEnabled && form.appUsersRequireSso} onChange={(e) => set('appUsersRequireSso', e.target.checked)} />} label="App users must sign in with SSO" />
      <Typography variant="body2" color="text.secondary">
        Their passwords stop working in the scanner and portals. Your own app user (the owner’s) keeps its password.
      </Typography>
      <FormControlLabel control={<Switch checked={form.appUsersJit} onChange={(e) => set('appUsersJit', e.target.checked)} />} label="Create app users automatically on first sign-in" />
      {form.appUsersJit ? (
        <Stack spacing={1.5}>
          <Typography variant="body2" color="text.secondary">
            A new app user gets the services and portals of every row whose group they have (group “*” matches everyone). Someone with none of these groups gets no app user.
          </Typography>
          {form.appUserGroups.map((row, index) => (
            <Stack key={index} direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
              <TextField label="Group" size="small" value={row.group} onChange={(e) => setRow(index, { group: e.target.value })} sx={{ minWidth: 140 }} />
              <TextField
                select
                size="small"
                label="Services"
                value={row.serviceIds}
                onChange={(e) => setRow(index, { serviceIds: (e.target.value as unknown as (number | string)[]).map(Number) })}
                slotProps={{ select: { multiple: true, renderValue: (value) => options.filter((o) => (value as number[]).includes(o.id)).map((o) => o.name).join(', ') } }}
                sx={{ minWidth: 200 }}
              >
                {options.map((o) => (
                  <MenuItem key={o.id} value={o.id}>
                    {o.name}
                  </MenuItem>
                ))}
              </TextField>
              <FormControlLabel control={<Checkbox checked={row.userPortal} onChange={(e) => setRow(index, { userPortal: e.target.checked })} />} label="User portal" />
              <FormControlLabel control={<Checkbox checked={row.taskPortal} onChange={(e) => setRow(index, { taskPortal: e.target.checked })} />} label="Task portal" />
              <IconButton aria-label={`Remove group ${row.group || index + 1}`} onClick={() => set('appUserGroups', form.appUserGroups.filter((_, i) => i !== index))}>
                <Delete />
              </IconButton>
            </Stack>
          ))}
          <div>
            <Button startIcon={<Add />} onClick={() => set('appUserGroups', [...form.appUserGroups, { group: '', serviceIds: [], userPortal: false, taskPortal: false }])}>
              Add a group
            </Button>
          </div>
        </Stack>
      ) : null}
    </Paper>
  );
}
