import type { TourStep } from '../../ui/tour/tour-types';

/** The first-login tour of the admin area. */
export const firstLoginTour: readonly TourStep[] = [
  {
    target: '[data-tour="welcome"]',
    title: 'Welcome to Scanbase',
    body: 'This short tour shows where things live. Use the arrow keys to move and Escape to leave at any time.',
  },
  {
    target: '[data-tour="nav-services"]',
    title: 'Services',
    body: 'A service is what your team scans with: it decides what a scan records, which values are valid and who may scan.',
    placement: 'right',
  },
  {
    target: '[data-tour="nav-databases"]',
    title: 'Databases',
    body: 'Lists of valid values, such as ticket numbers or item codes. Scans are checked against them.',
    placement: 'right',
  },
  {
    target: '[data-tour="nav-scans"]',
    title: 'Scans',
    body: 'Every scan your team collects arrives here, to search, correct and export.',
    placement: 'right',
  },
  {
    target: '[data-tour="nav-users"]',
    title: 'Users',
    body: 'The people who scan with the app. Give each one access to the services they need.',
    placement: 'right',
  },
  {
    target: '[data-tour="account-menu"]',
    title: 'Your account',
    body: 'Your profile and signing out are here.',
  },
];
