/**
 * The rules of passwords, apart from the sign-in library so that the CLI can check a password
 * without loading it. The library checks the length when people set a password themselves, not
 * when a user is created for them, so creating users checks it first.
 */
export const minimumPasswordLength = 12;
export const maximumPasswordLength = 200;
