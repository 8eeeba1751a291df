import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { RouterLink } from '../../../ui/RouterLink';
import { TypeCard } from '../components/TypeCard';
import { serviceTypeInfo, usesDatabase } from '../service-types';

const grid = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: '1fr 1fr 1fr' } } as const;

/** /account/services/pre-create/: what should the scanner app do with each scan? One card per type, plus the demo. */
export function PreCreateServicePage() {
  return (
    <Box>
      <Button component={RouterLink} href="/account/services/" sx={{ ml: -1, mb: 1 }}>
        ← All services
      </Button>
      <Typography variant="h1">New service</Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 3, maxWidth: 720 }}>
        What should the scanner app do with each scan? Pick one; you can change it later. Next you name the service and choose its database or
        address.
      </Typography>
      <Box sx={grid}>
        {serviceTypeInfo.map((info) => (
          <TypeCard
            key={info.type}
            title={info.label}
            description={info.description}
            href={`/account/services/new/${info.type}`}
            note={usesDatabase(info.type) ? 'Needs a database of values.' : undefined}
          />
        ))}
      </Box>
      <Typography variant="h3" sx={{ mt: 4, mb: 1.5 }}>
        Not sure yet?
      </Typography>
      <Box sx={{ maxWidth: { sm: 'calc(50% - 8px)', lg: 'calc(33.3% - 11px)' } }}>
        <TypeCard
          highlight
          title="Try the demo"
          description="A ready-made ticket check: a database of 25 demo tickets, two questions and a service that validates them. Good for a first look."
          href="/account/services/create-demo/"
        />
      </Box>
    </Box>
  );
}
