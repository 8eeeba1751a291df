import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Question } from '@scanbase/contracts/questions';
import { RouterLink } from '../../../ui/RouterLink';
import { questionTypeLabel } from '../question-form';

type Props = { questions: readonly Question[]; onDelete: (question: Question) => void };

const href = (question: Question) => `/account/questions/${question.id}/`;

function answersText(question: Question): string {
  if (question.type === 'webcollect') return question.answers.length > 0 ? 'Custom web page' : 'No content yet';
  if (question.answers.length === 0) return '–';
  const texts = question.answers.map((answer) => answer.text);
  return texts.length > 4 ? `${texts.slice(0, 4).join(', ')} +${texts.length - 4}` : texts.join(', ');
}

const usedBy = (question: Question) => (question.serviceIds.length === 0 ? 'Not used yet' : `${question.serviceIds.length} ${question.serviceIds.length === 1 ? 'service' : 'services'}`);

function Actions({ question, onDelete }: { question: Question; onDelete: (question: Question) => void }) {
  return (
    <Stack direction="row" spacing={1} sx={{ justifyContent: { md: 'flex-end' } }}>
      <Button size="small" component={RouterLink} href={href(question)} aria-label={`Edit “${question.text}”`}>
        Edit
      </Button>
      <Button size="small" color="error" onClick={() => onDelete(question)} aria-label={`Delete “${question.text}”`}>
        Delete
      </Button>
    </Stack>
  );
}

/** Questions as a table on wide screens and cards on phones. */
export function QuestionList({ questions, onDelete }: Props) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const title = (question: Question) => (
    <Link component={RouterLink} href={href(question)} sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
      {question.text}
    </Link>
  );
  if (phone) {
    return (
      <Stack spacing={1.5} component="ul" aria-label="Questions" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {questions.map((question) => (
          <Paper key={question.id} component="li" variant="outlined" sx={{ p: 2 }}>
            {title(question)}
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              {questionTypeLabel(question.type)} · {usedBy(question)}
            </Typography>
            <Typography variant="body2" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
              {answersText(question)}
            </Typography>
            <Stack sx={{ mt: 1, ml: -1 }}>
              <Actions question={question} onDelete={onDelete} />
            </Stack>
          </Paper>
        ))}
      </Stack>
    );
  }
  return (
    <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label="Questions">
        <TableHead>
          <TableRow>
            <TableCell>Question</TableCell>
            <TableCell>Type</TableCell>
            <TableCell>Answers</TableCell>
            <TableCell>Used by</TableCell>
            <TableCell align="right">Actions</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {questions.map((question) => (
            <TableRow key={question.id} hover>
              <TableCell sx={{ maxWidth: 360 }}>{title(question)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{questionTypeLabel(question.type)}</TableCell>
              <TableCell sx={{ maxWidth: 280, overflowWrap: 'anywhere' }}>{answersText(question)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{usedBy(question)}</TableCell>
              <TableCell align="right">
                <Actions question={question} onDelete={onDelete} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}
