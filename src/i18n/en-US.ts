/**
 * en-US texts: the source language. en-GB and hu-HU follow this shape. The server also reads the
 * 'validation' and 'errors' texts from here, so a message is written once for both sides.
 */
const enUS = {
  validation: {
    required: 'Field is required!',
    max100: 'Max. 100 chars!',
    max3000: 'Max. 3000 chars!',
    email: 'Invalid email',
    number: 'Invalid number',
    value: 'Invalid value',
    minSearch: 'At least 3 characters',
  },
  errors: {
    unknown: 'Unknown error!',
    notAvailable: 'This site is not available.',
    invalidLogin: 'Invalid email or password.',
    tooManyAttempts: 'Too many attempts. Please wait a few minutes and try again.',
    notLoggedIn: 'Please log in.',
    forbidden: 'You are not allowed to do this.',
    notFound: 'The requested record does not exist.',
    inUse: 'This record is in use and cannot be deleted.',
    duplicate: 'A record with this value already exists.',
    tooLarge: 'Max upload limit reached.',
  },
};

export default enUS;
export type Messages = typeof enUS;

/** Looks up a dotted key ('validation.required') in the en-US texts; unknown keys come back as given. */
export function enText(key: string): string {
  let node: unknown = enUS;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return key;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : key;
}
