import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { RouterProvider } from '@tanstack/react-router';
import type { AppRouter } from './router';
import { ServicesContext } from './services-context';
import type { AppServices } from './services';
import { theme } from './theme';

/** The app root: theme, services and the router (the query cache comes with the shell: see QueryLayer). */
export function App({ services, router }: { services: AppServices; router: AppRouter }) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <ServicesContext.Provider value={services}>
        <RouterProvider router={router} />
      </ServicesContext.Provider>
    </ThemeProvider>
  );
}
