import { selectAccount } from '@scanbase/contracts/auth';
import BusinessOutlined from '@mui/icons-material/BusinessOutlined';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { useState } from 'react';
import { useServices } from '../../../app/useServices';
import { PublicFrame } from '../../../ui/PublicFrame';
import { RouterLink } from '../../../ui/RouterLink';
import { useQueryParam } from '../../../ui/useQueryParam';
import { AuthHeading } from '../components/AuthHeading';
import { FormAlert } from '../components/FormAlert';
import { useSignInOrSecondStep } from '../hooks/useSignInOrSecondStep';
import { clearPendingChoice, loadPendingChoice } from '../pending-choice';

const roleLabels: Record<string, string> = { owner: 'Owner', admin: 'Administrator', billing_admin: 'Billing administrator' };

/** /select-company: the email belongs to several companies; pick one to finish signing in. */
export function SelectCompanyPage() {
  const { v2 } = useServices();
  const to = useQueryParam('to');
  const complete = useSignInOrSecondStep();
  const [choice] = useState(loadPendingChoice);
  const [busyId, setBusyId] = useState<number | null>(null);
  const [message, setMessage] = useState<string | null>(null);

  if (!choice) {
    return (
      <PublicFrame>
        <AuthHeading title="Choose a company">This choice has expired. Sign in again to see your companies.</AuthHeading>
        <Button variant="contained" fullWidth component={RouterLink} href="/signin">
          Sign in
        </Button>
      </PublicFrame>
    );
  }

  const pick = async (accountId: number) => {
    setBusyId(accountId);
    setMessage(null);
    try {
      const reply = await v2.call(selectAccount, { ticket: choice.ticket, accountId });
      clearPendingChoice();
      await complete(reply, to);
    } catch (error) {
      setMessage(error instanceof Error ? error.message : 'Could not sign in to this company.');
      setBusyId(null);
    }
  };

  return (
    <PublicFrame>
      <AuthHeading title="Choose a company">Your email address is used by more than one company. Which one do you want to open?</AuthHeading>
      <FormAlert message={message} />
      <List sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 0 }}>
        {choice.accounts.map((account) => (
          <ListItemButton key={account.accountId} onClick={() => void pick(account.accountId)} disabled={busyId !== null} divider>
            <ListItemIcon>
              <BusinessOutlined color="primary" />
            </ListItemIcon>
            <ListItemText
              primary={account.companyName}
              secondary={`${roleLabels[account.role] ?? account.role}${busyId === account.accountId ? ' · signing in…' : ''}`}
            />
          </ListItemButton>
        ))}
      </List>
    </PublicFrame>
  );
}
