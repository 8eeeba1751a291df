import { v2Routes } from '@scanbase/contracts';
import { bindV2, RawReply, type V2Binding } from '../../../platform/http/v2/v2-types.js';
import type { AttendanceFile, AttendanceService } from './attendance.service.js';

function send(file: AttendanceFile, reply: { header(name: string, value: string): unknown }): RawReply {
  void reply.header('content-disposition', `attachment; filename="${file.fileName}"`);
  return new RawReply(file.contentType, file.body);
}

/** V2 routes of attendance: sessions, registers, reports and exports (admin), and the leaders' portal (app token). */
export function attendanceV2(service: AttendanceService): V2Binding[] {
  return [
    bindV2(v2Routes.listAttendanceSessions, ({ session, body }) => service.listSessions(session.accountId, body.instanceId)),
    bindV2(v2Routes.createAttendanceSession, ({ session, body }) => service.createSession(session.accountId, body.instanceId, body.session)),
    bindV2(v2Routes.updateAttendanceSession, ({ session, body }) => service.updateSession(session.accountId, body.instanceId, body.id, body.session)),
    bindV2(v2Routes.deleteAttendanceSession, async ({ session, body }) => {
      await service.deleteSession(session.accountId, body.instanceId, body.id);
      return { ok: true as const };
    }),
    bindV2(v2Routes.attendanceRegister, ({ session, body }) => service.register(session.accountId, body.instanceId, body.sessionId, body.date)),
    bindV2(v2Routes.attendanceOccurrenceReport, ({ session, body }) => service.occurrenceReport(session.accountId, body.instanceId, body.from, body.to)),
    bindV2(v2Routes.attendancePeopleReport, ({ session, body }) => service.peopleReport(session.accountId, body.instanceId, body.from, body.to)),
    bindV2(v2Routes.attendanceExport, async ({ session, body, reply }) => send(await service.exportFile(session.accountId, body), reply)),
    bindV2(v2Routes.attendancePortalSessions, ({ session }) => service.portalSessions(session)),
    bindV2(v2Routes.attendancePortalRegister, async ({ session, body }) => {
      await service.requireLeader(session, body.instanceId);
      return service.register(session.accountId, body.instanceId, body.sessionId, body.date);
    }),
    bindV2(v2Routes.attendancePortalMark, async ({ session, body }) => {
      await service.requireLeader(session, body.instanceId);
      return service.mark(session.accountId, body, session.username);
    }),
    bindV2(v2Routes.attendancePortalClose, async ({ session, body }) => {
      await service.requireLeader(session, body.instanceId);
      return service.close(session.accountId, body, session.username);
    }),
    bindV2(v2Routes.attendancePortalExport, async ({ session, body, reply }) => {
      await service.requireLeader(session, body.instanceId);
      return send(await service.exportFile(session.accountId, { ...body, report: 'register' }), reply);
    }),
  ];
}
