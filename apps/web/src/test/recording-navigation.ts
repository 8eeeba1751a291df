import type { CurrentPlace, NavigationPort } from '../api/navigation-port';

/** A navigation port for client tests: a settable current place and a list of where the client sent us. */
export class RecordingNavigation implements NavigationPort {
  readonly visited: string[] = [];
  constructor(public place: CurrentPlace = { name: 'account.services', pathname: '/account/services/', search: '', authenticate: true }) {}

  current(): CurrentPlace {
    return this.place;
  }

  go(href: string): void {
    this.visited.push(href);
  }
}
