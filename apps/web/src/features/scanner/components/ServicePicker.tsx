import ChevronRight from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { validationMethodInfo } from '@scanbase/contracts/services';
import type { AppService } from '@scanbase/contracts/scanner';

const methodLabel = new Map<string, string>(validationMethodInfo.map((info) => [info.type, info.label]));

/** The services this app user may use, as large tappable cards. */
export function ServicePicker({ services, onPick }: { services: readonly AppService[]; onPick: (id: number) => void }) {
  return (
    <Box sx={{ maxWidth: 640, mx: 'auto', px: 2, py: 3 }}>
      <Typography variant="h1" sx={{ mb: 0.5 }}>
        Choose a service
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2.5 }}>
        What are you scanning for?
      </Typography>
      {services.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 3 }}>
          <Typography sx={{ fontWeight: 600 }}>No services yet</Typography>
          <Typography color="text.secondary" sx={{ mt: 0.5 }}>
            Your administrator has not given you any service to scan for. Ask them to add you to one, then open the scanner again.
          </Typography>
        </Paper>
      ) : (
        <Stack spacing={1.5} component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {services.map((service) => (
            <li key={service.id}>
              <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
                <ButtonBase onClick={() => onPick(service.id)} sx={{ width: '100%', textAlign: 'left', px: 2, py: 2, display: 'flex', gap: 1.5, justifyContent: 'space-between', minHeight: 72 }}>
                  <Box sx={{ minWidth: 0 }}>
                    <Typography sx={{ fontSize: 18, fontWeight: 600, overflowWrap: 'anywhere' }}>{service.name}</Typography>
                    <Typography color="text.secondary" sx={{ fontSize: 14 }}>
                      {methodLabel.get(service.validationMethod) ?? service.validationMethod}
                    </Typography>
                  </Box>
                  <ChevronRight color="action" />
                </ButtonBase>
              </Paper>
            </li>
          ))}
        </Stack>
      )}
    </Box>
  );
}
