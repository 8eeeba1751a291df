/*
 * The sign-in form's checks in plain code: the same rules, messages and output as the email and password
 * of the `auth/signin` contract, without loading zod for the first page (sign-in-form.test.ts compares
 * them with the contract on random input). The contract itself still checks the body on the server.
 */

export type SignInFields = { email: string; password: string };
export type SignInField = keyof SignInFields;
export type SignInErrors = Partial<Record<SignInField, string>>;

/** zod's email pattern (zod/v4/core/regexes.js), which the contract's `email` uses. */
const EMAIL = /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;


/** The email as sent (trimmed, lower case). */
export const normalEmail = (value: string) => value.trim().toLowerCase();

/** The first problem of one field, as the contract words it; undefined when the value is fine. */
export function checkField(field: SignInField, value: string): string | undefined {
  if (field === 'email') {
    const email = normalEmail(value);
    if (email.length > 254) return 'An email address has at most 254 characters';
    return EMAIL.test(email) ? undefined : 'Enter a valid email address';
  }
  if (value.length < 1) return 'Enter your password';
  return value.length > 200 ? 'A password has at most 200 characters' : undefined;
}

/** Every field's first problem (empty when the form can be sent). */
export function checkSignIn(values: SignInFields): SignInErrors {
  const errors: SignInErrors = {};
  for (const field of ['email', 'password'] as const) {
    const message = checkField(field, values[field]);
    if (message !== undefined) errors[field] = message;
  }
  return errors;
}
