import { uploadTaskSource } from '@scanbase/contracts/tasks';
import { useMutation } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

/** Uploads an import task's CSV or XLSX source (`tasks/upload-source`); answers the fileId to put in its inputs. */
export function useUploadTaskSource() {
  const { v2 } = useServices();
  return useMutation({ mutationFn: (file: File) => v2.call(uploadTaskSource, {}, { file }) });
}
