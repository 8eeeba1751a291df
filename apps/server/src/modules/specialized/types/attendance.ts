import { attendanceSettings, type AttendanceSettings } from '@scanbase/contracts';
import { judgeAttendance } from '../attendance/attendance-judge.js';
import { defineSpecializedType } from '../specialized-type.js';

/**
 * Attendance (issue 13): the roster is the service's database (value = a person's code, response = the
 * name); a scan during a session occurrence marks the person present or late. Sessions, marks and closed
 * occurrences live in the attendance tables (migration 0015); see docs/SPECIALIZED-ATTENDANCE.md.
 */
export const attendanceType = defineSpecializedType<AttendanceSettings>({
  type: 'attendance',
  settings: attendanceSettings,
  database: 'required',
  // Duplicates are the type's to judge (per occurrence), so the database method lets them through.
  serviceVariables: (_settings, databaseId) => ({ validation_method: 'database', database_id: String(databaseId ?? ''), duplicate_value: '1' }),
  scannerOptions: () => ({}),
  judge: judgeAttendance,
});
