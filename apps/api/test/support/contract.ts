import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';

import { openApiDocument } from '../../src/common/openapi-document';

const document = openApiDocument as unknown as OpenApiDocument;

interface OpenApiDocument {
  paths: Record<string, Record<string, Operation> & { servers?: { url: string }[] }>;
  components: Record<string, Record<string, unknown>>;
}
interface Operation {
  operationId: string;
  responses: Record<string, ResponseObject | { $ref: string }>;
}
interface ResponseObject {
  content?: Record<string, { schema?: unknown }>;
  headers?: Record<string, { required?: boolean } | { $ref: string }>;
}

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addSchema({ ...document, $id: 'openapi' }, 'openapi');

function deref<T>(value: T | { $ref: string }): T {
  if (value && typeof value === 'object' && '$ref' in value) {
    const parts = value.$ref.replace(/^#\//, '').split('/');
    let target: unknown = document;
    for (const part of parts) target = (target as Record<string, unknown>)[part.replace(/~1/g, '/').replace(/~0/g, '~')];
    return deref(target as T);
  }
  return value;
}

/** The document's paths as regular expressions over full request paths (with their server prefix). */
const templates = Object.entries(document.paths).map(([template, item]) => {
  const prefix = item.servers ? new URL(item.servers[0]!.url).pathname.replace(/\/$/, '') : '/l/api';
  const pattern = new RegExp('^' + (prefix + template).replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\\\{[^}]+\\\}/g, '[^/]+') + '$');
  return { template, item, pattern, literalSegments: template.split('/').filter((s) => !s.startsWith('{')).length };
});

/** The operation a request reaches, preferring the template with the most literal segments. */
export function findOperation(method: string, path: string): { template: string; operation: Operation } | null {
  const matches = templates
    .filter((entry) => entry.pattern.test(path) && entry.item[method.toLowerCase()])
    .sort((a, b) => b.literalSegments - a.literalSegments);
  const best = matches[0];
  return best ? { template: best.template, operation: best.item[method.toLowerCase()] as Operation } : null;
}

const validators = new Map<string, ValidateFunction>();

function validatorFor(pointer: string): ValidateFunction {
  let validate = validators.get(pointer);
  if (!validate) {
    validate = ajv.compile({ $ref: `openapi#${pointer}` });
    validators.set(pointer, validate);
  }
  return validate;
}

const escapePointer = (segment: string): string => segment.replace(/~/g, '~0').replace(/\//g, '~1');

/**
 * Checks a response against the OpenAPI document: the status is one the operation documents, the
 * JSON body matches its schema, and every header the document marks required is present.
 * Returns the problems found (empty when the response conforms).
 */
export function contractProblems(method: string, path: string, status: number, headers: Record<string, unknown>, body: unknown): string[] {
  const found = findOperation(method, path);
  if (!found) return [`${method} ${path} is not in the OpenAPI document`];
  const { template, operation } = found;
  const where = `${method.toUpperCase()} ${template} -> ${status}`;
  const responseRef = operation.responses[String(status)];
  if (!responseRef) return [`${where}: status ${status} is not documented for ${operation.operationId}`];
  const response = deref<ResponseObject>(responseRef);
  const problems: string[] = [];

  for (const [name, headerRef] of Object.entries(response.headers ?? {})) {
    const header = deref<{ required?: boolean }>(headerRef);
    if (header.required && headers[name.toLowerCase()] === undefined) problems.push(`${where}: header ${name} is missing`);
  }

  const header = headers['content-type'];
  const contentType = (typeof header === 'string' ? header : '').split(';')[0]!.trim();
  const content = response.content ?? {};
  if (!content[contentType]) {
    if (Object.keys(content).length > 0) problems.push(`${where}: content type "${contentType}" is not documented`);
    return problems;
  }
  if (contentType === 'application/json') {
    // The pointer goes through the original $ref when the response is shared.
    const base =
      '$ref' in responseRef
        ? responseRef.$ref.replace(/^#/, '')
        : `/paths/${escapePointer(template)}/${method.toLowerCase()}/responses/${status}`;
    const validate = validatorFor(`${base}/content/application~1json/schema`);
    if (!validate(body)) {
      problems.push(`${where}: body does not match the schema: ${ajv.errorsText(validate.errors, { separator: '; ' })}`);
    }
  }
  return problems;
}
