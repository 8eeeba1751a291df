import { useContext } from 'react';
import { ServicesContext } from './services-context';
import type { AppServices } from './services';

/** The app services (session, API clients, online flag); throws outside the app root. */
export function useServices(): AppServices {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('useServices must be used inside <App>');
  return services;
}
