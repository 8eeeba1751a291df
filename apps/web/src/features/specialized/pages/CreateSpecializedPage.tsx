import ArrowForward from '@mui/icons-material/ArrowForward';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { specializedTypeInfo, specializedTypes, type SpecializedType } from '@scanbase/contracts/specialized';
import { RouterLink } from '../../../ui/RouterLink';
import { TypePicture } from '../components/TypePicture';
import { createHref, isTypeBuilt } from '../specialized-links';

const grid = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: '1fr 1fr 1fr' } } as const;

function Body({ type, built }: { type: SpecializedType; built: boolean }) {
  const info = specializedTypeInfo[type];
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
      <TypePicture type={type} />
      <Box sx={{ minWidth: 0, flexGrow: 1 }}>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
          <Typography component="h2" sx={{ fontWeight: 600, fontSize: '1rem' }}>
            {info.title}
          </Typography>
          {built ? <ArrowForward fontSize="small" color="primary" /> : null}
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {info.sentence}
        </Typography>
        {built ? null : (
          <Typography variant="body2" sx={{ mt: 1, color: 'text.secondary', fontStyle: 'italic' }}>
            Not available yet.
          </Typography>
        )}
      </Box>
    </Stack>
  );
}

/** /account/specialized-services/create/: pick a type (a picture and a sentence each); built types lead to their wizard. */
export function CreateSpecializedPage() {
  return (
    <Box>
      <Button component={RouterLink} href="/account/specialized-services/" sx={{ ml: -1, mb: 1 }}>
        ← All specialized services
      </Button>
      <Typography variant="h1">New specialized service</Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 3, maxWidth: 760 }}>
        A specialized service is a ready-made workflow. Pick one: a short wizard sets up the service, its database and questions with sensible
        defaults, and you can change everything afterwards.
      </Typography>
      <Box sx={grid}>
        {specializedTypes.map((type) => {
          const built = isTypeBuilt(type);
          return (
            <Card key={type} variant="outlined" sx={{ height: '100%', borderStyle: built ? 'solid' : 'dashed', '&:hover': built ? { borderColor: 'primary.main' } : undefined }}>
              {built ? (
                <CardActionArea component={RouterLink} href={createHref(type)} sx={{ p: 2, height: '100%', display: 'block' }}>
                  <Body type={type} built />
                </CardActionArea>
              ) : (
                <Box sx={{ p: 2 }}>
                  <Body type={type} built={false} />
                </Box>
              )}
            </Card>
          );
        })}
      </Box>
    </Box>
  );
}
