/**
 * Writes deploy/env.example from the environment schema (`npm run env-example`): every variable
 * with its default and one line of meaning (env-docs.ts). test/env-file.test.ts fails when the
 * committed file is not what this makes, so the file cannot drift from the schema.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { envGroups } from './env-docs.js';
import { envSchema } from './env-schema.js';

export const envExamplePath = fileURLToPath(
  new URL('../../../../deploy/env.example', import.meta.url),
);

const HEADER = `# Every setting of the Meet server, with its default. Copy this file to .env in the folder the
# server starts in (npm run serve reads it there; ENV_FILE names another file) and uncomment what
# you change; variables set in the real environment win over the file. README: "Configuration".
# Generated from apps/server/src/config/env-schema.ts by \`npm run env-example\`: do not edit.
`;

/** The schema's own default (what it makes of an unset variable), when it has one. */
function schemaDefault(name: string): string | undefined {
  const field = envSchema.shape[name as keyof typeof envSchema.shape];
  const parsed = field.safeParse(undefined);
  if (!parsed.success || parsed.data === undefined || parsed.data === '') return undefined;
  return String(parsed.data);
}

/** A value as a .env line holds it: quoted when it has spaces or characters the parser reads. */
function quoted(value: string): string {
  return /^[\w./:,@-]*$/.test(value) ? value : `"${value}"`;
}

/** The text of deploy/env.example; throws naming any variable the docs and the schema disagree on. */
export function renderEnvExample(): string {
  const documented = envGroups.flatMap(([, docs]) => Object.keys(docs));
  const inSchema = Object.keys(envSchema.shape);
  const undocumented = inSchema.filter((name) => !documented.includes(name));
  const unknown = documented.filter((name) => !inSchema.includes(name));
  if (undocumented.length > 0 || unknown.length > 0) {
    throw new Error(
      [
        undocumented.length ? `not in env-docs.ts: ${undocumented.join(', ')}` : '',
        unknown.length ? `in env-docs.ts but not in the schema: ${unknown.join(', ')}` : '',
      ]
        .filter(Boolean)
        .join('; '),
    );
  }
  const sections = envGroups.map(([title, docs]) => {
    const lines = Object.entries(docs).map(([name, doc]) => {
      const [meaning, inWords] = typeof doc === 'string' ? [doc, undefined] : doc;
      const value = schemaDefault(name);
      // A default the schema does not hold is said in words; the line itself stays empty.
      const said = inWords && inWords !== value ? ` (default: ${inWords})` : '';
      return `# ${meaning}${said}\n#${name}=${quoted(value ?? '')}`;
    });
    return `## ${title}\n\n${lines.join('\n')}\n`;
  });
  return `${HEADER}\n${sections.join('\n')}`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  writeFileSync(envExamplePath, renderEnvExample());
  console.log(`wrote ${path.relative(process.cwd(), envExamplePath)}`);
}
