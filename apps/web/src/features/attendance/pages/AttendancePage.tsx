import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import type { SpecializedInstanceDetail } from '@scanbase/contracts/specialized';
import { useId, useState } from 'react';
import { useSession } from '../../../session/useSession';
import { InstanceFrame } from '../../specialized/components/InstanceFrame';
import { LeadersSection } from '../components/LeadersSection';
import { ReportsSection } from '../components/ReportsSection';
import { RosterSection } from '../components/RosterSection';
import { SessionsSection } from '../components/SessionsSection';
import { useAttendanceSessions } from '../hooks/useAttendanceSessions';

const sections = ['sessions', 'roster', 'leaders', 'reports'] as const;
type Section = (typeof sections)[number];
const labels: Record<Section, string> = { sessions: 'Sessions', roster: 'Roster', leaders: 'Leaders', reports: 'Reports' };

function AttendanceSections({ instance }: { instance: SpecializedInstanceDetail }) {
  const [section, setSection] = useState<Section>(() => (typeof window !== 'undefined' && sections.includes(window.location.hash.slice(1) as Section) ? (window.location.hash.slice(1) as Section) : 'sessions'));
  const base = useId();
  const sessions = useAttendanceSessions(instance.id);
  const { user } = useSession();
  const timeZone = sessions.data?.timeZone ?? user?.timezone ?? undefined;
  const choose = (next: Section) => {
    setSection(next);
    window.history.replaceState(window.history.state, '', `#${next}`);
  };
  return (
    <>
      <Tabs value={section} onChange={(_, v: Section) => choose(v)} variant="scrollable" allowScrollButtonsMobile aria-label="Attendance sections" sx={{ borderBottom: 1, borderColor: 'divider', mb: 2.5 }}>
        {sections.map((s) => (
          <Tab key={s} value={s} label={labels[s]} id={`${base}-tab-${s}`} aria-controls={`${base}-panel-${s}`} />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`${base}-panel-${section}`} aria-labelledby={`${base}-tab-${section}`}>
        {section === 'sessions' ? <SessionsSection instanceId={instance.id} /> : null}
        {section === 'roster' ? <RosterSection databaseId={instance.databaseId} /> : null}
        {section === 'leaders' ? <LeadersSection instance={instance} /> : null}
        {section === 'reports' ? <ReportsSection instanceId={instance.id} timeZone={timeZone} /> : null}
      </Box>
    </>
  );
}

/** /account/specialized-services/{instanceId}/attendance/: sessions, roster, leaders and reports of an attendance service. */
export function AttendancePage() {
  return (
    <InstanceFrame type="attendance" intro="People scan their badge or card during a session: on time they are present, after the late rule late. Leaders keep the register at /attendance/.">
      {(instance) => <AttendanceSections instance={instance} />}
    </InstanceFrame>
  );
}
