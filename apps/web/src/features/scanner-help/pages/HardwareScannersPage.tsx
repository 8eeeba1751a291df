import ArrowBack from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { WEDGE_DEFAULTS } from '../../scanner/keyboard-wedge';
import { PublicFrame } from '../../../ui/PublicFrame';
import { RouterLink } from '../../../ui/RouterLink';
import { WedgeTester } from '../components/WedgeTester';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-labelledby={`${id}-title`} id={id} sx={{ mt: 4, scrollMarginTop: 16 }}>
      <Typography id={`${id}-title`} variant="h2" sx={{ fontSize: 21, fontWeight: 700, mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function Points({ children }: { children: ReactNode }) {
  return (
    <Box component="ul" sx={{ m: 0, mb: 2, pl: 3, '& > li': { mb: 1 } }}>
      {children}
    </Box>
  );
}

function Steps({ children }: { children: ReactNode }) {
  return (
    <Box component="ol" sx={{ m: 0, mb: 2, pl: 3, '& > li': { mb: 1 } }}>
      {children}
    </Box>
  );
}

/**
 * /app/1.0/more/sd-pro: setting up keyboard-wedge scanners (USB, Bluetooth ring and handheld, sled) for the browser
 * scanner, with a live test that judges each code as the scan page does. No sign-in.
 */
export function HardwareScannersPage() {
  const { maxGapMs, minLength } = WEDGE_DEFAULTS;
  return (
    <PublicFrame width={760}>
      <Button component={RouterLink} href="/app/1.0/more/apphelp#hardware-scanners" startIcon={<ArrowBack />} sx={{ mb: 1.5, ml: -1 }}>
        Scanner app help
      </Button>
      <Typography variant="h1" sx={{ mb: 1 }}>
        Set up a hardware scanner
      </Typography>
      <Typography sx={{ mb: 3 }}>
        USB scanners, Bluetooth ring and handheld scanners and sled scanners work with the Scanbase scanner when they act as a keyboard (“keyboard wedge” or
        “HID” mode). The scan page knows a scanner by its speed: the characters of a code arrive less than {maxGapMs} ms apart, the code has {minLength}{' '}
        characters or more, and Enter (or Tab) follows it.
      </Typography>

      <Paper component="section" aria-labelledby="test-title" variant="outlined" sx={{ p: { xs: 2, sm: 3 }, bgcolor: 'custom.appBackground', borderRadius: 2 }}>
        <Typography id="test-title" variant="h2" sx={{ fontSize: 21, fontWeight: 700, mb: 0.5 }}>
          Test your scanner
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          Scan any barcode into the box. Each read shows its length, its timing, whether an Enter came after it, and what the scan page makes of it. Nothing is
          sent anywhere.
        </Typography>
        <WedgeTester />
      </Paper>

      <Box component="nav" aria-label="On this page" sx={{ mt: 4, display: 'flex', flexWrap: 'wrap', gap: 1.5, fontSize: 15 }}>
        <Link href="#suffix">Enter suffix</Link>
        <Link href="#layout">Keyboard layout</Link>
        <Link href="#speed">Scan speed</Link>
        <Link href="#pairing">Bluetooth pairing</Link>
        <Link href="#kinds">USB, ring and sled scanners</Link>
      </Box>

      <Section id="suffix" title="Suffix: Enter after each code">
        <Typography sx={{ mb: 1.5 }}>
          The scanner must press Enter after every code: that is how the scan page knows the code is complete. Most scanners do by default; if the test says{' '}
          <strong>“no Enter suffix”</strong>, set it:
        </Typography>
        <Points>
          <li>
            In the scanner’s manual, find the configuration barcodes for the suffix (“Add CR suffix”, “Enter”, “Carriage return” or “Terminator: CR”) and scan
            that one. Scan nothing else from the manual page.
          </li>
          <li>Tab instead of Enter also works on the scan page, but not while the “Type a code” box has the focus: choose Enter.</li>
          <li>Remove any prefix (characters the scanner types before the code): a prefix becomes part of every code.</li>
        </Points>
      </Section>

      <Section id="layout" title="Keyboard layout">
        <Typography sx={{ mb: 1.5 }}>
          A keyboard-wedge scanner sends key positions, not letters. If its keyboard language differs from the phone’s or computer’s, some characters come out
          wrong: a US scanner on a German keyboard swaps Y and Z and mixes up symbols such as - and /.
        </Typography>
        <Points>
          <li>Set the scanner’s keyboard country or language to the one the phone or computer uses (a configuration barcode in the manual).</li>
          <li>Test with a code holding letters, digits and symbols: the code read in the box above must match what is printed under the barcode.</li>
          <li>Caps Lock swaps capital and small letters on some scanners: keep it off.</li>
        </Points>
      </Section>

      <Section id="speed" title="Scan speed and inter-character delay">
        <Typography sx={{ mb: 1.5 }}>
          The scan page takes a code as scanned only when every character comes within {maxGapMs} ms of the last one. Slower than that, it takes the keys as
          typing and the code is not sent.
        </Typography>
        <Points>
          <li>Set the inter-character delay to none (0 ms), or the keyboard speed to the fastest setting.</li>
          <li>
            Bluetooth scanners slow down at the edge of their range or with a low battery: stay within a few metres of the phone, and charge the scanner.
          </li>
          <li>
            Turn off batch (“inventory” or “store and send”) mode: stored codes arrive later all at once. The scanner page has its own offline queue; the
            scanner should send each code at once.
          </li>
        </Points>
      </Section>

      <Section id="pairing" title="Pairing a Bluetooth scanner">
        <Steps>
          <li>Put the scanner in HID (keyboard) mode with the configuration barcode in its manual. SPP (serial) and BLE data modes do not type into a browser.</li>
          <li>Scan the scanner’s pairing barcode, or hold its pairing button, until its light blinks.</li>
          <li>On the phone, open Settings, then Bluetooth, and choose the scanner in the list of devices. If the phone shows a PIN, scan the digit barcodes of the manual for it, then the Enter barcode.</li>
          <li>Open the scanner (or this page) and scan a code into the test box above.</li>
        </Steps>
        <Points>
          <li>
            While a Bluetooth keyboard is connected, iPhones and many Android phones hide the on-screen keyboard. On Android, turn on “Show on-screen keyboard”
            under Settings › System › Keyboard › Physical keyboard; many scanners also have a button or barcode that shows the iPhone keyboard again.
          </li>
          <li>A scanner paired with another phone connects to that one first: unpair it there, or switch that phone’s Bluetooth off.</li>
        </Points>
      </Section>

      <Section id="kinds" title="USB, ring and sled scanners">
        <Points>
          <li>
            <strong>USB scanners</strong> work on computers straight away. On an Android phone or tablet they need a USB-C (OTG) adapter; iPhones need a Lightning
            or USB-C adapter that powers the scanner.
          </li>
          <li>
            <strong>Ring and wrist scanners</strong> pair over Bluetooth as above. Keep the trigger finger free of the code so the beam is not blocked.
          </li>
          <li>
            <strong>Sled scanners</strong> (a case with a scan engine around the phone) must be in keyboard or “keyboard emulation” mode. Modes that work only
            with the maker’s own app or SDK do not reach the browser.
          </li>
        </Points>
        <Typography>
          Still stuck? See the{' '}
          <Link component={RouterLink} href="/app/1.0/more/apphelp#hardware-scanners">
            scanner app help
          </Link>{' '}
          or{' '}
          <Link component={RouterLink} href="/scanner">
            open the scanner
          </Link>
          .
        </Typography>
      </Section>
    </PublicFrame>
  );
}
