import { useQueryClient } from '@tanstack/react-query';
import { InstanceFrame } from '../../specialized/components/InstanceFrame';
import { InstanceQuestionsForm } from '../../specialized/components/InstanceQuestionsForm';

const texts = { empty: 'No columns yet: add the questions whose answers make the columns of the table.', listLabel: 'Columns of the table, in order', save: 'Save columns' };

/** /account/specialized-services/{id}/table-builder/questions/: the table's columns, in order: each question is a column, its latest answer per row is the cell. */
export function TableBuilderQuestionsPage() {
  const client = useQueryClient();
  return (
    <InstanceFrame
      type="table-builder"
      tab="questions"
      intro="Each question is a column of the table, in this order. The scanner asks them when a value is scanned, showing the answers recorded so far; the latest answer is the cell."
    >
      {(instance) => <InstanceQuestionsForm instance={instance} texts={texts} onSaved={() => client.invalidateQueries({ queryKey: ['table-builder'] })} />}
    </InstanceFrame>
  );
}
