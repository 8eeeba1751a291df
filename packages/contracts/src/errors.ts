/** Error codes of the V2 API, each with the HTTP status it is sent with. */
export const v2ErrorStatus = {
  BAD_REQUEST: 400,
  AUTH_FAILED: 401,
  FORBIDDEN: 403,
  VERIFY_EMAIL: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  VALIDATION_FAILED: 422,
  LIMIT_MINUTE: 429,
  INTERNAL_ERROR: 500,
  ERROR_MAINTENANCE: 503,
} as const;

export type V2ErrorCode = keyof typeof v2ErrorStatus;

/** One field problem inside a VALIDATION_FAILED reply. */
export type FieldIssue = { path: string; message: string };

/** The body of every failed V2 reply. */
export type V2ErrorBody = {
  error: V2ErrorCode;
  message: string;
  details?: FieldIssue[] | Record<string, unknown>;
};

/**
 * The legacy (codeREADr-compatible) error codes with their reply texts. Texts follow the
 * public reference; some client libraries match on them (for example "API key is missing").
 */
export const legacyErrors = {
  2: 'Request could not be processed. Staff has been notified.',
  10: 'You do not have permission to perform this action.',
  41: 'The service is down for maintenance. Please try again later.',
  50: 'Required POST variables are missing.',
  100: 'API key is invalid.',
  101: 'API key is missing.',
  102: 'XML file too large. Maximum size is 1 MB.',
  103: 'XML file could not be read.',
  104: 'No file was received.',
  105: 'File is larger than allowed.',
  110: 'Invalid action parameter.',
  111: 'API call limit per minute exceeded. The limit resets every minute.',
  113: 'API call limit per day exceeded. The limit resets at midnight.',
  120: 'Invalid section parameter.',
} as const satisfies Record<number, string>;

export type LegacyErrorCode = keyof typeof legacyErrors;

/** Legacy codes the web client reacts to (spec section 8). */
export const legacyClientCodes = { maintenance: 41, notAuthenticated: 101, minuteLimit: 111 } as const;
