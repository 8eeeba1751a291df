import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useOnline } from '../../../api/useOnline';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { BrandText } from '../../branding/components/BrandTexts';
import { BrandTheme } from '../../branding/components/BrandTheme';
import { accountFromAddress, useBrandingFor } from '../../branding/hooks/useBrandingFor';
import { useConnectivityProbe } from '../hooks/useConnectivityProbe';
import { useRefreshServices } from '../hooks/useRefreshServices';
import { useScanner } from '../hooks/useScanner';
import { useScannerSession } from '../hooks/useScannerSession';
import { useScannerSignOut } from '../hooks/useScannerSignOut';
import { useScanQueue } from '../hooks/useScanQueue';
import { QueueBanner } from './QueueBanner';
import { QueueStatus } from './QueueStatus';
import { RejectedScans } from './RejectedScans';
import { SyncedResults } from './SyncedResults';
import { ScannerBar } from './ScannerBar';
import { ScannerMenu } from './ScannerMenu';
import { ScanScreen } from './ScanScreen';
import { ServicePicker } from './ServicePicker';
import { SignInForm } from './SignInForm';
import { WebviewScreen } from './WebviewScreen';

/** The scanner: sign-in, then the service picker, then scanning; the offline queue syncs in the background. */
export function ScannerApp() {
  const { session, client } = useScanner();
  const { signedIn, profile, serviceId, continuous, camera } = useScannerSession();
  useConnectivityProbe();
  const online = useOnline();
  const userId = signedIn && profile ? profile.user.id : null;
  const queue = useScanQueue(userId);
  const { signOut, pending: signingOut } = useScannerSignOut();
  const [confirmSignOut, setConfirmSignOut] = useState(false);
  useRefreshServices(signedIn);
  // The account's branding (account/customize/): its own once signed in, the one of ?account= (or the last seen) before.
  const branding = useBrandingFor(client, { signedIn: Boolean(signedIn && profile), accountId: accountFromAddress(window.location.search) });

  if (!signedIn || !profile) {
    return (
      <BrandTheme branding={branding}>
        <Box sx={{ minHeight: '100dvh', bgcolor: 'background.default' }}>
          <ScannerBar title={branding?.appName ?? 'Scanbase Scanner'} branding={branding} />
          {branding?.welcomeText ? (
            <Box sx={{ maxWidth: 440, mx: 'auto', px: 2, pt: 3 }}>
              <BrandText kind="welcome" text={branding.welcomeText} />
            </Box>
          ) : null}
          <SignInForm offline={!online} />
          {branding?.footerText ? (
            <Box component="footer" sx={{ maxWidth: 440, mx: 'auto', px: 2, pb: 3 }}>
              <BrandText kind="footer" text={branding.footerText} />
            </Box>
          ) : null}
        </Box>
      </BrandTheme>
    );
  }

  const service = profile.services.find((item) => item.id === serviceId) ?? null;
  const askSignOut = () => (queue.waiting > 0 ? setConfirmSignOut(true) : void signOut());
  return (
    <BrandTheme branding={branding}>
    <Box sx={{ minHeight: '100dvh', bgcolor: 'background.default' }}>
      <ScannerBar title={service?.name ?? branding?.appName ?? 'Scanbase Scanner'} subtitle={`${profile.user.username} · ${profile.device.name}`} branding={branding}>
        <QueueStatus queue={queue} online={online} />
        <ScannerMenu
          canChangeService={service !== null && profile.services.length > 1}
          onChangeService={() => session.chooseService(null)}
          onSignOut={askSignOut}
          table={service?.specialized?.type === 'table-builder' ? { tableId: service.id, deviceId: profile.device.id } : undefined}
        />
      </ScannerBar>
      <QueueBanner queue={queue} online={online} />
      {userId !== null ? <RejectedScans userId={userId} count={queue.rejected} /> : null}
      <SyncedResults items={queue.synced} onDismiss={queue.dismissSynced} />
      {queue.sent > 0 && queue.waiting === 0 ? (
        <Typography role="status" sx={{ px: 2, pt: 1.5, color: 'success.dark', fontSize: 14 }}>
          {queue.sent === 1 ? 'One saved scan was sent.' : `${queue.sent} saved scans were sent.`}
        </Typography>
      ) : null}
      {service === null ? (
        <ServicePicker services={profile.services} onPick={(id) => session.chooseService(id)} />
      ) : service.validationMethod === 'webview' ? (
        <WebviewScreen service={service} />
      ) : (
        <ScanScreen key={service.id} service={service} userId={profile.user.id} continuous={continuous} camera={camera} />
      )}
      <ConfirmDialog open={confirmSignOut} title="Sign out with scans waiting?" confirmLabel="Sign out" busy={signingOut} onClose={() => setConfirmSignOut(false)} onConfirm={() => void signOut().then(() => setConfirmSignOut(false))}>
        {queue.waiting === 1 ? 'One scan has' : `${queue.waiting} scans have`} not been sent yet. {queue.waiting === 1 ? 'It stays' : 'They stay'} on this device and {queue.waiting === 1 ? 'is' : 'are'} sent when {profile.user.username} signs in again.
      </ConfirmDialog>
    </Box>
    </BrandTheme>
  );
}
