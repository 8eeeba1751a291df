import ArrowBack from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { DatabaseInfo } from '@scanbase/contracts/databases';
import { RouterLink } from '../../../ui/RouterLink';
import { FormAlert } from '../../auth/components/FormAlert';
import { useListSearch } from '../../tasks/hooks/useListSearch';
import { DatabaseFrame } from '../components/DatabaseFrame';
import { FilePicker } from '../components/FilePicker';
import { ImportRunView } from '../components/ImportRunView';
import { useImportPreview } from '../hooks/useImportPreview';
import { useStartImport } from '../hooks/useStartImport';
import { importBody, standardMapping } from '../import-mapping';

function Upload({ database }: { database: DatabaseInfo }) {
  const { search, update } = useListSearch();
  const jobId = Number(search.job) > 0 ? Number(search.job) : null;
  const preview = useImportPreview();
  const start = useStartImport();
  const busy = preview.isPending || start.isPending;

  if (jobId !== null) {
    return (
      <ImportRunView
        jobId={jobId}
        databaseId={database.id}
        onAnother={() => {
          preview.reset();
          start.reset();
          update({ job: undefined });
        }}
      />
    );
  }

  // The first rows only decide whether the file starts with Scanbase's own header line.
  const onFile = (file: File) =>
    preview.mutate(
      { id: database.id, file },
      { onSuccess: (first) => start.mutate({ body: importBody(database.id, standardMapping(first.rows)), file }, { onSuccess: (reply) => update({ job: reply.jobId }) }) },
    );

  return (
    <Box>
      <Button component={RouterLink} href={`/account/databases/${database.id}/record/`} startIcon={<ArrowBack />} sx={{ ml: -1, mb: 1 }}>
        Records
      </Button>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h3">Upload records</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, mb: 2 }}>
          One step, no questions: for files in Scanbase&apos;s own layout, such as the CSV from &ldquo;Download as CSV&rdquo;. Column A is the value, B the response, C
          the validity (0 = invalid). A first line &ldquo;value, response, validity&rdquo; is skipped. Existing values are updated; bad rows are skipped and
          listed in the report. For any other layout, use{' '}
          <Link component={RouterLink} href={`/account/databases/${database.id}/manage/`}>
            Import
          </Link>
          , where you choose the columns.
        </Typography>
        <FormAlert message={preview.error?.message ?? start.error?.message ?? null} />
        <FilePicker busy={busy} onFile={onFile} />
      </Paper>
    </Box>
  );
}

/** /account/databases/{id}/record/upload/: upload a file in the standard layout (value, response, validity) straight into an import run. */
export function UploadRecordsPage() {
  return <DatabaseFrame current="record">{(database) => <Upload database={database} />}</DatabaseFrame>;
}
