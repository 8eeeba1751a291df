import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { useEffect, useMemo, useState } from 'react';
import { LoadingState } from '../../../ui/QueryStates';

type Props = { publishableKey: string; clientSecret: string; onDone: () => void; onCancel: () => void };

/**
 * Stripe Elements for one SetupIntent: the card number is typed into Stripe's own frame and goes to Stripe only.
 * Loaded lazily (this module pulls in Stripe.js), only on the credit cards tab and only with a publishable key.
 */
export function StripeCardForm({ publishableKey, clientSecret, onDone, onCancel }: Props) {
  const stripe = useMemo(() => loadStripe(publishableKey), [publishableKey]);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  useEffect(() => {
    let live = true;
    stripe.then(
      (s) => live && setState(s ? 'ready' : 'failed'),
      () => live && setState('failed'),
    );
    return () => {
      live = false;
    };
  }, [stripe]);
  if (state === 'failed') {
    return (
      <Alert severity="error" action={<Button onClick={onCancel}>Close</Button>} data-testid="stripe-unavailable">
        Stripe’s card form could not be loaded. Check the connection to js.stripe.com and try again.
      </Alert>
    );
  }
  if (state === 'loading') return <LoadingState label="Loading Stripe’s card form…" />;
  return (
    <Elements stripe={stripe} options={{ clientSecret }}>
      <CardFields onDone={onDone} onCancel={onCancel} />
    </Elements>
  );
}

function CardFields({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  const stripe = useStripe();
  const elements = useElements();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    if (!stripe || !elements) return;
    setBusy(true);
    setError(null);
    const result = await stripe.confirmSetup({ elements, redirect: 'if_required' });
    setBusy(false);
    if (result.error) setError(result.error.message ?? 'Stripe refused the card.');
    else onDone();
  };
  return (
    <Box component="form" onSubmit={(e) => (e.preventDefault(), void submit())} sx={{ display: 'grid', gap: 2 }}>
      <PaymentElement />
      {error ? <Alert severity="error">{error}</Alert> : null}
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button type="submit" variant="contained" disabled={!stripe || busy}>
          Save card
        </Button>
        <Button onClick={onCancel}>Cancel</Button>
      </Box>
    </Box>
  );
}
