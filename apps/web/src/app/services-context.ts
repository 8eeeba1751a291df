import { createContext } from 'react';
import type { AppServices } from './services';

/** Provides the app services to every page (set once in App). */
export const ServicesContext = createContext<AppServices | null>(null);
