// The keys the tests of untrusted text redact: one with the characters of every Base64 alphabet, and the other.
export const KEY = 'k3Y+/=abcDEF0123456789';
export const FORBIDDEN = 'f0rbiddenKey_98765xyz';
