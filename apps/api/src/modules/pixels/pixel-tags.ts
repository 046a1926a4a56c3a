import { openApiDocument } from '../../common/openapi-document';

export interface TagRule {
  pattern: RegExp;
  example: string;
  description: string;
}

/**
 * The tag format of each pixel type, read from the contract (`x-tag-rules` on the PixelType
 * schema), so the document and the check cannot disagree.
 */
function readTagRules(): Map<string, TagRule> {
  const schemas = (openApiDocument.components as { schemas: Record<string, Record<string, unknown>> }).schemas;
  const pixelType = schemas.PixelType;
  const rules = pixelType?.['x-tag-rules'] as Record<string, { pattern: string; example: string; description: string }> | undefined;
  const types = pixelType?.enum as string[] | undefined;
  if (!rules || !types) throw new Error('The OpenAPI document has no PixelType enum with x-tag-rules.');
  const result = new Map<string, TagRule>();
  for (const type of types) {
    const rule = rules[type];
    if (!rule) throw new Error(`The OpenAPI document has no tag rule for the pixel type ${type}.`);
    result.set(type, { pattern: new RegExp(rule.pattern), example: rule.example, description: rule.description });
  }
  return result;
}

export const TAG_RULES = readTagRules();
export const PIXEL_TYPES = [...TAG_RULES.keys()];

/** Null when the tag fits the type, else the problem in words. */
export function tagProblem(type: string, tag: string): string | null {
  const rule = TAG_RULES.get(type);
  if (!rule) return `Invalid field "type": must be one of ${PIXEL_TYPES.join(', ')}.`;
  if (rule.pattern.test(tag)) return null;
  return `Invalid field "tag": "${tag}" is not a valid ${type} tag: expected ${rule.description} (for example ${rule.example}).`;
}
