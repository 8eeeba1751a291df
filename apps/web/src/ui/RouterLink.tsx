import { Link } from '@tanstack/react-router';
import { forwardRef, type AnchorHTMLAttributes } from 'react';

type Props = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { href: string };

/** An anchor that navigates inside the app without reloading; usable as MUI's `component` prop. */
export const RouterLink = forwardRef<HTMLAnchorElement, Props>(function RouterLink({ href, ...rest }, ref) {
  return <Link ref={ref} to={href} {...rest} />;
});
