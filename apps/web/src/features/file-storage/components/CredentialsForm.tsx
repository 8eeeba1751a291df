import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { connectFileStore} from '@scanbase/contracts/file-storage';
import { s3StoreInput, webdavStoreInput, type FileStore } from '@scanbase/contracts/file-storage';
import type { RouteBody } from '@scanbase/contracts/route';
import { useForm, type Resolver } from 'react-hook-form';
import { TextInput } from '../../../ui/TextInput';
import { FormAlert } from '../../auth/components/FormAlert';
import { useServerErrors } from '../../auth/hooks/useServerErrors';
import { useConnectFileStore } from '../hooks/useConnectFileStore';
import { s3Defaults, s3Fields, webdavDefaults, webdavFields } from '../store-forms';

/** The credentials form of an S3-compatible store or a WebDAV folder; validated here and on the server. */
export function CredentialsForm({ kind, onDone, onCancel }: { kind: 's3' | 'webdav'; onDone: (store: FileStore) => void; onCancel: () => void }) {
  return kind === 's3' ? (
    <Form schema={s3StoreInput} defaults={s3Defaults} fields={s3Fields} title="Connect S3-compatible storage" onDone={onDone} onCancel={onCancel} />
  ) : (
    <Form schema={webdavStoreInput} defaults={webdavDefaults} fields={webdavFields} title="Connect a WebDAV folder" onDone={onDone} onCancel={onCancel} />
  );
}

type Values = Record<string, string>;

function Form({
  schema,
  defaults,
  fields,
  title,
  onDone,
  onCancel,
}: {
  schema: typeof s3StoreInput | typeof webdavStoreInput;
  defaults: Values;
  fields: { name: string; label: string; help?: string; secret?: boolean }[];
  title: string;
  onDone: (store: FileStore) => void;
  onCancel: () => void;
}) {
  const connect = useConnectFileStore();
  // One form for both kinds: the schema decides which fields count (and answers the typed body).
  const { register, handleSubmit, setError, formState } = useForm<Values, unknown, RouteBody<typeof connectFileStore>>({ resolver: zodResolver(schema) as unknown as Resolver<Values, unknown, RouteBody<typeof connectFileStore>>, defaultValues: defaults });
  const { message, report } = useServerErrors(setError, fields.map((f) => f.name));
  const onSubmit = handleSubmit((values) => connect.mutate(values, { onSuccess: onDone, onError: report }));
  return (
    <Paper variant="outlined" component="form" noValidate onSubmit={(e) => void onSubmit(e)} aria-label={title} sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2 }}>
      <Typography variant="h3" sx={{ fontSize: 18, fontWeight: 600 }}>
        {title}
      </Typography>
      <FormAlert message={message} />
      {fields.map((f) => {
        const error = formState.errors[f.name];
        return <TextInput key={f.name} label={f.label} type={f.secret ? 'password' : 'text'} autoComplete={f.secret ? 'new-password' : 'off'} error={Boolean(error)} helperText={error?.message ?? f.help} {...register(f.name)} />;
      })}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <Button type="submit" variant="contained" disabled={connect.isPending}>
          {connect.isPending ? 'Connecting…' : 'Connect'}
        </Button>
        <Button onClick={onCancel}>Cancel</Button>
      </Stack>
    </Paper>
  );
}
