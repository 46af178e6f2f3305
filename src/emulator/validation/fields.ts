import type { FieldPath, FormErrors } from '../errors.js';

export type JsonObject = Record<string, unknown>;

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Length in code points, as Discord counts it; cheap when the UTF-16 length is already within the limit. */
export function codePointLength(text: string, limit: number): number {
  if (text.length <= limit) return text.length;
  let count = 0;
  for (const _ of text) count += 1;
  return count;
}

/** Checks an optional string field; returns it when valid. */
export function checkString(
  errors: FormErrors,
  path: FieldPath,
  value: unknown,
  limits: { min?: number; max: number; required?: boolean },
): string | undefined {
  if (value === undefined || value === null) {
    if (limits.required) errors.add(path, 'BASE_TYPE_REQUIRED', 'This field is required');
    return undefined;
  }
  if (typeof value !== 'string') {
    errors.add(path, 'BASE_TYPE_STRING', 'Could not interpret value as string.');
    return undefined;
  }
  const min = limits.min ?? 0;
  const length = codePointLength(value, limits.max);
  if (length > limits.max || length < min) {
    errors.add(
      path,
      length > limits.max ? 'BASE_TYPE_MAX_LENGTH' : 'BASE_TYPE_MIN_LENGTH',
      min > 0 ? `Must be between ${min} and ${limits.max} in length.` : `Must be ${limits.max} or fewer in length.`,
    );
    return undefined;
  }
  return value;
}

export function checkArray(
  errors: FormErrors,
  path: FieldPath,
  value: unknown,
  limits: { min?: number; max: number },
): unknown[] | undefined {
  if (!Array.isArray(value)) {
    errors.add(path, 'BASE_TYPE_ARRAY', 'Must be an array.');
    return undefined;
  }
  const min = limits.min ?? 0;
  if (value.length > limits.max || value.length < min) {
    errors.add(
      path,
      value.length > limits.max ? 'BASE_TYPE_MAX_LENGTH' : 'BASE_TYPE_MIN_LENGTH',
      min > 0 ? `Must be between ${min} and ${limits.max} in length.` : `Must be ${limits.max} or fewer in length.`,
    );
  }
  return value;
}

export function checkInteger(
  errors: FormErrors,
  path: FieldPath,
  value: unknown,
  limits: { min: number; max: number },
): number | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value)) {
    errors.add(path, 'NUMBER_TYPE_COERCE', `Value "${String(value)}" is not int.`);
    return undefined;
  }
  if (value < limits.min || value > limits.max) {
    errors.add(
      path,
      value < limits.min ? 'NUMBER_TYPE_MIN' : 'NUMBER_TYPE_MAX',
      value < limits.min
        ? `Must be greater than or equal to ${limits.min}.`
        : `Must be less than or equal to ${limits.max}.`,
    );
    return undefined;
  }
  return value;
}
