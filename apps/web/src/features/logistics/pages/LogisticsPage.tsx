import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { LogisticsSettings } from '@scanbase/contracts/logistics';
import type { SpecializedInstanceDetail } from '@scanbase/contracts/specialized';
import { useState } from 'react';
import { FormAlert } from '../../auth/components/FormAlert';
import { useAccountZone } from '../../scans/hooks/useAccountZone';
import { InstanceFrame } from '../../specialized/components/InstanceFrame';
import { InstanceUsersForm } from '../../specialized/components/InstanceUsersForm';
import { useUpdateSpecialized } from '../../specialized/hooks/useUpdateSpecialized';
import { PackageList } from '../components/PackageList';
import { PackageTimeline } from '../components/PackageTimeline';
import { StagesFields } from '../components/StagesFields';
import { useLogisticsLive } from '../hooks/useLogisticsLive';
import { readLogisticsSettings, stageIssues } from '../logistics-settings';

const usersCopy = { label: 'Who scans', empty: 'You have no app users yet.', count: (n: number) => `${n} app user${n === 1 ? '' : 's'} scan with this service.` };

function StagesForm({ instance }: { instance: SpecializedInstanceDetail }) {
  const [settings, setSettings] = useState<LogisticsSettings>(() => readLogisticsSettings(instance.settings));
  const [notice, setNotice] = useState<{ text: string; ok: boolean } | null>(null);
  const update = useUpdateSpecialized();
  const issues = stageIssues(settings.stages);
  const save = async () => {
    if (issues.list || Object.keys(issues.byIndex).length > 0) return;
    try {
      await update.mutateAsync({ id: instance.id, settings: { ...settings, stages: settings.stages.map((s) => ({ ...s, name: s.name.trim() })) } });
      setNotice({ text: 'Stages saved.', ok: true });
    } catch (error) {
      setNotice({ text: error instanceof Error ? error.message : 'Not saved. Try again.', ok: false });
    }
  };
  return (
    <Stack spacing={2}>
      <StagesFields value={settings} onChange={setSettings} issues={issues} />
      {notice ? <FormAlert message={notice.text} severity={notice.ok ? 'success' : 'error'} /> : null}
      <Box>
        <Button variant="contained" onClick={() => void save()} disabled={update.isPending}>
          Save stages
        </Button>
      </Box>
    </Stack>
  );
}

function LogisticsBody({ instance }: { instance: SpecializedInstanceDetail }) {
  const [open, setOpen] = useState<string | null>(null);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const timeZone = useAccountZone();
  useLogisticsLive(instance.id);
  return (
    <>
      {open !== null ? <PackageTimeline id={instance.id} value={open} timeZone={timeZone} onClose={() => setOpen(null)} /> : null}
      <PackageList id={instance.id} timeZone={timeZone} onOpen={setOpen} />
      <Box sx={{ mt: 4 }}>
        <Button variant="outlined" aria-expanded={settingsOpen} aria-controls="logistics-settings" onClick={() => setSettingsOpen((v) => !v)}>
          {settingsOpen ? 'Hide stages and users' : 'Stages and users'}
        </Button>
        {settingsOpen ? (
          <Box id="logistics-settings" sx={{ display: 'grid', gap: 3, mt: 2 }}>
            <Paper variant="outlined" sx={{ p: 2.5 }}>
              <StagesForm instance={instance} />
            </Paper>
            <Paper variant="outlined" sx={{ p: 2.5 }}>
              <Typography variant="h2" sx={{ mb: 1.5 }}>
                App users
              </Typography>
              <InstanceUsersForm key={instance.id} instance={instance} copy={usersCopy} />
            </Paper>
          </Box>
        ) : null}
      </Box>
    </>
  );
}

/** /account/specialized-services/{instanceId}/logistics/: the packages (where, since when, late), a package's timeline on a map, the stages. */
export function LogisticsPage() {
  return (
    <InstanceFrame type="logistics" intro="Each scan moves a package to the stage the driver picks, with its location; delivery needs a photo, a signature and the recipient’s name. Click a package for its timeline.">
      {(instance) => <LogisticsBody instance={instance} />}
    </InstanceFrame>
  );
}
