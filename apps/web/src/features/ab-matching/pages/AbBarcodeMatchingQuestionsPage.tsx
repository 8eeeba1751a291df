import { InstanceFrame } from '../../specialized/components/InstanceFrame';
import { InstanceQuestionsForm } from '../../specialized/components/InstanceQuestionsForm';

const texts = { empty: 'No extra questions: people scan A and B and move on.', listLabel: 'Questions of this service, in the order they are asked', save: 'Save questions' };

/** /account/specialized-services/{id}/ab-barcode-matching/questions/: questions asked besides A and B (before the scan is sent, or after its result). */
export function AbBarcodeMatchingQuestionsPage() {
  return (
    <InstanceFrame
      type="ab-barcode-matching"
      tab="questions"
      intro="Questions asked besides labels A and B, for example the dock or the number of boxes. Questions “before the scan” are asked after B; questions after the result are asked on the green or red screen."
    >
      {(instance) => <InstanceQuestionsForm instance={instance} texts={texts} />}
    </InstanceFrame>
  );
}
