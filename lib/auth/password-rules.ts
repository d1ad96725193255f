/**
 * The rules of passwords, apart from the sign-in library so that the CLI can check a password
 * without loading it. The library checks the length when people set a password themselves, not
 * when a user is created for them, so creating users checks it first.
 */
export const minimumPasswordLength = 12;
export const maximumPasswordLength = 200;

/** A password of only spaces (tabs, line breaks) is as good as none, whatever its length. */
export const isBlankPassword = (password: string): boolean => password.trim() === '';
export const blankPasswordMessage = 'The password cannot be only spaces: use letters, digits or other characters too';
