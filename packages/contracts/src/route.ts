import type { z } from 'zod';

/** Who may call a V2 route: anyone, any signed-in session, a session with an admin role, the owner, or an app user's token (scanner API). */
export type RouteAccess = 'public' | 'session' | 'admin' | 'owner' | 'app';

/** A V2 route contract: its path under /api-v2/, who may call it, its body and its reply. */
export type V2Route<B extends z.ZodType = z.ZodType, R extends z.ZodType = z.ZodType, A extends RouteAccess = RouteAccess> = {
  path: string;
  access: A;
  summary: string;
  body: B;
  reply: R;
};

/** Declares a V2 route contract (keeps the literal types for the server and the web client). */
export function defineV2Route<B extends z.ZodType, R extends z.ZodType, A extends RouteAccess>(route: V2Route<B, R, A>): V2Route<B, R, A> {
  return route;
}

export type RouteBody<T> = T extends V2Route<infer B, z.ZodType, RouteAccess> ? z.input<B> : never;
export type RouteReply<T> = T extends V2Route<z.ZodType, infer R, RouteAccess> ? z.output<R> : never;
