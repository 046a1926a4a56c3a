import { ValidationPipe, type ValidationError } from '@nestjs/common';
import { badRequest } from './api-error';

function firstProblem(errors: ValidationError[], path = ''): string | null {
  for (const error of errors) {
    const field = path ? `${path}.${error.property}` : error.property;
    const constraints = Object.values(error.constraints ?? {});
    if (constraints.length > 0) return `Invalid field "${field}": ${constraints[0]}.`;
    const nested = firstProblem(error.children ?? [], field);
    if (nested) return nested;
  }
  return null;
}

/**
 * One validation pipe for every body: unknown fields are dropped, values are not coerced
 * (a number sent as a string is refused), and the 400 names the first field at fault.
 */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    transform: true,
    transformOptions: { enableImplicitConversion: false },
    validationError: { target: false, value: false },
    exceptionFactory: (errors) => badRequest(firstProblem(errors) ?? 'The request body is invalid.'),
  });
}
