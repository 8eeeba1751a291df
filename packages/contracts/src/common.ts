import { z } from 'zod';

// Messages people read beside form fields: "Required" instead of zod's type-level wording.
z.config({
  customError: (issue) => {
    if (issue.code === 'invalid_type' && issue.input === undefined) return 'Required';
    return undefined;
  },
});

/** A database id: positive integer (legacy clients parse ids as integers). */
export const id = z.number().int().positive().max(2_147_483_647);

export const email = z.string().trim().toLowerCase().max(254, 'An email address has at most 254 characters').pipe(z.email({ message: 'Enter a valid email address' }));

/** Passwords: at least 8 characters, at most 200 (argon2 input stays bounded). */
export const password = z.string().min(8, 'Use at least 8 characters').max(200);

export const sortDirection = z.enum(['asc', 'desc']);

/** The query every V2 list accepts. */
export const listQuery = z.object({
  page: z.number().int().min(1).max(10_000_000).default(1),
  limit: z.number().int().min(1).max(500).default(50),
  search: z.string().max(200).optional(),
  sortby: z.string().max(64).optional(),
  sortdirection: sortDirection.optional(),
});
export type ListQuery = z.infer<typeof listQuery>;

/** The reply shape of every V2 list. */
export function listReply<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), total: z.number().int(), page: z.number().int(), limit: z.number().int() });
}

export const okReply = z.object({ ok: z.literal(true) });

/** ISO-8601 UTC timestamp text. */
export const timestamp = z.string();
