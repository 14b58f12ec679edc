// Lint Cypher statements with Neo4j's own linter (@neo4j-cypher/language-support).
// stdin:  {"schema": {"labels": [...], "relationshipTypes": [...]},
//          "statements": [{"name": "...", "text": "...", "params": ["p", ...]}]}
// stdout: {"<name>": [{"severity": 1, "message": "...", "offset": 12}, ...], ...}
// Each statement is linted with exactly its declared parameters, so an undeclared $param is an error.
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';

// The package's ESM build cannot be imported by Node directly; its CommonJS build can.
const require = createRequire(import.meta.url);
const { lintCypherQuery } = require('@neo4j-cypher/language-support');

const input = JSON.parse(readFileSync(0, 'utf8'));
const out = {};
for (const { name, text, params } of input.statements) {
  const parameters = Object.fromEntries(params.map((p) => [p, null]));
  const diagnostics = lintCypherQuery(text, { ...input.schema, parameters });
  out[name] = diagnostics.map((d) => ({ severity: d.severity, message: d.message, offset: d.offsets?.start }));
}
process.stdout.write(JSON.stringify(out));
