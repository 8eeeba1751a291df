import { createAttendanceSession, type AttendanceSessionInput } from '@scanbase/contracts/attendance';
import { importValuesRoute } from '@scanbase/contracts/databases';
import { createSpecialized } from '@scanbase/contracts/specialized';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';
import { rosterCsv } from '../attendance-format';

/** What the wizard makes. */
export type NewAttendance = {
  name: string;
  databaseId: number | null;
  people: { code: string; name: string }[];
  session: AttendanceSessionInput | null;
  leaderUserIds: number[];
  userIds: number[];
};

/** A step after the instance exists failed: the instance is there, the message says what is missing. */
export class AttendanceSetupError extends Error {
  constructor(
    message: string,
    readonly instanceId: number,
  ) {
    super(message);
  }
}

/** Creates an attendance instance, fills a new roster with the pasted people and adds the first session. */
export function useCreateAttendance() {
  const { v2 } = useServices();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: NewAttendance) => {
      const instance = await v2.call(createSpecialized, { type: 'attendance', name: input.name, databaseId: input.databaseId, settings: { leaderUserIds: input.leaderUserIds }, userIds: input.userIds });
      if (input.databaseId === null && input.people.length > 0 && instance.databaseId !== null) {
        const file = new Blob([rosterCsv(input.people)], { type: 'text/csv' });
        try {
          await v2.call(importValuesRoute, { id: instance.databaseId, hasHeader: false, onError: 'abort' }, { file: new File([file], 'roster.csv', { type: 'text/csv' }) });
        } catch (error) {
          throw new AttendanceSetupError(`The service was made, but the people could not be added: ${(error as Error).message}`, instance.id);
        }
      }
      if (input.session) {
        try {
          await v2.call(createAttendanceSession, { instanceId: instance.id, session: input.session });
        } catch (error) {
          throw new AttendanceSetupError(`The service was made, but the first session could not be added: ${(error as Error).message}`, instance.id);
        }
      }
      return instance;
    },
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: ['specialized'] }), client.invalidateQueries({ queryKey: ['services'] }), client.invalidateQueries({ queryKey: ['databases'] })]),
  });
}
