/**
 * What the studio tells someone whose sign-in is refused, in its own words rather than the sign-in
 * library's: apart from the library so that the sign-in page can say the same without loading it.
 */

/** A disabled user who gave the right password (a wrong one is refused like any other). */
export const disabledAccountMessage = 'This account is disabled, so it cannot sign in; an admin can enable it again.';
