import { randomBytes, randomInt, randomUUID } from 'node:crypto';

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

// Lower-case alphanumerics keep ids safe in paths without any percent-encoding.
export function randomId(length: number): string {
  let id = '';
  for (let i = 0; i < length; i++) id += ALPHABET[randomInt(ALPHABET.length)];
  return id;
}

// Eight characters sits inside the spec's 5 to 10 limit for mockApiId with room on both sides.
export function newMockApiId(): string {
  return randomId(8);
}

export function newResourceId(): string {
  return randomId(12);
}

// Logged requests and jobs are shown as UUIDs by the spec.
export function newUuid(): string {
  return randomUUID();
}

// 24 random bytes give a 32-character key that is unguessable and header-safe.
export function newApiKey(): string {
  return randomBytes(24).toString('base64url');
}
