import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import type { Privileges } from '@scanbase/contracts/roles';
import { useId, useRef, useState } from 'react';
import { V2Error } from '../../../api/v2-client';
import { placeIssues } from '../../../ui/form-issues';
import { TextInput } from '../../../ui/TextInput';
import { FormAlert } from '../../auth/components/FormAlert';
import { useInviteMember } from '../hooks/useInviteMember';
import { defaultPrivileges, emailProblem } from '../team-rules';
import { PrivilegeFields } from './PrivilegeFields';
import { RoleField } from './RoleField';

type Props = { onClose: () => void; onInvited: (email: string) => void };
type Field = 'email' | 'name' | 'role' | 'privileges';

/** `account/admins/create/`: invite someone by email with a role and privileges; the server mails them a link. */
export function InviteDialog({ onClose, onInvited }: Props) {
  const titleId = useId();
  const invite = useInviteMember();
  const emailRef = useRef<HTMLInputElement>(null);
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [role, setRole] = useState('admin');
  const [privileges, setPrivileges] = useState<Privileges>(defaultPrivileges);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [message, setMessage] = useState<string | null>(null);

  const submit = () => {
    const problem = emailProblem(email);
    if (problem) {
      setErrors({ email: problem });
      emailRef.current?.focus();
      return;
    }
    setErrors({});
    setMessage(null);
    invite.mutate(
      { email: email.trim(), name: name.trim(), role, privileges },
      {
        onSuccess: (member) => onInvited(member.email),
        onError: (error) => {
          if (error instanceof V2Error && error.code === 'CONFLICT') {
            setErrors({ email: error.message });
            emailRef.current?.focus();
            return;
          }
          if (error instanceof V2Error && error.fieldIssues.length > 0) {
            const placed = placeIssues(error.fieldIssues, ['email', 'name', 'role', 'privileges']);
            setErrors(placed.fields);
            setMessage(placed.general.join(' ') || null);
            if (placed.fields.email) emailRef.current?.focus();
            return;
          }
          setMessage(error.message);
        },
      },
    );
  };

  return (
    <Dialog open onClose={invite.isPending ? undefined : onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <DialogTitle id={titleId}>Invite an administrator</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            They get an email with a link that works for 7 days. Following it, they choose their name and password and join your team.
          </DialogContentText>
          <FormAlert message={message} />
          <Stack spacing={2.5}>
            <TextInput
              ref={emailRef}
              label="Email address"
              type="email"
              autoFocus
              autoComplete="off"
              value={email}
              onChange={(event) => {
                setEmail(event.target.value);
                setErrors((current) => ({ ...current, email: undefined }));
              }}
              error={Boolean(errors.email)}
              helperText={errors.email ?? ' '}
            />
            <TextInput
              label="Name (optional)"
              autoComplete="off"
              value={name}
              onChange={(event) => setName(event.target.value)}
              error={Boolean(errors.name)}
              helperText={errors.name ?? 'They can change it when they accept.'}
            />
            <RoleField value={role} onChange={setRole} {...(errors.role ? { helperText: errors.role } : {})} />
            <PrivilegeFields value={privileges} onChange={setPrivileges} />
            {errors.privileges ? <FormAlert message={errors.privileges} /> : null}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={invite.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={invite.isPending} startIcon={invite.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}>
            Send invitation
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
