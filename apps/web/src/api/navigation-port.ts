/** Where the app is now, as the API clients need it to apply the error catalogue. */
export type CurrentPlace = {
  /** Route name from the route table (for example `account.scans.edit`); undefined on the not-found page. */
  name: string | undefined;
  pathname: string;
  /** The query string including its leading `?`, or ''. */
  search: string;
  /** False on routes whose meta says `authenticate: false`. */
  authenticate: boolean;
};

/** The clients' window onto the router: read the current place, go somewhere else. */
export type NavigationPort = {
  current(): CurrentPlace;
  go(href: string): void;
};
