import InsertDriveFileOutlined from '@mui/icons-material/InsertDriveFileOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import { useId, useRef } from 'react';
import { V2Error } from '../../../../api/v2-client';
import { useUploadTaskSource } from '../../hooks/useUploadTaskSource';
import type { SourceFile } from '../../task-inputs';

type Props = { value: SourceFile | null; onChange: (file: SourceFile | null) => void; error?: string; disabled?: boolean };

const size = (bytes: number) => (bytes < 1024 ? `${bytes} bytes` : bytes < 1_048_576 ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / 1_048_576).toFixed(1)} MB`);

/** The import's source file: chosen once, uploaded at once (`tasks/upload-source`), read again at every run. */
export function SourceFileField({ value, onChange, error, disabled = false }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadTaskSource();
  const helpId = useId();
  const uploadError = upload.error ? (upload.error instanceof V2Error ? (upload.error.fieldIssues[0]?.message ?? upload.error.message) : upload.error.message) : null;
  const message = uploadError ?? error;

  const choose = (file: File | undefined) => {
    if (!file) return;
    upload.mutate(file, { onSuccess: (reply) => onChange({ fileId: reply.fileId, name: reply.name, size: reply.size }) });
  };

  return (
    <Box>
      <input
        ref={input}
        type="file"
        accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        hidden
        aria-label="File to import"
        onChange={(event) => {
          choose(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}>
        <Button
          variant={value ? 'outlined' : 'contained'}
          startIcon={upload.isPending ? <CircularProgress size={18} color="inherit" /> : <UploadFileOutlined />}
          onClick={() => input.current?.click()}
          disabled={disabled || upload.isPending}
          aria-describedby={helpId}
        >
          {upload.isPending ? 'Uploading…' : value ? 'Replace the file' : 'Choose a CSV or XLSX file'}
        </Button>
        {value && !upload.isPending ? (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75, minWidth: 0 }}>
            <InsertDriveFileOutlined fontSize="small" color="action" />
            <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>{value.name}</Typography>
            {value.size !== null ? (
              <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
                {size(value.size)}
              </Typography>
            ) : null}
          </Box>
        ) : null}
      </Box>
      <FormHelperText id={helpId} error={Boolean(message)} role={message ? 'alert' : undefined} sx={{ mx: 0 }}>
        {message ?? (value ? 'Uploaded. Every run reads this same file.' : 'The file is uploaded now and read again at every run.')}
      </FormHelperText>
    </Box>
  );
}
