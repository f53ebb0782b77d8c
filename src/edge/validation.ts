/**
 * Turns the validator's findings into the human messages of a 400: one string per problem,
 * each naming the parameter (contract section 2).
 */
export interface SchemaIssue {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  message?: string | undefined;
}

function parameterName(issue: SchemaIssue): string {
  const fromPath = issue.instancePath.replace(/^\//, '').split('/')[0];
  if (fromPath !== undefined && fromPath !== '') return fromPath;
  const missing = issue.params.missingProperty ?? issue.params.additionalProperty;
  return typeof missing === 'string' ? missing : '(request)';
}

export function describeIssue(issue: SchemaIssue, schemaOf: (name: string) => Record<string, unknown> | undefined): string {
  const name = parameterName(issue);
  switch (issue.keyword) {
    case 'required':
      return `${name} is required`;
    case 'additionalProperties':
      return `${name} is not a known parameter of this endpoint`;
    case 'enum':
    case 'const':
    case 'anyOf': {
      const allowed = allowedValues(schemaOf(name));
      return allowed === undefined ? `${name} has an invalid value` : `${name} must be one of: ${allowed.join(', ')}`;
    }
    case 'type':
      return `${name} must be ${article(String(issue.params.type))}`;
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum': {
      const schema = schemaOf(name);
      const min = schema?.minimum;
      const max = schema?.maximum;
      if (typeof min === 'number' && typeof max === 'number') return `${name} must be an integer from ${min} to ${max}`;
      return `${name} ${issue.message ?? 'is out of range'}`;
    }
    case 'pattern': {
      const hint = schemaOf(name)?.description;
      return `${name} must match ${typeof hint === 'string' ? hint : String(issue.params.pattern)}`;
    }
    case 'format':
      return `${name} must be a valid ${String(issue.params.format)}${issue.params.format === 'date' ? ' (YYYY-MM-DD)' : ''}`;
    case 'minLength':
      return `${name} must not be empty`;
    default:
      return `${name} ${issue.message ?? 'is invalid'}`;
  }
}

function article(type: string): string {
  if (type === 'integer') return 'an integer';
  if (type === 'number') return 'a number';
  if (type === 'boolean') return 'true or false';
  return `a ${type}`;
}

function allowedValues(schema: Record<string, unknown> | undefined): string[] | undefined {
  if (schema === undefined) return undefined;
  if (Array.isArray(schema.enum)) return schema.enum.map(String);
  if (schema.const !== undefined) return [String(schema.const)];
  const variants = schema.anyOf;
  if (Array.isArray(variants)) {
    const values = variants.map((v: Record<string, unknown>) => v.const).filter((v) => v !== undefined);
    if (values.length === variants.length) return values.map(String);
  }
  return undefined;
}

/** Messages for a whole request, with duplicate messages (ajv repeats some) removed. */
export function describeIssues(issues: SchemaIssue[], schemaOf: (name: string) => Record<string, unknown> | undefined): string[] {
  return [...new Set(issues.map((issue) => describeIssue(issue, schemaOf)))];
}
