import type { ReactNode } from 'react';
import { PortalShell } from '../../portal/components/PortalShell';

/** The user portal's frame with its two pages. */
export function UserPortalShell({ current, children }: { current: 'UP.scans' | 'UP.db'; children: ReactNode }) {
  return (
    <PortalShell
      flow="userportal"
      routeName={current}
      title="Shared scans"
      home="/share/preview/scans/"
      signInPath="/share/preview/login/"
      links={[
        { href: '/share/preview/scans/', label: 'Scans', current: current === 'UP.scans' },
        { href: '/share/preview/db/', label: 'Database lookup', current: current === 'UP.db' },
      ]}
    >
      {children}
    </PortalShell>
  );
}
