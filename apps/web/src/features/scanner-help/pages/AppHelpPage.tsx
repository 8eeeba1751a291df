import ArrowBack from '@mui/icons-material/ArrowBack';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { PublicFrame } from '../../../ui/PublicFrame';
import { RouterLink } from '../../../ui/RouterLink';
import { helpTopics } from '../components/HelpTopics';
import { helpSections, sectionOfHash, type HelpSectionId } from '../help-sections';
import { useHashSection } from '../hooks/useHashSection';

/**
 * /app/1.0/more/apphelp: help for app users of the browser scanner. Sections open and close by keyboard; a link
 * to `#camera` (and the other ids of help-sections.ts) opens that section, scrolls to it and gives it the focus.
 */
export function AppHelpPage() {
  const [initial] = useState(() => sectionOfHash(window.location.hash));
  const [open, setOpen] = useState<ReadonlySet<HelpSectionId>>(() => new Set(initial ? [initial] : []));
  const [focus, setFocus] = useState<{ id: HelpSectionId; visit: number } | null>(null);
  useHashSection(sectionOfHash, (id) => {
    setOpen((previous) => (previous.has(id) ? previous : new Set([...previous, id])));
    setFocus((previous) => ({ id, visit: (previous?.visit ?? 0) + 1 }));
  });
  const current = focus?.id ?? initial;

  // The section a link or the address named: its header gets the focus (keyboard users go on from there) and the top of the view.
  useEffect(() => {
    if (!current) return;
    document.getElementById(`${current}-summary`)?.focus({ preventScroll: true });
    document.getElementById(current)?.scrollIntoView({ block: 'start' });
  }, [current, focus]);

  const allOpen = open.size === helpSections.length;
  const toggle = (id: HelpSectionId, expanded: boolean) =>
    setOpen((previous) => {
      const next = new Set(previous);
      if (expanded) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <PublicFrame width={980}>
      <Button component={RouterLink} href="/scanner" startIcon={<ArrowBack />} sx={{ mb: 1.5, ml: -1 }}>
        Back to the scanner
      </Button>
      <Typography variant="h1" sx={{ mb: 1 }}>
        Scanner app help
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        How to sign in, scan with the camera or a hardware scanner, work offline, and read the results of the Scanbase scanner.
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '230px minmax(0, 1fr)' }, gap: { xs: 3, md: 4 }, alignItems: 'start' }}>
        <Box component="nav" aria-labelledby="help-contents" sx={{ position: { md: 'sticky' }, top: { md: 24 } }}>
          <Typography id="help-contents" component="h2" sx={{ fontSize: 14, fontWeight: 700, textTransform: 'uppercase', letterSpacing: '0.06em', color: 'text.secondary', mb: 1 }}>
            Contents
          </Typography>
          <Box component="ol" sx={{ m: 0, pl: 3, '& > li': { py: 0.5 } }}>
            {helpSections.map((section) => (
              <li key={section.id}>
                <Link href={`#${section.id}`} underline="hover" aria-current={current === section.id ? 'location' : undefined}>
                  {section.title}
                </Link>
              </li>
            ))}
          </Box>
          <Typography sx={{ mt: 2, fontSize: 14 }}>
            <Link component={RouterLink} href="/app/1.0/more/sd-pro">
              Set up a hardware scanner
            </Link>
          </Typography>
        </Box>
        <Box>
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 1 }}>
            <Button size="small" onClick={() => setOpen(allOpen ? new Set() : new Set(helpSections.map((section) => section.id)))}>
              {allOpen ? 'Close all sections' : 'Open all sections'}
            </Button>
          </Box>
          {helpSections.map((section) => {
            const Topic = helpTopics[section.id];
            return (
              <Accordion
                key={section.id}
                id={section.id}
                expanded={open.has(section.id)}
                onChange={(_, expanded) => toggle(section.id, expanded)}
                disableGutters
                variant="outlined"
                slotProps={{ heading: { component: 'h2' }, transition: { unmountOnExit: false } }}
                sx={{ scrollMarginTop: 16, '&:not(:last-of-type)': { borderBottom: 0 }, '&::before': { display: 'none' } }}
              >
                <AccordionSummary id={`${section.id}-summary`} aria-controls={`${section.id}-content`} expandIcon={<ExpandMore />} sx={{ minHeight: 56, '& .MuiAccordionSummary-content': { my: 1.5 } }}>
                  <Typography component="span" sx={{ fontSize: 18, fontWeight: 600 }}>
                    {section.title}
                  </Typography>
                </AccordionSummary>
                <AccordionDetails sx={{ pt: 0 }}>
                  <Topic />
                </AccordionDetails>
              </Accordion>
            );
          })}
          <Box sx={{ mt: 3, display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
            <Button component={RouterLink} href="/scanner" variant="contained" size="large">
              Open the scanner
            </Button>
          </Box>
        </Box>
      </Box>
    </PublicFrame>
  );
}
