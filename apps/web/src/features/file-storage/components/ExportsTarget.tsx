import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { fileStoreKindLabels, type FileStore } from '@scanbase/contracts/file-storage';
import { FormAlert } from '../../auth/components/FormAlert';
import { useSetExportsStore } from '../hooks/useSetExportsStore';

/** Which store receives every task run's file, and whether it also receives scan photos and signatures. */
export function ExportsTarget({ stores }: { stores: FileStore[] }) {
  const choose = useSetExportsStore();
  const current = stores.find((s) => s.forExports);
  const usable = stores.filter((s) => s.status === 'connected' || s.forExports);
  const copyScanFiles = current?.copyScanFiles ?? false;
  return (
    <Paper variant="outlined" component="section" aria-labelledby="fs-target" sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 1.5 }}>
      <Typography id="fs-target" variant="h2">
        Where task files go
      </Typography>
      <TextField
        select
        label="Copy every task run’s file to"
        value={current ? String(current.id) : ''}
        onChange={(e) => choose.mutate({ exportsStoreId: e.target.value === '' ? null : Number(e.target.value), copyScanFiles })}
        disabled={choose.isPending}
        sx={{ maxWidth: 420 }}
        helperText="The run’s page shows “Copied to …” or why the copy failed. A failing store never fails the run."
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      >
        <MenuItem value="">Nowhere (download only)</MenuItem>
        {usable.map((s) => (
          <MenuItem key={s.id} value={String(s.id)}>
            {s.name === fileStoreKindLabels[s.kind] ? s.name : `${s.name} (${fileStoreKindLabels[s.kind]})`}
          </MenuItem>
        ))}
      </TextField>
      <div>
        <FormControlLabel
          control={<Checkbox checked={copyScanFiles} onChange={(e) => choose.mutate({ exportsStoreId: current?.id ?? null, copyScanFiles: e.target.checked })} disabled={!current || choose.isPending} aria-describedby="fs-scan-files-help" />}
          label="Also copy scan photos and signatures"
        />
        <FormHelperText id="fs-scan-files-help" sx={{ mt: 0 }}>
          {current ? 'Each new scan’s photos and signatures go to “Scan photos/<service>/<day>/” in the same store, a few seconds after the scan.' : 'Choose a store above first.'}
        </FormHelperText>
      </div>
      <FormAlert message={choose.error?.message ?? null} />
    </Paper>
  );
}
