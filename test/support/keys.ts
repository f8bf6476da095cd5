// The keys the tests of untrusted text redact: one with the characters of every Base64 alphabet, and the other.
export const KEY = 'k3Y+/=abcDEF0123456789';
export const FORBIDDEN = 'f0rbiddenKey_98765xyz';

/** A text's bytes as a deployment may echo them: base64, base64url, hex in both cases, URL-encoded. */
export function encodedForms(text: string): string[] {
  const bytes = Buffer.from(text);
  return [bytes.toString('base64'), bytes.toString('base64url'), bytes.toString('hex'), bytes.toString('hex').toUpperCase(), encodeURIComponent(text)];
}
