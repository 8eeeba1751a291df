// The rules live in the contracts package so the web app checks entries exactly as the server does.
export { isAllowed, normaliseAllowEntry } from '@scanbase/contracts/ip-allow-list';
