import type { ReactNode } from 'react';

/** Constants of spec section 9. */
export const TOUR_SCROLL_MS = 1000;
export const TOUR_OFFSET_PX = 8;
export const TOUR_DEFAULT_PLACEMENT = 'bottom';

export type TourPlacement = 'top' | 'bottom' | 'left' | 'right';

/** One step: the element it points at (CSS selector), a title and a short explanation. */
export type TourStep = { target: string; title: string; body: ReactNode; placement?: TourPlacement };

/** Why a tour closed. */
export type TourEnd = 'skip' | 'finish';
