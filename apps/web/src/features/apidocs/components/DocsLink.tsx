import Link, { type LinkProps } from '@mui/material/Link';
import { Link as RouterAnchor, useLocation } from '@tanstack/react-router';
import { forwardRef } from 'react';
import { docsHref } from '../docs-pages';

type Props = Omit<LinkProps, 'href' | 'component'> & { page: string; anchor?: string };

/** A link to a documentation page and anchor: a plain #anchor on the same page, an in-app navigation otherwise. */
export const DocsLink = forwardRef<HTMLAnchorElement, Props>(function DocsLink({ page, anchor, ...rest }, ref) {
  const { pathname } = useLocation();
  const path = docsHref(page);
  const samePage = pathname.replace(/\/$/, '') === path.replace(/\/$/, '');
  if (samePage && anchor) return <Link ref={ref} href={`#${anchor}`} {...rest} />;
  return <Link ref={ref} component={RouterAnchor} to={path} hash={anchor} {...rest} />;
});
