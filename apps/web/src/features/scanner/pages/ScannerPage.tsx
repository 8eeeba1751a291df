import { ScannerApp } from '../components/ScannerApp';
import { useInstallable } from '../hooks/useInstallable';
import { ScannerContext, scannerServices } from '../scanner-services';

/** /scanner: the browser scanner for app users (phones first), installable and working offline. */
export function ScannerPage() {
  useInstallable();
  return (
    <ScannerContext.Provider value={scannerServices()}>
      <ScannerApp />
    </ScannerContext.Provider>
  );
}
