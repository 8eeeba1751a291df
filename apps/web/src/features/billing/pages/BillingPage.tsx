import CreditCardOutlined from '@mui/icons-material/CreditCardOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatMoney, type BillingOverview, type Invoice } from '@scanbase/contracts/billing';
import { useRouterState } from '@tanstack/react-router';
import { EmptyState, ErrorState, LoadingState } from '../../../ui/QueryStates';
import { RouterLink } from '../../../ui/RouterLink';
import { VisuallyHidden } from '../../../ui/VisuallyHidden';
import { dayText, periodLabel } from '../billing-text';
import { BillingTabs, billingTabs, type BillingTab } from '../components/BillingTabs';
import { BusinessForm } from '../components/BusinessForm';
import { CreditCards } from '../components/CreditCards';
import { useBillingOverview } from '../hooks/useBillingOverview';
import { useDownloadInvoice } from '../hooks/useDownloadInvoice';
import { useInvoices } from '../hooks/useInvoices';

/** `account/billing/` (privilege billing): overview, business details, invoices and credit cards, one address each. */
export function BillingPage() {
  const last = useRouterState({ select: (s) => s.location.pathname.split('/').filter(Boolean).at(-1) ?? '' });
  const tab: BillingTab = billingTabs.some((t) => t.value === last) ? (last as BillingTab) : 'overview';
  const overview = useBillingOverview();
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="h1" sx={{ mb: 2 }}>
        Billing
      </Typography>
      <BillingTabs current={tab} />
      {overview.isPending ? (
        <LoadingState label="Loading billing…" />
      ) : overview.isError ? (
        <ErrorState message={overview.error.message} onRetry={() => void overview.refetch()} />
      ) : tab === 'overview' ? (
        <OverviewTab overview={overview.data} />
      ) : tab === 'business' ? (
        <BusinessForm stored={overview.data.business} />
      ) : tab === 'invoices' ? (
        <InvoicesTab />
      ) : (
        <CardsTab overview={overview.data} />
      )}
    </Box>
  );
}

function Figure({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography sx={{ fontSize: '1.25rem', fontWeight: 600, mt: 0.5 }} data-testid={testId}>
        {value}
      </Typography>
    </Paper>
  );
}

function OverviewTab({ overview }: { overview: BillingOverview }) {
  return (
    <Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' } }}>
        <Figure label="Plan" value={`${overview.planName} (${periodLabel(overview.period).toLowerCase()})`} />
        <Figure label={`Renews on ${dayText(overview.periodEnd)}`} value={overview.priceCents === 0 ? 'Free' : formatMoney(overview.priceCents)} />
        <Figure label={`Open invoices (${overview.openInvoices})`} value={formatMoney(overview.openAmountCents)} testId="open-amount" />
        <Figure label="Credit" value={formatMoney(overview.creditCents)} />
      </Box>
      <Typography color="text.secondary" sx={{ mt: 3 }}>
        {overview.billingEnabled
          ? overview.paymentProvider
            ? `Payments are handled by ${overview.paymentProvider === 'stripe' ? 'Stripe' : overview.paymentProvider}: invoices are charged to the default card.`
            : 'Invoices are paid as agreed with whoever runs this Scanbase install, who marks them paid when the payment arrives.'
          : 'Billing is switched off on this Scanbase install: nothing is charged.'}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, mt: 2, flexWrap: 'wrap' }}>
        <Button variant="contained" component={RouterLink} href="/account/plans/">
          Change plan
        </Button>
        <Button component={RouterLink} href="/account/billing/invoices/">
          Invoices
        </Button>
      </Box>
    </Box>
  );
}

const invoiceStatusLabels: Record<Invoice['status'], string> = { open: 'Open', paid: 'Paid', void: 'Void', refunded: 'Refunded' };

function InvoicesTab() {
  const invoices = useInvoices();
  const download = useDownloadInvoice();
  if (invoices.isPending) return <LoadingState label="Loading invoices…" />;
  if (invoices.isError) return <ErrorState message={invoices.error.message} onRetry={() => void invoices.refetch()} />;
  if (invoices.data.items.length === 0) return <EmptyState title="No invoices yet">Invoices appear here when you change to a paid plan and at each renewal.</EmptyState>;
  return (
    <Paper variant="outlined" sx={{ overflowX: 'auto', width: '100%', maxWidth: '100%' }}>
      <Table size="small" aria-label="Invoices">
        <TableHead>
          <TableRow>
            <TableCell>Number</TableCell>
            <TableCell>Date</TableCell>
            <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>Description</TableCell>
            <TableCell align="right">Amount</TableCell>
            <TableCell>Status</TableCell>
            <TableCell>
              <VisuallyHidden>PDF</VisuallyHidden>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {invoices.data.items.map((inv) => (
            <TableRow key={inv.id}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{inv.number}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{dayText(inv.createdAt)}</TableCell>
              <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{inv.description}</TableCell>
              <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                {formatMoney(inv.amountCents)}
              </TableCell>
              <TableCell>
                <Chip size="small" label={invoiceStatusLabels[inv.status]} color={inv.status === 'paid' ? 'success' : 'default'} variant={inv.status === 'void' || inv.status === 'refunded' ? 'outlined' : 'filled'} />
              </TableCell>
              <TableCell>
                <Button size="small" onClick={() => download.mutate({ id: inv.id, number: inv.number })} disabled={download.isPending} aria-label={`Download invoice ${inv.number} as PDF`}>
                  PDF
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {download.isError ? (
        <Typography color="error" role="alert" sx={{ p: 2 }}>
          {download.error.message}
        </Typography>
      ) : null}
    </Paper>
  );
}

function CardsTab({ overview }: { overview: BillingOverview }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 760, display: 'flex', gap: 2, alignItems: 'flex-start' }}>
      <CreditCardOutlined color="action" aria-hidden />
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography variant="h2" sx={{ fontSize: '1.15rem' }}>
          Credit cards
        </Typography>
        <Typography sx={{ mt: 1 }}>
          {overview.paymentProvider
            ? `Cards are entered in ${overview.paymentProvider === 'stripe' ? 'Stripe' : overview.paymentProvider}'s own secure form: no card number ever reaches Scanbase.`
            : 'No payment provider is set up on this Scanbase install, so there are no cards to manage here. When one is configured, cards are entered in the payment provider’s own secure form: no card number ever reaches Scanbase.'}
        </Typography>
        {overview.paymentProvider ? null : (
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            Invoices are paid as agreed with whoever runs this install.
          </Typography>
        )}
        {overview.paymentFailedAt ? (
          <Alert severity="warning" sx={{ mt: 2 }}>
            The last payment failed on {dayText(overview.paymentFailedAt)}. Add a card or make another one the default; Stripe tries again.
          </Alert>
        ) : null}
        {overview.paymentProvider ? <CreditCards /> : null}
      </Box>
    </Paper>
  );
}
