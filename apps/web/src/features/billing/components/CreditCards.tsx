import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { Card } from '@scanbase/contracts/billing';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { ErrorState, LoadingState } from '../../../ui/QueryStates';
import { useCardAction } from '../hooks/useCardAction';
import { useCards } from '../hooks/useCards';
import { useSetupCard } from '../hooks/useSetupCard';

// Stripe.js and Elements load only when a card is being added (a chunk of their own).
const StripeCardForm = lazy(() => import('./StripeCardForm').then((m) => ({ default: m.StripeCardForm })));

const brandName = (brand: string) => (brand === 'amex' ? 'American Express' : brand === 'mastercard' ? 'Mastercard' : brand.charAt(0).toUpperCase() + brand.slice(1));

/** The cards tab with a payment provider: cards as Stripe holds them, and Stripe's own form to add one. */
export function CreditCards() {
  const cards = useCards();
  const setup = useSetupCard();
  const action = useCardAction();
  const client = useQueryClient();
  if (cards.isPending) return <LoadingState label="Loading cards…" />;
  if (cards.isError) return <ErrorState message={cards.error.message} onRetry={() => void cards.refetch()} />;
  const { items, publishableKey } = cards.data;
  const done = () => {
    setup.reset();
    void client.invalidateQueries({ queryKey: ['billing', 'cards'] });
  };
  return (
    <Box sx={{ display: 'grid', gap: 2, mt: 2 }}>
      {items.length === 0 ? <Typography color="text.secondary">No card yet. Add one to pay for a paid plan.</Typography> : <CardList items={items} busy={action.isPending} onAction={(a, id) => action.mutate({ action: a, paymentMethodId: id })} />}
      {action.isError ? <Alert severity="error">{action.error.message}</Alert> : null}
      {!publishableKey ? (
        <Typography color="text.secondary">Cards cannot be added here yet: whoever runs this install has not set Stripe’s publishable key.</Typography>
      ) : setup.data ? (
        <Suspense fallback={<LoadingState label="Loading Stripe’s card form…" />}>
          <StripeCardForm publishableKey={setup.data.publishableKey} clientSecret={setup.data.clientSecret} onDone={done} onCancel={() => setup.reset()} />
        </Suspense>
      ) : (
        <Box>
          <Button variant="contained" onClick={() => setup.mutate()} disabled={setup.isPending}>
            Add a card
          </Button>
          {setup.isError ? (
            <Alert severity="error" sx={{ mt: 1 }}>
              {setup.error.message}
            </Alert>
          ) : null}
        </Box>
      )}
    </Box>
  );
}

function CardList({ items, busy, onAction }: { items: Card[]; busy: boolean; onAction: (action: 'default' | 'remove', id: string) => void }) {
  return (
    <Paper variant="outlined">
      <List aria-label="Cards" disablePadding>
        {items.map((card) => {
          const name = `${brandName(card.brand)} ending in ${card.last4}`;
          return (
            <ListItem key={card.id} divider sx={{ flexWrap: 'wrap', gap: 1 }}>
              <ListItemText primary={name} secondary={`Expires ${String(card.expMonth).padStart(2, '0')}/${card.expYear}`} />
              {card.isDefault ? <Chip size="small" color="primary" label="Default" /> : null}
              {card.isDefault ? null : (
                <Button size="small" disabled={busy} onClick={() => onAction('default', card.id)} aria-label={`Make default: ${name}`}>
                  Make default
                </Button>
              )}
              <Button size="small" color="error" disabled={busy} onClick={() => onAction('remove', card.id)} aria-label={`Remove ${name}`}>
                Remove
              </Button>
            </ListItem>
          );
        })}
      </List>
    </Paper>
  );
}
