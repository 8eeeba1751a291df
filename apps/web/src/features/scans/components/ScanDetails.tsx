import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ScanDetail } from '@scanbase/contracts/scanner';
import { AnswerImage } from './AnswerImage';

/** A scan's answers (photos as thumbnails) and properties, as two labelled lists. */
export function ScanDetails({ scan, columns = 2 }: { scan: ScanDetail; columns?: 1 | 2 }) {
  const properties = Object.entries(scan.properties);
  const list = { display: 'grid', gridTemplateColumns: 'minmax(90px, max-content) 1fr', columnGap: 2, rowGap: 0.75, m: 0, '& dt': { color: 'text.secondary', fontSize: 13 }, '& dd': { m: 0, overflowWrap: 'anywhere', fontSize: 14 } };
  return (
    <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', md: columns === 2 ? '1fr 1fr' : '1fr' } }}>
      <Box>
        <Typography variant="subtitle2" sx={{ mb: 1 }}>
          Answers
        </Typography>
        {scan.answers.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            No answers.
          </Typography>
        ) : (
          <Box component="dl" sx={list}>
            {scan.answers.map((answer) => (
              <Box key={answer.answerId} sx={{ display: 'contents' }}>
                <dt>{answer.questionText}</dt>
                <dd>{answer.hasFile ? <AnswerImage answerId={answer.answerId} alt={`${answer.questionText} of scan ${scan.value}`} /> : answer.answer || '—'}</dd>
              </Box>
            ))}
          </Box>
        )}
      </Box>
      <Box>
        <Typography variant="subtitle2" sx={{ mb: 1 }}>
          Properties
        </Typography>
        {properties.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            No properties.
          </Typography>
        ) : (
          <Box component="dl" sx={list}>
            {properties.map(([name, value]) => (
              <Box key={name} sx={{ display: 'contents' }}>
                <dt>{name}</dt>
                <dd>{value || '—'}</dd>
              </Box>
            ))}
          </Box>
        )}
      </Box>
    </Box>
  );
}
