import { invalidJson } from './problems.ts';
import { Rejection } from './reply.ts';

export type JsonObject = Record<string, unknown>;
export type JsonType = 'object' | 'array' | 'string' | 'number' | 'integer' | 'boolean' | 'null';

/** A value of the request body together with its RFC 6901 JSON pointer, so problems can name where they are. */
export interface At<T> {
  value: T;
  pointer: string;
}

export function typeOf(value: unknown): JsonType {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value as JsonType;
}

function matches(value: unknown, type: JsonType): boolean {
  const actual = typeOf(value);
  return actual === type || (type === 'number' && actual === 'integer');
}

export function childPointer(parent: string, key: string | number): string {
  return `${parent}/${String(key).replaceAll('~', '~0').replaceAll('/', '~1')}`;
}

/**
 * Collects every problem of a body before answering, so a client fixes them in one round.
 * Reads from a parent that already failed are skipped silently, so one missing object yields one problem.
 */
export class Checker {
  private readonly problems: string[] = [];

  fail(pointer: string, message: string): void {
    this.problems.push(`The property at JSON pointer '${pointer}' ${message}.`);
  }

  /** Checks that an already-present value has the type; reports and returns false otherwise. */
  is(at: At<unknown>, type: JsonType): boolean {
    if (matches(at.value, type)) return true;
    this.fail(at.pointer, `must be of type ${type}, but is ${typeOf(at.value)}`);
    return false;
  }

  root(body: unknown): At<JsonObject> | undefined {
    if (typeOf(body) === 'object') return { value: body as JsonObject, pointer: '' };
    this.problems.push(`The request body (JSON pointer '') must be of type object, but is ${typeOf(body)}.`);
    return undefined;
  }

  /** A required property of the given type; a missing one is reported with its pointer and the type it needs. */
  property(parent: At<JsonObject> | undefined, key: string, type: JsonType): At<unknown> | undefined {
    if (parent === undefined) return undefined;
    const at = { value: parent.value[key], pointer: childPointer(parent.pointer, key) };
    if (!Object.hasOwn(parent.value, key)) {
      this.problems.push(`The required property at JSON pointer '${at.pointer}' is missing: it must be of type ${type}.`);
      return undefined;
    }
    return this.is(at, type) ? at : undefined;
  }

  object(parent: At<JsonObject> | undefined, key: string): At<JsonObject> | undefined {
    return this.property(parent, key, 'object') as At<JsonObject> | undefined;
  }

  /** The items of a required array, each with its own pointer. */
  array(parent: At<JsonObject> | undefined, key: string): At<unknown>[] | undefined {
    const at = this.property(parent, key, 'array');
    if (at === undefined) return undefined;
    return (at.value as unknown[]).map((value, index) => ({ value, pointer: childPointer(at.pointer, index) }));
  }

  // The placeholders returned on failure never escape: finish() throws whenever a problem was recorded.
  string(parent: At<JsonObject> | undefined, key: string): string {
    return (this.property(parent, key, 'string')?.value as string | undefined) ?? '';
  }

  /** A required string that is not blank and at most maxLength characters long. */
  text(parent: At<JsonObject> | undefined, key: string, maxLength: number): string {
    const at = this.property(parent, key, 'string');
    if (at === undefined) return '';
    const value = at.value as string;
    if (value.trim() === '') this.fail(at.pointer, 'must not be blank');
    else if ([...value].length > maxLength) this.fail(at.pointer, `must be at most ${maxLength} characters long`);
    return value;
  }

  /** A required string that must be one of the allowed values. */
  choice(parent: At<JsonObject> | undefined, key: string, allowed: readonly string[]): string {
    const at = this.property(parent, key, 'string');
    if (at === undefined) return allowed[0] ?? '';
    const value = at.value as string;
    if (!allowed.includes(value)) this.fail(at.pointer, `must be one of ${allowed.join(', ')}, but is ${JSON.stringify(value)}`);
    return value;
  }

  boolean(parent: At<JsonObject> | undefined, key: string): boolean {
    return (this.property(parent, key, 'boolean')?.value as boolean | undefined) ?? false;
  }

  /** A required number within [min, max]; `type` chooses whether fractions are allowed. */
  numberIn(parent: At<JsonObject> | undefined, key: string, type: 'number' | 'integer', min: number, max: number): number {
    const at = this.property(parent, key, type);
    if (at === undefined) return 0;
    const value = at.value as number;
    if (value < min || value > max) this.fail(at.pointer, `must be between ${min} and ${max} inclusive, but is ${value}`);
    return value;
  }

  /** Ends validation: throws the 400 "Invalid JSON" reply when anything was wrong. */
  finish(): void {
    if (this.problems.length > 0) throw new Rejection(invalidJson(this.problems));
  }
}
