/**
 * The rule of a password someone sets (setup, invitations, `POST /api/users`, a password change):
 * 12 to 200 characters, and not only white space, each problem in plain words.
 */
import { describe, expect, it } from 'vitest';
import { createUserInput } from '@/lib/auth/user-directory';
import { acceptInvitationInput, changePasswordInput, firstAdminInput, passwordInput } from '@/lib/schemas';
import { issuesFromZod } from '@/lib/errors';

const messagesOf = (password: string) => {
  const checked = passwordInput.safeParse(password);
  return checked.success ? [] : issuesFromZod(checked.error).map((issue) => issue.message);
};

describe('a password someone sets', () => {
  it.each([
    ['correct horse battery staple', []],
    ['  spaces around are fine  ', []],
    [' '.repeat(12), ['The password cannot be only spaces: use letters, digits or other characters too']],
    ['\t \n'.repeat(5), ['The password cannot be only spaces: use letters, digits or other characters too']],
    ['   ', ['The password needs at least 12 characters']],
    ['short', ['The password needs at least 12 characters']],
    ['x'.repeat(201), ['The password has at most 200 characters']],
  ])('%j: %j', (password, messages) => {
    expect(messagesOf(password)).toEqual(messages);
  });

  it('is the rule of setup, invitations, added users and password changes alike', () => {
    const blank = ' '.repeat(12);
    const problems = [
      firstAdminInput.safeParse({ token: 't', email: 'ada@example.com', password: blank }),
      acceptInvitationInput.safeParse({ token: 't', password: blank }),
      createUserInput.safeParse({ email: 'ada@example.com', role: 'editor', password: blank }),
      changePasswordInput.safeParse({ currentPassword: 'anything at all', newPassword: blank }),
    ].map((checked) => (checked.success ? [] : issuesFromZod(checked.error)));
    expect(problems.map((issues) => issues.map((issue) => issue.path))).toEqual([
      ['password'],
      ['password'],
      ['password'],
      ['newPassword'],
    ]);
  });
});
