import type { RouteComponent } from '@tanstack/react-router';
import { SignInPage } from '../features/auth/pages/SignInPage';
import type { PageLoader } from './route-types';

/*
 * Pages built into the entry chunk instead of a chunk of their own: /signin, where every signed-out visit
 * lands (`/` and every guarded address send people there). It shows without waiting for a second request,
 * and its code compresses together with the rest of the first page (vite.config.ts puts everything the
 * entry imports into one chunk). The cost, ~2 KB gzipped of sign-in code on other first pages, is small:
 * the form's MUI inputs are used by nearly every page anyway. Its route table entry's loader (`signInPage`)
 * resolves at once.
 */
export const firstPages: Readonly<Partial<Record<string, RouteComponent>>> = { 'auth.signin': SignInPage };

/** The route table's loader of /signin: the page is already here. */
export const signInPage: PageLoader = () => Promise.resolve(SignInPage);
