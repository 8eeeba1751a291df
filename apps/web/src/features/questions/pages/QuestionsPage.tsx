import AddOutlined from '@mui/icons-material/AddOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { questionTypeInfo, questionTypes, type Question, type QuestionType } from '@scanbase/contracts/questions';
import { useState } from 'react';
import { EmptyState, ErrorState, LoadingState } from '../../../ui/QueryStates';
import { RouterLink } from '../../../ui/RouterLink';
import { FormAlert } from '../../auth/components/FormAlert';
import { SearchField } from '../../services/components/SearchField';
import { Pager } from '../../tasks/components/Pager';
import { useListSearch } from '../../tasks/hooks/useListSearch';
import { DeleteQuestionDialog } from '../components/DeleteQuestionDialog';
import { QuestionList } from '../components/QuestionList';
import { useDeleteQuestion } from '../hooks/useDeleteQuestion';
import { useQuestionList } from '../hooks/useQuestionList';
import { useServiceNames } from '../hooks/useServiceNames';

const LIMIT = 50;
const isType = (value: string | undefined): value is QuestionType => (questionTypes as readonly string[]).includes(value ?? '');

/** /account/questions/: the questions services ask after a scan, filtered by type (`searchType`) and text, in the address. */
export function QuestionsPage() {
  const { search, update } = useListSearch();
  const page = Number(search.page ?? 1) || 1;
  const searchType = isType(search.searchType) ? search.searchType : undefined;
  const list = useQuestionList({ page, limit: LIMIT, search: search.search, searchType, sortby: 'text' });
  const serviceNames = useServiceNames();
  const remove = useDeleteQuestion();
  const [deleting, setDeleting] = useState<Question | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const filtered = Boolean(search.search) || searchType !== undefined;

  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="h1" sx={{ flexGrow: 1 }}>
          Questions
        </Typography>
        <Button variant="contained" component={RouterLink} href="/account/questions/new/" startIcon={<AddOutlined />}>
          New question
        </Button>
      </Box>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 3, maxWidth: 760 }}>
        Questions the scanner app asks with a scan: a note, a choice, a photo, a signature. Create them here, then add them to a service on its
        Questions tab.
      </Typography>
      <FormAlert message={message} />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr' }, mb: 2, maxWidth: 760 }}>
        <SearchField label="Search questions" value={search.search ?? ''} onSearch={(text) => update({ search: text, page: undefined })} />
        <TextField
          select
          size="small"
          label="Type"
          value={searchType ?? ''}
          onChange={(event) => update({ searchType: event.target.value, page: undefined })}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">All types</MenuItem>
          {questionTypeInfo.map((info) => (
            <MenuItem key={info.type} value={info.type}>
              {info.label}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      {list.isPending ? (
        <LoadingState label="Loading questions…" />
      ) : list.isError ? (
        <ErrorState message={list.error.message} onRetry={() => void list.refetch()} />
      ) : list.data.items.length === 0 ? (
        filtered ? (
          <EmptyState title="No questions match" action={<Button variant="outlined" onClick={() => update({ search: undefined, searchType: undefined, page: undefined })}>Show all questions</Button>}>
            Try another word or type.
          </EmptyState>
        ) : (
          <EmptyState title="No questions yet" action={<Button variant="contained" component={RouterLink} href="/account/questions/new/">Create your first question</Button>}>
            For example &ldquo;Which entrance?&rdquo; with the answers North and South, or a free note. A service asks its questions after each scan.
          </EmptyState>
        )
      ) : (
        <>
          <QuestionList questions={list.data.items} onDelete={setDeleting} />
          <Pager page={page} limit={LIMIT} total={list.data.total} onPage={(next) => update({ page: next })} />
        </>
      )}
      <DeleteQuestionDialog
        question={deleting}
        serviceNames={serviceNames.data ?? new Map()}
        busy={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={(question) => remove.mutate(question.id, { onSettled: () => setDeleting(null), onSuccess: () => setMessage(null), onError: (error) => setMessage(error.message) })}
      />
    </Box>
  );
}
