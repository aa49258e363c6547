/**
 * Reading what a deploy depends on out of CloudFormation templates: resources by type across the
 * stack and its nested stacks, and the text of property values as CloudFormation will see it
 * (dynamic references can sit inside a longer string or a `Fn::Join`).
 */

export interface TemplateResource {
  readonly Type: string;
  readonly Properties?: Record<string, unknown>;
  readonly Metadata?: Record<string, unknown>;
}

export interface TemplateJson {
  readonly Parameters?: Record<string, { Type?: string; Default?: unknown }>;
  readonly Rules?: Record<string, unknown>;
  readonly Resources?: Record<string, TemplateResource>;
}

/** One template of the stack: the stack's own or a nested stack's. */
export interface StackTemplate {
  /** "RepDesk-dev", or "RepDesk-dev/<logical id of the nested stack>" for a nested one. */
  readonly path: string;
  readonly template: TemplateJson;
}

export interface FoundResource {
  /** "<template path>/<logical id>", for the report. */
  readonly where: string;
  readonly resource: TemplateResource;
  readonly properties: Record<string, unknown>;
}

export function allResources(templates: readonly StackTemplate[]): FoundResource[] {
  return templates.flatMap(({ path, template }) =>
    Object.entries(template.Resources ?? {}).map(([logicalId, resource]) => ({
      where: `${path}/${logicalId}`,
      resource,
      properties: resource.Properties ?? {},
    })),
  );
}

export function resourcesOfType(templates: readonly StackTemplate[], type: string): FoundResource[] {
  return allResources(templates).filter(({ resource }) => resource.Type === type);
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Stands in for a value CloudFormation knows only at deploy time, inside a joined text. */
export const DEPLOY_TIME_VALUE = "«deploy-time value»";

/**
 * Every string a value holds, with `Fn::Join`s joined (their intrinsic parts as DEPLOY_TIME_VALUE)
 * and `Fn::Sub` texts as written.
 */
export function textsOf(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(textsOf);
  if (!isRecord(value)) return [];
  const join = value["Fn::Join"];
  if (Array.isArray(join) && typeof join[0] === "string" && Array.isArray(join[1])) {
    const parts = join[1] as unknown[];
    const joined = parts.map((part) => (typeof part === "string" ? part : DEPLOY_TIME_VALUE)).join(join[0]);
    return [joined, ...parts.filter((part) => typeof part !== "string").flatMap(textsOf)];
  }
  return Object.values(value).flatMap(textsOf);
}

/** Every text of every resource (properties and all) and parameter default of the templates. */
export function templateTexts(templates: readonly StackTemplate[]): { where: string; text: string }[] {
  return templates.flatMap(({ path, template }) => [
    ...Object.entries(template.Resources ?? {}).flatMap(([logicalId, resource]) =>
      textsOf(resource).map((text) => ({ where: `${path}/${logicalId}`, text })),
    ),
    ...Object.entries(template.Parameters ?? {}).flatMap(([name, parameter]) =>
      textsOf(parameter.Default).map((text) => ({ where: `${path}/Parameters/${name}`, text })),
    ),
  ]);
}

/** `{{resolve:<service>:<body>}}` references in the templates, of the given services. */
export function dynamicReferences(
  templates: readonly StackTemplate[],
  services: readonly string[],
): { where: string; service: string; body: string }[] {
  const found: { where: string; service: string; body: string }[] = [];
  for (const { where, text } of templateTexts(templates)) {
    for (const match of text.matchAll(/\{\{resolve:([a-z-]+):(.*?)\}\}/g)) {
      const [, service, body] = match;
      if (service && body !== undefined && services.includes(service)) found.push({ where, service, body });
    }
  }
  return found;
}
