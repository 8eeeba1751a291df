import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { DatabaseInfo } from '@scanbase/contracts/databases';
import { useState } from 'react';
import { RouterLink } from '../../../ui/RouterLink';
import { FormAlert } from '../../auth/components/FormAlert';
import { useListSearch } from '../../tasks/hooks/useListSearch';
import { DatabaseFrame } from '../components/DatabaseFrame';
import { FilePicker } from '../components/FilePicker';
import { ImportMappingStep } from '../components/ImportMappingStep';
import { ImportRunView } from '../components/ImportRunView';
import { useImportPreview } from '../hooks/useImportPreview';
import { useStartImport } from '../hooks/useStartImport';
import { guessMapping, importBody, type ImportPreview, type MappingForm } from '../import-mapping';

type Chosen = { file: File; preview: ImportPreview; form: MappingForm };

function ImportFlow({ database }: { database: DatabaseInfo }) {
  const { search, update } = useListSearch();
  const jobId = Number(search.job) > 0 ? Number(search.job) : null;
  const previewFile = useImportPreview();
  const start = useStartImport();
  const [chosen, setChosen] = useState<Chosen | null>(null);

  if (jobId !== null) {
    return (
      <ImportRunView
        jobId={jobId}
        databaseId={database.id}
        onAnother={() => {
          setChosen(null);
          start.reset();
          previewFile.reset();
          update({ job: undefined });
        }}
      />
    );
  }

  if (chosen) {
    return (
      <Box>
        <FormAlert message={start.error?.message ?? null} />
        <ImportMappingStep
          fileName={chosen.file.name}
          preview={chosen.preview}
          form={chosen.form}
          busy={start.isPending}
          onChange={(patch) => setChosen({ ...chosen, form: { ...chosen.form, ...patch } })}
          onBack={() => {
            setChosen(null);
            start.reset();
          }}
          onStart={() => start.mutate({ body: importBody(database.id, chosen.form), file: chosen.file }, { onSuccess: (reply) => update({ job: reply.jobId }) })}
        />
      </Box>
    );
  }

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h3">Import values from a file</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, mb: 2 }}>
        Step 1 of 3: choose the file. Next you see its first rows and say which column holds the value, the response and the validity; then the import runs in the
        background and ends with a report.
      </Typography>
      <FormAlert message={previewFile.error?.message ?? null} />
      <FilePicker busy={previewFile.isPending} onFile={(file) => previewFile.mutate({ id: database.id, file }, { onSuccess: (preview) => setChosen({ file, preview, form: guessMapping(preview) }) })}>
        One value per row; the columns can be in any order. Excel files are read from their first sheet. Already in Scanbase&apos;s own layout (value, response,
        validity)? Use the{' '}
        <Link component={RouterLink} href={`/account/databases/${database.id}/record/upload/`}>
          one-step upload
        </Link>
        .
      </FilePicker>
    </Paper>
  );
}

/** /account/databases/{id}/manage/: import a CSV or XLSX file: choose, map the columns, watch it run, read the report. */
export function ImportValuesPage() {
  return <DatabaseFrame current="manage">{(database) => <ImportFlow database={database} />}</DatabaseFrame>;
}
