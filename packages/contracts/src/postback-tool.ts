import { z } from 'zod';
import { id } from './common.js';
import { defineV2Route } from './route.js';

/** How the reply of a postback server was read: its verdict, and the response text as the scanner would show it. */
export const postbackVerdict = z.object({ status: z.union([z.literal(0), z.literal(1)]), text: z.string(), textKind: z.enum(['text', 'html', 'url']) });

/** The postback tool (`account/postbacktool/`): one test scan sent to a URL as a postback service sends it. */
export const testPostback = defineV2Route({
  path: 'postback/test',
  access: 'admin',
  summary: 'Sends a test scan to a URL as a postback service would, and answers the exact request, the raw reply (first 10 KB), how it was read, or why it would be refused.',
  body: z.object({
    url: z.string().trim().min(1, 'Enter the URL of your server').max(2000),
    value: z.string().trim().min(1, 'Enter a barcode value').max(500).default('TEST-0001'),
    /** The service the test scan claims to come from (its id as `sid`, its questions' texts); none: `sid` is 0. */
    serviceId: id.optional(),
    /** Also send `status` and `text`, as forwarding (not validation) does. */
    withResult: z.boolean().default(false),
  }),
  reply: z.object({
    request: z.object({ url: z.string(), method: z.literal('POST'), contentType: z.string(), fields: z.array(z.tuple([z.string(), z.string()])), body: z.string() }),
    response: z.object({ httpStatus: z.number().int(), contentType: z.string(), body: z.string(), truncated: z.boolean(), ms: z.number().int() }).nullable(),
    verdict: postbackVerdict.nullable(),
    /** Why the app would refuse this reply (or could not send), in words an operator can act on; null when it was read. */
    problem: z.string().nullable(),
  }),
});
