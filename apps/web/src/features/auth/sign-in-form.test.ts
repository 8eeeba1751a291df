import { signIn } from '@scanbase/contracts/auth';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkSignIn, normalEmail, type SignInErrors, type SignInFields } from './sign-in-form';

// What the sign-in form checked with before (react-hook-form's zod resolver: the first issue of each field).
const contract = signIn.body.pick({ email: true, password: true });
function viaContract(values: SignInFields): { errors: SignInErrors; output?: SignInFields } {
  const parsed = contract.safeParse(values);
  if (parsed.success) return { errors: {}, output: parsed.data };
  const errors: SignInErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof SignInFields;
    errors[field] ??= issue.message;
  }
  return { errors };
}

function viaForm(values: SignInFields): { errors: SignInErrors; output?: SignInFields } {
  const errors = checkSignIn(values);
  return Object.keys(errors).length > 0 ? { errors } : { errors, output: { email: normalEmail(values.email), password: values.password } };
}

const local = fc.stringMatching(/^[A-Za-z0-9_'+.-]{0,12}$/);
const domain = fc.stringMatching(/^[A-Za-z0-9.-]{0,12}\.[A-Za-z]{0,4}$/);
const email = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.tuple(fc.constantFrom('', ' ', '  \t'), local, fc.constantFrom('@', '@@', ''), domain, fc.constantFrom('', ' ', '\n')).map((parts) => parts.join('')),
  fc.constantFrom('a@b.co', 'A.B@Example.COM', '.a@b.co', 'a..b@c.de', 'a.@b.co', 'a@b', 'a@-b.co', "o'neil@x.io", 'a+b@c.dd', ' x@y.zz '),
  fc.tuple(fc.integer({ min: 240, max: 270 }), fc.constantFrom('', ' ')).map(([n, pad]) => `${pad}${'a'.repeat(n - 7)}@b.com${pad}`),
);
const password = fc.oneof(fc.string({ maxLength: 20 }), fc.constantFrom('', ' ', 'x'.repeat(200), 'x'.repeat(201)), fc.string({ minLength: 195, maxLength: 205 }));

describe('sign-in form checks', () => {
  it('give the contract’s messages and output for any email and password', () => {
    fc.assert(
      fc.property(email, password, (e, p) => {
        expect(viaForm({ email: e, password: p })).toStrictEqual(viaContract({ email: e, password: p }));
      }),
      { numRuns: 3000 },
    );
  });

  it('word the usual mistakes plainly', () => {
    expect(checkSignIn({ email: '', password: '' })).toStrictEqual({
      email: 'Enter a valid email address',
      password: 'Enter your password',
    });
    expect(checkSignIn({ email: ' Someone@Example.com ', password: 'x' })).toStrictEqual({});
  });
});
