/*
 * The shape of the legacy API's documentation (`/apidocs/`): one entry per section and action with its
 * variables. The catalog (catalog.ts) is written by hand from ../shared/reference/legacy-api.md and what
 * our server does; the sample replies (samples.generated.ts) are not: a server test calls the real server
 * with each action's sample request and fails when a reply no longer matches the stored one.
 */

/** How a variable is written. */
export type LegacyParamType =
  | 'text'
  | 'integer'
  | 'id'
  | 'id-list'
  | 'flag'
  | 'date'
  | 'time'
  | 'enum'
  | 'url'
  | 'email'
  | 'file'
  | 'map';

/** One variable of an action. */
export type LegacyParamDoc = {
  /** As sent, e.g. `database_id` or `values[i][response]`. */
  name: string;
  type: LegacyParamType;
  /** `true`, `false`, or a sentence saying when it is required. */
  required: boolean | string;
  /** The value used when it is left out, as text (`all`, `0`, `America/New_York`). */
  default?: string;
  /** The allowed values of an `enum`. */
  values?: readonly string[];
  description: string;
};

/** One action of a section. */
export type LegacyActionDoc = {
  action: string;
  /** One sentence: what it does. */
  summary: string;
  /** More sentences, if needed (plain text; blank lines start paragraphs). */
  details?: string;
  /** Changes nothing: a signed-in administrator may run it from the page ("Try it"). */
  readOnly: boolean;
  params: readonly LegacyParamDoc[];
  /** Legacy error codes this action answers besides the generic ones (100, 101, 110, ...). */
  errors: readonly number[];
  /**
   * The variables of the sample request, besides `section`, `action` and `api_key`. A value may name an
   * object the sample generator created first: `{service_id}`, `{database_id}`, `{user_id}`, `{question_id}`,
   * `{scan_id}`, `{device_id}`, `{answer_id}`, `{property_id}`.
   */
  sample: Readonly<Record<string, string>>;
  /** The sample is sent as multipart with this file field (name and CSV text), e.g. `databases/upload`. */
  sampleFile?: { field: string; filename: string; content: string };
};

/** One section of the legacy API. */
export type LegacySectionDoc = {
  section: string;
  /** Heading of its page, e.g. "Databases". */
  title: string;
  /** One or two sentences on what the section is for. */
  summary: string;
  actions: readonly LegacyActionDoc[];
};

/** One generated sample: the request as sent (ids filled in) and the server's reply, volatile parts normalised. */
export type LegacySample = {
  params: Readonly<Record<string, string>>;
  /** The reply body (XML text), or a note such as `(PNG image, 1,234 bytes)` for binary replies. */
  reply: string;
};
