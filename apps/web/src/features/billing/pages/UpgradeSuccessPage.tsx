import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { RouterLink } from '../../../ui/RouterLink';
import { useQueryParam } from '../../../ui/useQueryParam';
import { useMyPlan } from '../hooks/useMyPlan';

/** `account/upgradesuccess/`: the plan changed; where the invoice is. */
export function UpgradeSuccessPage() {
  const plan = useMyPlan();
  const invoice = useQueryParam('invoice');
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, maxWidth: 640, textAlign: 'center' }}>
      <Box sx={{ color: 'success.main', '& svg': { fontSize: 48 } }}>
        <CheckCircleOutline aria-hidden />
      </Box>
      <Typography variant="h1" sx={{ mt: 1 }}>
        Plan changed
      </Typography>
      <Typography sx={{ mt: 2 }}>{plan.data ? `Your account is on the ${plan.data.plan.name} plan from now on.` : 'Your new plan is active.'}</Typography>
      {invoice ? (
        <Typography sx={{ mt: 1 }}>
          Invoice {invoice} is in your invoices. Without a payment provider, it is marked paid once your payment has been received.
        </Typography>
      ) : null}
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'center', mt: 3, flexWrap: 'wrap' }}>
        <Button variant="contained" component={RouterLink} href="/account/myplan/">
          My plan
        </Button>
        <Button component={RouterLink} href="/account/billing/invoices/">
          Invoices
        </Button>
      </Box>
    </Paper>
  );
}
