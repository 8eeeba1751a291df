import CloudDoneOutlined from '@mui/icons-material/CloudDoneOutlined';
import CloudOffOutlined from '@mui/icons-material/CloudOffOutlined';
import CloudUploadOutlined from '@mui/icons-material/CloudUploadOutlined';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { WEDGE_DEFAULTS } from '../../scanner/keyboard-wedge';
import { RouterLink } from '../../../ui/RouterLink';
import type { HelpSectionId } from '../help-sections';
import { ResultLegendList } from './ResultLegendList';

/** A bulleted list with room between the items (read on a phone). */
function Points({ children }: { children: ReactNode }) {
  return (
    <Box component="ul" sx={{ m: 0, mb: 2, pl: 3, '& > li': { mb: 1 } }}>
      {children}
    </Box>
  );
}

/** Words the scanner shows on screen, set apart so people can match them. */
function Says({ children }: { children: ReactNode }) {
  return (
    <Box component="q" sx={{ fontWeight: 600, quotes: '"“" "”"' }}>
      {children}
    </Box>
  );
}

function Paragraph({ children }: { children: ReactNode }) {
  return <Typography sx={{ mb: 2 }}>{children}</Typography>;
}

function SubHeading({ children }: { children: ReactNode }) {
  return (
    <Typography component="h3" sx={{ fontSize: 17, fontWeight: 700, mt: 1, mb: 1 }}>
      {children}
    </Typography>
  );
}

/** The cloud sign of the scanner's top bar, drawn as the scanner draws it. */
function Cloud({ kind, count }: { kind: 'done' | 'off' | 'waiting'; count?: number }) {
  const Icon = kind === 'done' ? CloudDoneOutlined : kind === 'off' ? CloudOffOutlined : CloudUploadOutlined;
  const background = kind === 'off' ? '#1f5f93' : kind === 'waiting' ? '#ef6c00' : '#4da6f5';
  return (
    <Box component="span" aria-hidden sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, px: 1, py: 0.25, borderRadius: 99, bgcolor: background, color: '#fff', fontWeight: 700, fontSize: 19, verticalAlign: 'middle' }}>
      <Icon sx={{ fontSize: 20 }} />
      {count !== undefined ? <span>{count}</span> : null}
    </Box>
  );
}

function SignIn() {
  return (
    <>
      <Paragraph>
        Open the scanner at{' '}
        <Link component={RouterLink} href="/scanner">
          /scanner
        </Link>{' '}
        on this server. Sign in with the <strong>app user</strong> name and password your administrator gave you: it is not the email and password of the
        administrators’ website.
      </Paragraph>
      <Points>
        <li>
          If your username is your email address, you received an invitation mail: choose your password from its link first, then sign in with your email
          address and that password.
        </li>
        <li>
          <Says>Device name</Says> is how this phone shows up in your administrator’s device list. Give it a name people recognise, such as “Gate 2 phone”.
        </li>
        <li>
          <Says>Wrong username or password.</Says> Check the spelling (usernames are not case-sensitive, passwords are). Ask your administrator to reset the
          password if it still fails; your administrator may also limit how many devices one user can sign in on.
        </li>
        <li>
          Signing in needs a connection once. After that the scanner also works offline, on this phone, until you sign out.
        </li>
      </Points>
    </>
  );
}

function Services() {
  return (
    <>
      <Paragraph>
        A <strong>service</strong> is one scanning job your administrator set up: the gate of an event, a stock count, an attendance list. After signing in
        you see <Says>Choose a service</Says> with every service you may use; tap the one you are scanning for. With only one service it opens straight away.
      </Paragraph>
      <Points>
        <li>
          To switch later, open the menu (⋮) in the top bar and choose <Says>Change service</Says>. It shows only when you have more than one.
        </li>
        <li>
          <Says>No services yet</Says> means no service is yours yet: ask your administrator to add you to one, then open the scanner again.
        </li>
        <li>
          Some services ask questions. <Says>Before you start</Says> asks once per session (change them later with{' '}
          <Says>Change the answers for this session</Says>); <Says>About this scan</Says> asks before each scan is sent, and{' '}
          <Says>A few more questions</Says> after the result.
        </li>
      </Points>
    </>
  );
}

function Camera() {
  return (
    <>
      <Paragraph>
        The scanner starts the camera by itself. The first time, the browser asks whether the site may use the camera: choose <strong>Allow</strong>. If you
        refused, the scanner says <Says>Camera access is blocked</Says>: allow the camera for this site in the browser’s settings (the padlock or site
        settings next to the address), then tap <Says>Try the camera again</Says>. The camera needs a secure (HTTPS) address.
      </Paragraph>
      <SubHeading>Light</SubHeading>
      <Points>
        <li>Even light works best. Turn away from lamps and windows that shine on the code: glare on glossy paper or a phone screen hides the bars.</li>
        <li>In the dark, add light rather than moving closer. To read a code on another phone’s screen, ask for its brightness to be turned up.</li>
      </Points>
      <SubHeading>Distance and aim</SubHeading>
      <Points>
        <li>Hold the phone so the code fills most of the white frame: about 10–20 cm for a label, further for a large code. Too close, and it blurs.</li>
        <li>Hold still for a moment: the phone focuses, then reads. Keep the code flat and square to the phone.</li>
        <li>Leave the white margin around the code in view: readers need it to find where the code begins.</li>
      </Points>
      <SubHeading>1D barcodes and 2D codes</SubHeading>
      <Points>
        <li>
          <strong>1D barcodes</strong> (bars of different widths: EAN, UPC, Code 128, Code 39) are read along the bars: hold the phone so the red line
          crosses all the bars, end to end. Long, thin barcodes read better with the phone turned sideways.
        </li>
        <li>
          <strong>2D codes</strong> (squares of dots: QR code, Data Matrix, PDF417, Aztec) read at any angle, but the whole square must be inside the frame.
        </li>
        <li>
          Each service reads the kinds of code your administrator chose. A code of another kind is ignored without a sound: check with your administrator
          if a code never reads.
        </li>
        <li>
          A damaged code that will not read can be typed in the <Says>Type a code</Says> box, then <Says>Submit</Says>. <Says>Stop camera</Says> saves
          battery while you type or use a hardware scanner.
        </li>
      </Points>
    </>
  );
}

function HardwareScanners() {
  return (
    <>
      <Paragraph>
        A USB or Bluetooth scanner that acts as a keyboard (a “keyboard wedge”), a ring scanner or a sled scanner works with the browser scanner:{' '}
        <Says>A keyboard or Bluetooth scanner works anywhere on this page.</Says> No need to tap a box first.
      </Paragraph>
      <Points>
        <li>
          The scanner page tells a scanner from typing by its speed: the characters of a code come less than {WEDGE_DEFAULTS.maxGapMs} ms apart, the code is{' '}
          {WEDGE_DEFAULTS.minLength} characters or longer, and it ends with <strong>Enter</strong> (Tab works too).
        </li>
        <li>If the scanner beeps but nothing happens, it most likely sends no Enter after the code, or it is set to type too slowly.</li>
      </Points>
      <Paragraph>
        <Link component={RouterLink} href="/app/1.0/more/sd-pro">
          Set up and test a hardware scanner
        </Link>
        : settings for the Enter suffix, keyboard layout, scan speed and Bluetooth pairing, and a test box that shows what the scanner page makes of each code.
      </Paragraph>
    </>
  );
}

function Offline() {
  return (
    <>
      <Paragraph>
        You can keep scanning without a connection. Each scan is kept on this phone and sent by itself when the connection returns; the result says{' '}
        <Says>Saved, will sync</Says>.
      </Paragraph>
      <SubHeading>The sign in the top bar</SubHeading>
      <Points>
        <li>
          <Cloud kind="done" /> <Says>All sent</Says>: online, nothing waiting.
        </li>
        <li>
          <Cloud kind="off" /> <Says>Offline</Says>: no connection. With scans kept, the counter beside it says how many: <Says>Offline · 3 waiting</Says>.
        </li>
        <li>
          <Cloud kind="waiting" count={3} /> Orange, with a number: online, and that many scans are still to be sent (<Says>3 waiting</Says>, or{' '}
          <Says>Sending 3…</Says> while they go).
        </li>
      </Points>
      <Paragraph>
        While scans wait, a banner under the top bar says what happens to them. Online, <Says>Send now</Says> sends them at once; otherwise the scanner tries
        by itself as soon as the connection returns and every 20 seconds. When they have gone it says, for example, <Says>3 saved scans were sent.</Says>
      </Paragraph>
      <Points>
        <li>
          Scans kept on the phone belong to the user who took them. Signing out with scans waiting asks <Says>Sign out with scans waiting?</Says>: they stay
          on the phone and are sent when the same user signs in again.
        </li>
        <li>
          If the server refuses a saved scan when it is sent (say the service was removed), <Says>could not be sent</Says> lists it with the reason; read it,
          then <Says>Discard</Says>.
        </li>
        <li>
          Do not clear the browser’s data or site storage while scans wait: that deletes them. Scanning in a private (incognito) window also loses them when
          the window closes.
        </li>
        <li>
          Installed on the home screen (see the{' '}
          <Link component={RouterLink} href="/aayor/">
            scanner’s start page
          </Link>
          ), the scanner also starts without a connection.
        </li>
      </Points>
    </>
  );
}

function Results() {
  return (
    <>
      <Paragraph>
        After each scan the whole screen turns one colour, with a headline, the code and the service’s answer. Tap <Says>Scan next</Says> (or scan the next
        code with a hardware scanner). With <Says>Continuous scanning</Says> on, a white bar at the top runs down and the scanner goes on by itself.
      </Paragraph>
      <ResultLegendList />
    </>
  );
}

/** The body of each help section, by id. */
export const helpTopics: Record<HelpSectionId, () => ReactNode> = {
  'sign-in': SignIn,
  services: Services,
  camera: Camera,
  'hardware-scanners': HardwareScanners,
  offline: Offline,
  results: Results,
};
