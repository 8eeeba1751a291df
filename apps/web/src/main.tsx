import './app/zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { reportChunkFailure } from './app/chunk-loading';
import { rewritePercentQuery } from './app/percent-rewrite';
import { createAppRouter } from './app/router';
import { createServices } from './app/services';
import { browserStore } from './session/storage';

function start(): void {
  // A malformed query (bare % at the end or before &) cannot be decoded: escape it and reload (spec section 5).
  const fixedQuery = rewritePercentQuery(window.location.search);
  if (fixedQuery !== null) {
    window.location.replace(window.location.pathname + fixedQuery + window.location.hash);
    return;
  }

  const services = createServices({
    store: browserStore(),
    origin: window.location.origin,
    location: window.location,
    v2Base: import.meta.env.VITE_API_V2_BASE as string | undefined,
  });
  const cleaned = services.session.adoptUrlToken(window.location.href);
  if (cleaned !== null) window.history.replaceState(window.history.state, '', cleaned);
  services.online.bindWindow(window);
  window.addEventListener('vite:preloadError', (event) => reportChunkFailure(new Error(`Preload failed: ${String((event as Event & { payload?: unknown }).payload)}`)));

  const router = createAppRouter(services);
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element');
  createRoot(container).render(
    <StrictMode>
      <App services={services} router={router} />
    </StrictMode>,
  );
}

start();
