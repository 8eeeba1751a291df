import { useContext } from 'react';
import { ScannerContext, type ScannerServices } from '../scanner-services';

/** The scanner's session, client and queue (inside ScannerPage). */
export function useScanner(): ScannerServices {
  const services = useContext(ScannerContext);
  if (!services) throw new Error('useScanner must be used inside the scanner page');
  return services;
}
