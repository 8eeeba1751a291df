/** The meter's words and colours for zxcvbn scores 0–4. */
export const strengthLabels = ['Very weak', 'Weak', 'Fair', 'Strong', 'Very strong'] as const;

/** A theme colour for each score (error for 0–1, warning for 2, success for 3–4). */
export function strengthColour(score: number): 'error' | 'warning' | 'success' {
  if (score <= 1) return 'error';
  return score === 2 ? 'warning' : 'success';
}

/** "Chrome on Windows" from a user agent string; the raw string (shortened) when it is not recognised. */
export function describeUserAgent(agent: string | null): string {
  if (!agent) return 'Unknown browser';
  const browser = /Edg\//.test(agent)
    ? 'Edge'
    : /OPR\//.test(agent)
      ? 'Opera'
      : /Firefox\//.test(agent)
        ? 'Firefox'
        : /(Chrome|Chromium|HeadlessChrome)\//.test(agent)
          ? 'Chrome'
          : /Safari\//.test(agent)
            ? 'Safari'
            : null;
  const os = /Android/.test(agent)
    ? 'Android'
    : /iPhone|iPad|iPod/.test(agent)
      ? 'iOS'
      : /Windows/.test(agent)
        ? 'Windows'
        : /Mac OS X|Macintosh/.test(agent)
          ? 'macOS'
          : /CrOS/.test(agent)
            ? 'ChromeOS'
            : /Linux/.test(agent)
              ? 'Linux'
              : null;
  if (browser && os) return `${browser} on ${os}`;
  if (browser ?? os) return (browser ?? os) as string;
  return agent.length > 60 ? `${agent.slice(0, 57)}…` : agent;
}
